import { useMutation, useQueryClient } from '@tanstack/react-query';
import { athleteImportSchema, type ImportMapping } from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { athleteImportKeys } from './query-keys';

/** POST /api/athlete-imports/:importId/start/: the import runs as a background job; its progress is polled. */
export function startAthleteImport(importId: string, mapping: ImportMapping) {
  return callEndpoint('startAthleteImport', { params: { importId }, body: { mapping } }, { schema: athleteImportSchema });
}

export function useStartAthleteImport() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ importId, mapping }: { importId: string; mapping: ImportMapping }) => startAthleteImport(importId, mapping),
    onSuccess: (started) => queryClient.setQueryData(athleteImportKeys.one(started.importId), started),
    errorTitle: 'Import failed',
  });
}

/** GET /api/athlete-imports/:importId/skipped/: the invalid rows with their problems, saved as a CSV file. */
export function useDownloadSkippedRows() {
  return useMutation({
    mutationFn: async (importId: string) => {
      const { blob, fileName } = await downloadEndpoint('athleteImportSkippedCsv', { params: { importId } });
      saveFile(blob, fileName ?? 'skipped-rows.csv');
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}
