import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarOptionsSchema, toZoned } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { calendarKeys } from './query-keys';

/** GET calendar/options/: the gym's zone and country, its class and appointment types, locations with rooms, coaches. */
export async function getCalendarOptions(signal?: AbortSignal) {
  const options = await callEndpoint('calendarOptions', { signal }, { schema: calendarOptionsSchema });
  // The zone's first formatter is slow to make; made as the answer arrives, not while the calendar draws.
  toZoned(new Date(), options.timeZone);
  return options;
}

export function calendarOptionsQueryOptions() {
  return queryOptions({ queryKey: calendarKeys.options, queryFn: ({ signal }) => getCalendarOptions(signal), staleTime: 5 * 60_000 });
}

export function useCalendarOptions() {
  return useQuery(calendarOptionsQueryOptions());
}
