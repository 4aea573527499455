import { queryOptions, useQuery } from '@tanstack/react-query';
import { athleteSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';

export const athleteQueryKey = (athleteId: string) => ['athletes', athleteId] as const;

export function getAthlete(athleteId: string) {
  return callEndpoint('athlete', { params: { athleteId } }, { schema: athleteSchema });
}

export function athleteQueryOptions(athleteId: string) {
  return queryOptions({ queryKey: athleteQueryKey(athleteId), queryFn: () => getAthlete(athleteId) });
}

export function useAthlete(athleteId: string) {
  return useQuery(athleteQueryOptions(athleteId));
}
