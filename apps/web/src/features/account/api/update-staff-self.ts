import { useQueryClient } from '@tanstack/react-query';
import { staffSchema, type UpdateStaffSelfInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffSelfQueryKey } from './get-staff-self';
import { accountUpdateNotices } from './account-notifications';

export function updateStaffSelf(input: UpdateStaffSelfInput) {
  return callEndpoint('updateStaffSelf', { body: input }, { schema: staffSchema });
}

export function useUpdateStaffSelf() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: updateStaffSelf,
    ...accountUpdateNotices,
    onSuccess: (saved) => {
      queryClient.setQueryData(staffSelfQueryKey, saved);
    },
  });
}
