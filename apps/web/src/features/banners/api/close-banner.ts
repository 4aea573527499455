import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { bannersQueryKey } from './get-banners';

/** Spec 7.2: the dismissal is a GET (banners/{bannerId}/close/). */
export function closeBanner(bannerId: string) {
  return callEndpoint('closeBanner', { params: { bannerId } }, { schema: answers.ok });
}

/** 'Do Not Show Again': dismisses the banner for good, then refetches the list. */
export function useCloseBanner() {
  return useApiMutation({
    mutationFn: closeBanner,
    errorTitle: 'Error',
    invalidates: [bannersQueryKey],
  });
}
