import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoGym } from '@spotter/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { refreshSessionAfterProfileChange } from '../../auth/api/session-cache';
import { getGymStaff } from './get-gym-people';
import { impersonate } from './impersonate';

/**
 * The demo list names the owner but not its profile, so the owner's profileId is looked up in the gym's staff
 * (GET /api/platform/gyms/{gymId}/staff/?search=<owner email>), then POST /api/auth/impersonate/.
 */
export async function impersonateDemoOwner(demo: DemoGym) {
  const staff = await getGymStaff(demo.gymId, { page: 1, search: demo.owner?.email ?? '' });
  const owner = staff.results.find((s) => s.role === 'owner' && (!demo.owner || s.email === demo.owner.email));
  if (!owner) throw new ApiError(404, 'This demo gym has no owner to impersonate.', 'not_found');
  return impersonate(owner.profileId);
}

export function useImpersonateDemoOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: impersonateDemoOwner,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    onError: (error) => notifyError({ title: 'Impersonation failed', message: errorMessage(error) }),
  });
}
