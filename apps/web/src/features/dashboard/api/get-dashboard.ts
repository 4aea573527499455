import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

export function getDashboard(signal?: AbortSignal) {
  return callEndpoint('dashboard', { signal }, { schema: dashboardSchema });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });
}

/** Issue 21: the dashboard's cards and charts (only what the caller's report permissions allow). */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
