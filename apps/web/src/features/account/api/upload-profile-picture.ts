import type { QueryKey } from '@tanstack/react-query';
import { profilePictureResponseSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Spec 6 / 7.2: who uploads decides where the picture goes. */
export type PictureTarget =
  { kind: 'staff'; staffId: string } | { kind: 'kilo-staff'; kiloStaffId: string } | { kind: 'athlete'; athleteId: string } | { kind: 'gym'; gymId: string };

export function uploadProfilePicture(target: PictureTarget, file: File) {
  const schema = { schema: profilePictureResponseSchema };
  switch (target.kind) {
    case 'staff':
      return callEndpoint('staffPicture', { params: { staffId: target.staffId }, body: file }, schema);
    case 'kilo-staff':
      return callEndpoint('kiloStaffPicture', { params: { kiloStaffId: target.kiloStaffId }, body: file }, schema);
    case 'athlete':
      return callEndpoint('athletePicture', { params: { athleteId: target.athleteId }, body: file }, schema);
    case 'gym':
      return callEndpoint('gymPicture', { params: { gymId: target.gymId }, body: file }, schema);
  }
}

/** Spec 8: 'Profile picture upload success' / 'Profile picture upload failed' plus the server's message. */
export function useUploadProfilePicture(target: PictureTarget, ownerQueryKey: QueryKey) {
  return useApiMutation({
    mutationFn: (file: File) => uploadProfilePicture(target, file),
    success: 'Profile picture upload success',
    errorTitle: 'Profile picture upload failed',
    invalidates: [ownerQueryKey],
  });
}
