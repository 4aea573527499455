import { useQueryClient } from '@tanstack/react-query';
import { kiloStaffSchema, type UpdateKiloStaffSelfInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { kiloStaffSelfQueryKey } from './get-kilo-staff-self';
import { accountUpdateNotices } from './account-notifications';

export function updateKiloStaffSelf(input: UpdateKiloStaffSelfInput) {
  return callEndpoint('updateKiloStaffSelf', { body: input }, { schema: kiloStaffSchema });
}

export function useUpdateKiloStaffSelf() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: updateKiloStaffSelf,
    ...accountUpdateNotices,
    onSuccess: (saved) => {
      queryClient.setQueryData(kiloStaffSelfQueryKey, saved);
    },
  });
}
