import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

export function updateDefaultProfile(profileId: string) {
  return api.put(`/profiles/${profileId}/update-default/`, undefined, { schema: profileSchema });
}

/** Spec 4 / 8: toggles the default profile, then refetches the list (another card may have lost its default). */
export function useUpdateDefaultProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultProfile,
    onSuccess: () => notifySuccess('Default profile successfully updated'),
    onError: (error) => notifyError({ title: 'Updating default profile failed', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  });
}
