import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kiloStaffSchema, type UpdateKiloStaffSelfInput } from '@spotter/shared';
import { api } from '../../../lib/api-client';
import { kiloStaffSelfQueryKey } from './get-kilo-staff-self';
import { notifyAccountUpdateFailed, notifyAccountUpdated } from './account-notifications';

export function updateKiloStaffSelf(input: UpdateKiloStaffSelfInput) {
  return api.put('/kilo-staff/self/', input, { schema: kiloStaffSchema });
}

export function useUpdateKiloStaffSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKiloStaffSelf,
    onSuccess: (kiloStaff) => {
      queryClient.setQueryData(kiloStaffSelfQueryKey, kiloStaff);
      notifyAccountUpdated();
    },
    onError: notifyAccountUpdateFailed,
  });
}
