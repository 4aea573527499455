import { staffMemberSchema, type Permission } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffKeys } from './query-keys';

/** PUT /api/staff/:staffId/permissions/ (owners only). */
export function updateStaffPermissions({ staffId, permissions }: { staffId: string; permissions: Permission[] }) {
  return callEndpoint('updateStaffPermissions', { params: { staffId }, body: { permissions } }, { schema: staffMemberSchema });
}

export function useUpdateStaffPermissions() {
  return useApiMutation({
    mutationFn: updateStaffPermissions,
    success: (member) => ({ title: 'Permissions saved', message: `${member.fullName}'s menu changes on their next step in the app.` }),
    errorTitle: 'Saving permissions failed',
    invalidates: [staffKeys.all],
  });
}
