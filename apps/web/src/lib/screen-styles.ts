/**
 * Decision 015: the first screens come with only the Mantine stylesheets they draw (app/styles/first-screens.css).
 * Any other chunk loads Mantine's whole stylesheet with it, so no later screen, menu or drawer is drawn unstyled.
 */
export const FIRST_SCREEN_CHUNKS: ReadonlySet<string> = new Set([
  'login',
  'profile-selection',
  'staff-layout',
  'staff-mobile-layout',
  'platform-layout',
  'athlete-layout',
  'kiosk-layout',
  'kiosk-list',
  // Issue 18: the public sales portal, opened logged out on a phone (its two more sheets come with its chunk).
  'sales-portal-public',
]);

let loading: Promise<unknown> | undefined;

/** Mantine's whole stylesheet, once; a failed load is forgotten so the next chunk tries again. */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('@mantine/core/styles.css').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The chunk `name` with the stylesheet it needs: its own for a first screen, Mantine's whole sheet otherwise. */
export async function withScreenStyles<T>(name: string, factory: () => Promise<T>, loadStyles = loadAllStyles): Promise<T> {
  if (FIRST_SCREEN_CHUNKS.has(name)) return factory();
  const [loaded] = await Promise.all([factory(), loadStyles()]);
  return loaded;
}
