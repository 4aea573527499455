import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { calendarAnswerSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { calendarKeys, type CalendarQueryParams } from './query-keys';

/** GET calendar/: the gym's classes and appointments between two local dates, inclusive (at most 42 days). */
export function getCalendar(query: CalendarQueryParams, signal?: AbortSignal) {
  return callEndpoint('calendar', { query, signal }, { schema: calendarAnswerSchema });
}

export function calendarQueryOptions(query: CalendarQueryParams) {
  return queryOptions({ queryKey: calendarKeys.range(query), queryFn: ({ signal }) => getCalendar(query, signal) });
}

/** The range's events; the previous range's stay on screen while the next one loads. */
export function useCalendar(query: CalendarQueryParams) {
  return useQuery({ ...calendarQueryOptions(query), placeholderData: keepPreviousData });
}
