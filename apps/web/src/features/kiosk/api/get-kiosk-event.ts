import { queryOptions, useQuery } from '@tanstack/react-query';
import { KIOSK_PAGE_LIMIT, type EventKind } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { KIOSK_REFETCH_MS, kioskKeys } from './query-keys';

/** Spec 7.3: GET events/{eventId}/kiosk-event/ with limit 100, offset 0 and the event type. */
export function getKioskEvent(eventId: string, kind: EventKind) {
  return callEndpoint(
    'kioskEvent',
    { params: { eventId }, query: { limit: KIOSK_PAGE_LIMIT, offset: 0, eventType: kind } },
    { schema: answers.kioskEventDetail },
  );
}

export function kioskEventQueryOptions(eventId: string, kind: EventKind) {
  // Spec 9: the detail refreshes every 60 seconds.
  return queryOptions({ queryKey: kioskKeys.event(eventId, kind), queryFn: () => getKioskEvent(eventId, kind), refetchInterval: KIOSK_REFETCH_MS });
}

export function useKioskEvent(eventId: string, kind: EventKind) {
  return useQuery(kioskEventQueryOptions(eventId, kind));
}
