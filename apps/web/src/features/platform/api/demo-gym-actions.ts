import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoGymSchema } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { demoGymsQueryKey } from './get-demo-gyms';
import { platformQueryKey } from './get-gyms';

export type DemoGymAction = 'extend' | 'deactivate' | 'reactivate';

const texts: Record<DemoGymAction, { success: string; failure: string }> = {
  extend: { success: 'Demo gym extended by 48 hours', failure: 'Extending demo gym failed' },
  deactivate: { success: 'Demo gym deactivated', failure: 'Deactivating demo gym failed' },
  reactivate: { success: 'Demo gym reactivated', failure: 'Reactivating demo gym failed' },
};

/** POST /api/platform/demo-gyms/{id}/extend/ (TIME_LIMITED only), …/deactivate/ or …/reactivate/. */
export function runDemoGymAction(demoGymId: string, action: DemoGymAction) {
  return api.post(`/platform/demo-gyms/${demoGymId}/${action}/`, undefined, { schema: demoGymSchema });
}

/** Spec 7.4: success notifies and refetches the list (and the gym's heading); failure shows the server's message. */
export function useDemoGymAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ demoGymId, action }: { demoGymId: string; action: DemoGymAction }) => runDemoGymAction(demoGymId, action),
    onSuccess: (demo, { action }) => {
      notifySuccess({ title: texts[action].success, message: demo.title });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: demoGymsQueryKey }),
        queryClient.invalidateQueries({ queryKey: [...platformQueryKey, 'gym', demo.gymId] }),
      ]);
    },
    onError: (error, { action }) => notifyError({ title: texts[action].failure, message: errorMessage(error) }),
  });
}
