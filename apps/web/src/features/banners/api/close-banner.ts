import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answers } from '../../../api/answer-shapes';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { bannersQueryKey } from './get-banners';

/** Spec 7.2: the dismissal is a GET (banners/{bannerId}/close/). */
export function closeBanner(bannerId: string) {
  return api.get(`/banners/${bannerId}/close/`, { schema: answers.ok });
}

/** 'Do Not Show Again': dismisses the banner for good, then refetches the list. */
export function useCloseBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeBanner,
    onError: (error) => notifyError({ title: 'Error', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}
