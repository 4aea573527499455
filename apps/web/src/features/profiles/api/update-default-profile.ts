import { profileSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export function updateDefaultProfile(profileId: string) {
  return callEndpoint('updateDefaultProfile', { params: { id: profileId } }, { schema: profileSchema });
}

/** Spec 4 / 8: toggles the default profile, then refetches the list (another card may have lost its default). */
export function useUpdateDefaultProfile() {
  return useApiMutation({
    mutationFn: updateDefaultProfile,
    success: 'Default profile successfully updated',
    errorTitle: 'Updating default profile failed',
    invalidates: [['profiles']],
  });
}
