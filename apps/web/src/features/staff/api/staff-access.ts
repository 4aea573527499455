import { staffMemberSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffKeys } from './query-keys';

/** PUT /api/staff/:staffId/role/ (owners only): make or unmake an owner. */
export function updateStaffRole({ staffId, isOwner }: { staffId: string; isOwner: boolean }) {
  return callEndpoint('updateStaffRole', { params: { staffId }, body: { isOwner } }, { schema: staffMemberSchema });
}

export function useUpdateStaffRole() {
  return useApiMutation({
    mutationFn: updateStaffRole,
    success: (member) => ({ title: member.isOwner ? 'Owner added' : 'Owner removed', message: member.fullName }),
    errorTitle: 'Changing the owner flag failed',
    invalidates: [staffKeys.all],
  });
}

export type ActivationAction = 'deactivate' | 'reactivate';

/** POST /api/staff/:staffId/deactivate/ or reactivate/ (owners only). */
export function setStaffActive({ staffId, action }: { staffId: string; action: ActivationAction }) {
  return callEndpoint(action === 'deactivate' ? 'deactivateStaff' : 'reactivateStaff', { params: { staffId } }, { schema: staffMemberSchema });
}

export function useSetStaffActive() {
  return useApiMutation({
    mutationFn: setStaffActive,
    success: (member, { action }) => ({ title: action === 'deactivate' ? 'Staff member deactivated' : 'Staff member reactivated', message: member.fullName }),
    errorTitle: ({ action }) => (action === 'deactivate' ? 'Deactivating failed' : 'Reactivating failed'),
    invalidates: [staffKeys.all],
  });
}
