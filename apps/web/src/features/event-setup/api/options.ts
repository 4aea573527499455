import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSetupOptionsSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { setupKeys } from './query-keys';

/** GET /api/event-setup/options/: the gym's active tax rates and coaches for the type forms. */
export function getEventSetupOptions(signal?: AbortSignal) {
  return callEndpoint('eventSetupOptions', { signal }, { schema: eventSetupOptionsSchema });
}

export function eventSetupOptionsQueryOptions() {
  return queryOptions({ queryKey: setupKeys.options, queryFn: ({ signal }) => getEventSetupOptions(signal), staleTime: 60_000 });
}

export function useEventSetupOptions() {
  return useQuery(eventSetupOptionsQueryOptions());
}
