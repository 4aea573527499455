import { useMediaQuery } from '@mantine/hooks';

/** Spec 9: the mobile layout applies up to the small breakpoint (48em); the console's tables become cards there. */
export function useIsPhone(): boolean {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 47.99em)').matches;
  return useMediaQuery('(max-width: 47.99em)', initial, { getInitialValueInEffect: false });
}
