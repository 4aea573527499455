import { useQueryClient } from '@tanstack/react-query';
import type { DemoGym } from '@spotter/shared';
import { ApiError } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { refreshSessionAfterProfileChange } from '../../auth';
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
  return useApiMutation({
    mutationFn: impersonateDemoOwner,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    errorTitle: 'Impersonation failed',
  });
}
