import { queryOptions, useQuery } from '@tanstack/react-query';
import { rosterAnswerSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { calendarKeys } from './query-keys';

/** GET classes/{eventId}/roster/: a class or appointment with who holds a place and who waits, in line order. */
export function getClassRoster(eventId: string, signal?: AbortSignal) {
  return callEndpoint('classRoster', { params: { eventId }, signal }, { schema: rosterAnswerSchema });
}

export function classRosterQueryOptions(eventId: string) {
  return queryOptions({ queryKey: calendarKeys.roster(eventId), queryFn: ({ signal }) => getClassRoster(eventId, signal) });
}

export function useClassRoster(eventId: string) {
  return useQuery(classRosterQueryOptions(eventId));
}
