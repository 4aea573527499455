import { athleteImportUploadedSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/athlete-imports/: the CSV file, answered with its columns, a guessed mapping and its first rows. */
export function uploadAthleteImport(file: File) {
  return callEndpoint('uploadAthleteImport', { body: file }, { schema: athleteImportUploadedSchema });
}

export function useUploadAthleteImport() {
  return useApiMutation({ mutationFn: uploadAthleteImport, errorTitle: 'Upload failed' });
}
