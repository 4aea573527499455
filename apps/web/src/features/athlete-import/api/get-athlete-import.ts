import { queryOptions, useQuery } from '@tanstack/react-query';
import { athleteImportSchema, type AthleteImport } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { athleteImportKeys } from './query-keys';

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1000;

export const isImportRunning = (status: AthleteImport['status'] | undefined) => status === 'queued' || status === 'running';

/** GET /api/athlete-imports/:importId/: the import and its progress. */
export function getAthleteImport(importId: string, signal?: AbortSignal) {
  return callEndpoint('athleteImport', { params: { importId }, signal }, { schema: athleteImportSchema });
}

export function athleteImportQueryOptions(importId: string) {
  return queryOptions({
    queryKey: athleteImportKeys.one(importId),
    queryFn: ({ signal }) => getAthleteImport(importId, signal),
    refetchInterval: (query) => (isImportRunning(query.state.data?.status) ? IMPORT_POLL_MS : false),
  });
}

export function useAthleteImport(importId: string) {
  return useQuery(athleteImportQueryOptions(importId));
}
