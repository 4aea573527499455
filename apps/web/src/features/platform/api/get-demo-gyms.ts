import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoGymPageSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { platformQueryKey } from './get-gyms';
import { listQuery, type ListParams } from './list-params';

export const demoGymsQueryKey = [...platformQueryKey, 'demo-gyms'] as const;

/** GET /api/platform/demo-gyms/: newest first, with the derived state and the time left. */
export function getDemoGyms(params: ListParams, signal?: AbortSignal) {
  return callEndpoint('demoGyms', { query: listQuery(params), signal }, { schema: demoGymPageSchema });
}

export function demoGymsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: [...demoGymsQueryKey, params] as const,
    queryFn: ({ signal }) => getDemoGyms(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDemoGyms(params: ListParams) {
  return useQuery(demoGymsQueryOptions(params));
}
