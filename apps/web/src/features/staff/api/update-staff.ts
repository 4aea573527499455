import { staffMemberSchema, type UpdateStaffInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffKeys } from './query-keys';

/** PUT /api/staff/:staffId/: a colleague's profile. */
export function updateStaff({ staffId, input }: { staffId: string; input: UpdateStaffInput }) {
  return callEndpoint('updateStaff', { params: { staffId }, body: input }, { schema: staffMemberSchema });
}

export function useUpdateStaff() {
  return useApiMutation({
    mutationFn: updateStaff,
    success: 'Account details updated successfully',
    errorTitle: 'Account details update failed',
    invalidates: [staffKeys.all],
  });
}
