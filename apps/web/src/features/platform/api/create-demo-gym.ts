import { createdDemoGymSchema, type CreateDemoGymInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { demoGymsQueryKey } from './get-demo-gyms';

/** POST /api/platform/demo-gyms/: the answer carries the owner's password once (decision 008). */
export function createDemoGym(input: CreateDemoGymInput) {
  return callEndpoint('createDemoGym', { body: input }, { schema: createdDemoGymSchema });
}

export function useCreateDemoGym() {
  return useApiMutation({
    mutationFn: createDemoGym,
    success: (created) => ({ title: 'Demo gym created', message: `${created.title} is ready for ${created.prospect.name ?? 'the prospect'}.` }),
    errorTitle: 'Creating demo gym failed',
    invalidates: [demoGymsQueryKey],
  });
}
