import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformGymPageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { listQuery, type ListParams } from './list-params';

export const platformQueryKey = ['platform'] as const;

/** GET /api/platform/gyms/: every real gym, searched by title or owner, paged. */
export function getGyms(params: ListParams, signal?: AbortSignal) {
  return callEndpoint('platformGyms', { query: listQuery(params), signal }, { schema: platformGymPageSchema });
}

export function gymsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...platformQueryKey, 'gyms', params] as const,
    queryFn: ({ signal }) => getGyms(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGyms(params: ListParams) {
  return useQuery(gymsQueryOptions(params));
}
