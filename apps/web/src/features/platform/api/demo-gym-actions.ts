import { demoGymSchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { demoGymsQueryKey } from './get-demo-gyms';
import { platformQueryKey } from './get-gyms';

export type DemoGymAction = 'extend' | 'deactivate' | 'reactivate';

const texts: Record<DemoGymAction, { success: string; failure: string }> = {
  extend: { success: 'Demo gym extended by 48 hours', failure: 'Extending demo gym failed' },
  deactivate: { success: 'Demo gym deactivated', failure: 'Deactivating demo gym failed' },
  reactivate: { success: 'Demo gym reactivated', failure: 'Reactivating demo gym failed' },
};

const endpointOf = { extend: 'extendDemoGym', deactivate: 'deactivateDemoGym', reactivate: 'reactivateDemoGym' } as const;

/** POST /api/platform/demo-gyms/{id}/extend/ (TIME_LIMITED only), …/deactivate/ or …/reactivate/. */
export function runDemoGymAction(demoGymId: string, action: DemoGymAction) {
  return callEndpoint(endpointOf[action], { params: { demoGymId } }, { schema: demoGymSchema });
}

/** Spec 7.4: success notifies and refetches the list (and the gym's heading); failure shows the server's message. */
export function useDemoGymAction() {
  return useApiMutation({
    mutationFn: ({ demoGymId, action }: { demoGymId: string; action: DemoGymAction }) => runDemoGymAction(demoGymId, action),
    success: (demo, { action }) => ({ title: texts[action].success, message: demo.title }),
    errorTitle: ({ action }) => texts[action].failure,
    invalidates: (demo) => (demo ? [demoGymsQueryKey, [...platformQueryKey, 'gym', demo.gymId]] : [demoGymsQueryKey]),
  });
}
