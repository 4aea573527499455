import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdDemoGymSchema, type CreateDemoGymInput } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { demoGymsQueryKey } from './get-demo-gyms';

/** POST /api/platform/demo-gyms/: the answer carries the owner's password once (decision 008). */
export function createDemoGym(input: CreateDemoGymInput) {
  return api.post('/platform/demo-gyms/', input, { schema: createdDemoGymSchema });
}

export function useCreateDemoGym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDemoGym,
    onSuccess: (created) => {
      notifySuccess({ title: 'Demo gym created', message: `${created.title} is ready for ${created.prospect.name ?? 'the prospect'}.` });
      return queryClient.invalidateQueries({ queryKey: demoGymsQueryKey });
    },
    onError: (error) => notifyError({ title: 'Creating demo gym failed', message: errorMessage(error) }),
  });
}
