import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { refreshSessionAfterProfileChange, sessionParser } from '../../auth';

/** POST /api/auth/impersonate/: act as a gym profile (audited by the server). */
export function impersonate(profileId: string) {
  return callEndpoint('impersonate', { body: { profileId } }, { schema: sessionParser });
}

/** Spec 4: the session is refetched afterwards, and the app shows that gym's layout for the profile's role. Spec 8: a failure shows the server's message. */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: impersonate,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    errorTitle: 'Impersonation failed',
  });
}
