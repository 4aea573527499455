import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformGymDetailSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { platformQueryKey } from './get-gyms';

/** GET /api/platform/gyms/{gymId}/: the heading of a gym's people pages. */
export function getGym(gymId: string, signal?: AbortSignal) {
  return callEndpoint('platformGym', { params: { gymId }, signal }, { schema: platformGymDetailSchema });
}

export function gymQueryOptions(gymId: string) {
  return queryOptions({ queryKey: [...platformQueryKey, 'gym', gymId] as const, queryFn: ({ signal }) => getGym(gymId, signal) });
}

export function useGym(gymId: string) {
  return useQuery(gymQueryOptions(gymId));
}
