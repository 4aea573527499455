import { queryOptions, useQuery } from '@tanstack/react-query';
import { answers } from '../../../api/answer-shapes';
import { api } from '../../../lib/api-client';
import { kioskKeys } from './query-keys';

/** GET gyms/{gymId}/: the session carries no time zone or country; the kiosk reads them here. */
export function getGym(gymId: string) {
  return api.get(`/gyms/${gymId}/`, { schema: answers.gym });
}

export function gymQueryOptions(gymId: string) {
  return queryOptions({ queryKey: kioskKeys.gym(gymId), queryFn: () => getGym(gymId), staleTime: 30 * 60_000 });
}

export function useGym(gymId: string) {
  return useQuery(gymQueryOptions(gymId));
}
