import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { KIOSK_PAGE_LIMIT } from '@spotter/shared';
import { answers } from '../../../api/answer-shapes';
import { callEndpoint } from '../../../lib/api-client';
import { KIOSK_REFETCH_MS, kioskKeys } from './query-keys';

/** Spec 7.3: GET events/kiosk-events/ with limit 100, offset 0, the day and the search. */
export function getKioskEvents(date: string, search: string) {
  return callEndpoint('kioskEvents', { query: { limit: KIOSK_PAGE_LIMIT, offset: 0, date, search } }, { schema: answers.kioskEventPage });
}

export function kioskEventsQueryOptions(date: string | null, search: string) {
  return queryOptions({
    queryKey: kioskKeys.events(date ?? '', search),
    queryFn: () => getKioskEvents(date!, search),
    // Spec 7.3: it runs only when a date is set.
    enabled: Boolean(date),
    refetchInterval: KIOSK_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useKioskEvents(date: string | null, search: string) {
  return useQuery(kioskEventsQueryOptions(date, search));
}
