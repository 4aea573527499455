import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformGymDetailSchema } from '@spotter/shared';
import { api } from '../../../lib/api-client';
import { platformQueryKey } from './get-gyms';

/** GET /api/platform/gyms/{gymId}/: the heading of a gym's people pages. */
export function getGym(gymId: string, signal?: AbortSignal) {
  return api.get(`/platform/gyms/${gymId}/`, { schema: platformGymDetailSchema, signal });
}

export function gymQueryOptions(gymId: string) {
  return queryOptions({ queryKey: [...platformQueryKey, 'gym', gymId] as const, queryFn: ({ signal }) => getGym(gymId, signal) });
}

export function useGym(gymId: string) {
  return useQuery(gymQueryOptions(gymId));
}
