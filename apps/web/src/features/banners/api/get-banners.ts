import { queryOptions, useQuery } from '@tanstack/react-query';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';

export const bannersQueryKey = ['banners'] as const;

/** Spec 7.2: the chosen profile's undismissed banners, newest first. */
export function getBanners() {
  return callEndpoint('banners', {}, { schema: answers.bannerPage });
}

export function bannersQueryOptions() {
  return queryOptions({ queryKey: bannersQueryKey, queryFn: getBanners, staleTime: 5 * 60_000 });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
