import { queryOptions, useQuery } from '@tanstack/react-query';
import { toZoned } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { eventKeys } from './query-keys';

/** GET gyms/{gymId}/: the session carries no time zone or country; the kiosk reads them here. */
export async function getGym(gymId: string) {
  const gym = await callEndpoint('gym', { params: { gymId } }, { schema: answers.gym });
  // The zone's first formatter costs about 16 ms (60 ms on a slow phone: the browser loads its zone data). Made here,
  // as the answer arrives, it is not added to the task that then draws the kiosk in that zone.
  toZoned(new Date(), gym.timeZone);
  return gym;
}

export function gymQueryOptions(gymId: string) {
  return queryOptions({ queryKey: eventKeys.gym(gymId), queryFn: () => getGym(gymId), staleTime: 30 * 60_000 });
}

export function useGym(gymId: string) {
  return useQuery(gymQueryOptions(gymId));
}
