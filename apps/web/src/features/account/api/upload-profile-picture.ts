import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { profilePictureResponseSchema } from '@spotter/shared';
import { apiUpload, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Spec 6 / 7.2: who uploads decides where the picture goes. */
export type PictureTarget = { kind: 'staff'; staffId: string } | { kind: 'kilo-staff'; kiloStaffId: string } | { kind: 'athlete'; athleteId: string } | { kind: 'gym'; gymId: string };

export function profilePicturePath(target: PictureTarget): string {
  switch (target.kind) {
    case 'staff':
      return `/staff/${target.staffId}/profile-picture/`;
    case 'kilo-staff':
      return `/kilo-staff/${target.kiloStaffId}/profile-picture/`;
    case 'athlete':
      return `/athletes/${target.athleteId}/profile-picture/`;
    case 'gym':
      return `/gyms/${target.gymId}/profile-picture/`;
  }
}

export function uploadProfilePicture(target: PictureTarget, file: File) {
  return apiUpload(profilePicturePath(target), file, { schema: profilePictureResponseSchema });
}

/** Spec 8: 'Profile picture upload success' / 'Profile picture upload failed' plus the server's message. */
export function useUploadProfilePicture(target: PictureTarget, ownerQueryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(target, file),
    onSuccess: () => {
      notifySuccess('Profile picture upload success');
      return queryClient.invalidateQueries({ queryKey: ownerQueryKey });
    },
    onError: (error) => notifyError({ title: 'Profile picture upload failed', message: errorMessage(error) }),
  });
}
