import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { importPreviewSchema, type ImportMapping } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { athleteImportKeys } from './query-keys';

/** Rows shown in the preview step. */
export const PREVIEW_ROWS = 20;

/**
 * POST /api/athlete-imports/:importId/preview/: the first rows read with the mapping and the whole file's dry run
 * (counts and invalid rows). It writes nothing, so it is read as a query, keyed by the mapping.
 */
export function previewAthleteImport(importId: string, mapping: ImportMapping, signal?: AbortSignal) {
  return callEndpoint('previewAthleteImport', { params: { importId }, body: { mapping, limit: PREVIEW_ROWS }, signal }, { schema: importPreviewSchema });
}

export function athleteImportPreviewQueryOptions(importId: string, mapping: ImportMapping) {
  return queryOptions({
    queryKey: athleteImportKeys.preview(importId, mapping),
    queryFn: ({ signal }) => previewAthleteImport(importId, mapping, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAthleteImportPreview(importId: string, mapping: ImportMapping) {
  return useQuery(athleteImportPreviewQueryOptions(importId, mapping));
}
