import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSchema, type UpdateStaffSelfInput } from '@spotter/shared';
import { api } from '../../../lib/api-client';
import { staffSelfQueryKey } from './get-staff-self';
import { notifyAccountUpdateFailed, notifyAccountUpdated } from './account-notifications';

export function updateStaffSelf(input: UpdateStaffSelfInput) {
  return api.put('/staff/self/', input, { schema: staffSchema });
}

export function useUpdateStaffSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffSelf,
    onSuccess: (staff) => {
      queryClient.setQueryData(staffSelfQueryKey, staff);
      notifyAccountUpdated();
    },
    onError: notifyAccountUpdateFailed,
  });
}
