import { useMutation } from '@tanstack/react-query';
import type { SetupStatus } from '@spotter/shared';
import { downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { setupFilterQuery } from './list-query';

export type ExportName = 'classTypesCsv' | 'appointmentTypesCsv' | 'locationsCsv';

/** The filtered list as a CSV file (every row of the filter, not only the page shown), saved under the server's name. */
export function useExportCsv(name: ExportName, fallbackName: string) {
  return useMutation({
    mutationFn: async (filter: { status: SetupStatus; search: string }) => {
      const { blob, fileName } = await downloadEndpoint(name, { query: setupFilterQuery(filter) });
      saveFile(blob, fileName ?? fallbackName);
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}
