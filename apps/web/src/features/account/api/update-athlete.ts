import { useQueryClient } from '@tanstack/react-query';
import { athleteSchema, type UpdateAthleteInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { athleteQueryKey } from './get-athlete';
import { accountUpdateNotices } from './account-notifications';

export function updateAthlete(athleteId: string, input: UpdateAthleteInput) {
  return callEndpoint('updateAthlete', { params: { athleteId }, body: input }, { schema: athleteSchema });
}

export function useUpdateAthlete(athleteId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (input: UpdateAthleteInput) => updateAthlete(athleteId, input),
    ...accountUpdateNotices,
    onSuccess: (saved) => {
      queryClient.setQueryData(athleteQueryKey(athleteId), saved);
    },
  });
}
