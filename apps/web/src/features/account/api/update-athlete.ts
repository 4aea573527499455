import { useMutation, useQueryClient } from '@tanstack/react-query';
import { athleteSchema, type UpdateAthleteInput } from '@spotter/shared';
import { api } from '../../../lib/api-client';
import { athleteQueryKey } from './get-athlete';
import { notifyAccountUpdateFailed, notifyAccountUpdated } from './account-notifications';

export function updateAthlete(athleteId: string, input: UpdateAthleteInput) {
  return api.put(`/athletes/${athleteId}/`, input, { schema: athleteSchema });
}

export function useUpdateAthlete(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAthleteInput) => updateAthlete(athleteId, input),
    onSuccess: (athlete) => {
      queryClient.setQueryData(athleteQueryKey(athleteId), athlete);
      notifyAccountUpdated();
    },
    onError: notifyAccountUpdateFailed,
  });
}
