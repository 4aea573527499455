import { useQuery } from '@tanstack/react-query';
import { calendarFeedStatusSchema, calendarFeedMessages, createdCalendarFeedSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export const calendarFeedKeys = { mine: ['calendar-feeds', 'mine'] as const };

export function getMyCalendarFeed(signal?: AbortSignal) {
  return callEndpoint('myCalendarFeed', { signal }, { schema: calendarFeedStatusSchema });
}

export function useMyCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKeys.mine, queryFn: ({ signal }) => getMyCalendarFeed(signal) });
}

/** Make a link, or a new one in place of the live one (which stops working); its URL is answered only now. */
export function useCreateCalendarFeed() {
  return useApiMutation({
    mutationFn: (_v: { regenerate: boolean }) => callEndpoint('createCalendarFeed', {}, { schema: createdCalendarFeedSchema }),
    success: (_data, v) => (v.regenerate ? calendarFeedMessages.regenerated : calendarFeedMessages.created),
    errorTitle: (v) => (v.regenerate ? 'Regenerating the calendar link failed' : 'Creating the calendar link failed'),
    invalidates: [calendarFeedKeys.mine],
  });
}

export function useRevokeCalendarFeed() {
  return useApiMutation({
    mutationFn: () => callEndpoint('revokeCalendarFeed', {}, { schema: calendarFeedStatusSchema }),
    success: calendarFeedMessages.revoked,
    errorTitle: 'Revoking the calendar link failed',
    invalidates: [calendarFeedKeys.mine],
  });
}
