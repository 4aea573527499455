import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gymExportLatestSchema, gymExportSchema, type GymExport } from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

export const gymExportKeys = { latest: ['gym-export', 'latest'] as const };

/** How often the latest export is read again while it is being built. */
export const GYM_EXPORT_POLL_MS = 1500;

const isBuilding = (e: GymExport | null | undefined) => e?.state === 'queued' || e?.state === 'running';

export function getLatestGymExport(signal?: AbortSignal) {
  return callEndpoint('gymExport', { signal }, { schema: gymExportLatestSchema });
}

/** The gym's latest whole-gym export (owners only), polled while it is queued or running. */
export function useLatestGymExport(enabled: boolean) {
  return useQuery({
    queryKey: gymExportKeys.latest,
    queryFn: ({ signal }) => getLatestGymExport(signal),
    enabled,
    refetchInterval: (query) => (isBuilding(query.state.data?.latest) ? GYM_EXPORT_POLL_MS : false),
  });
}

export function useStartGymExport() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => callEndpoint('startGymExport', {}, { schema: gymExportSchema }),
    errorTitle: 'Export not started',
    onSuccess: (started) => {
      queryClient.setQueryData(gymExportKeys.latest, { latest: started });
    },
    invalidates: [gymExportKeys.latest],
  });
}

/** The finished ZIP, saved under the server's name. */
export function useDownloadGymExport() {
  return useMutation({
    mutationFn: async (e: GymExport) => {
      const { blob, fileName } = await downloadEndpoint('downloadGymExport', { params: { exportId: e.exportId } });
      saveFile(blob, fileName ?? e.fileName);
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}
