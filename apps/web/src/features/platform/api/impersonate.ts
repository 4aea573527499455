import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { sessionParser } from '../../auth/api/parse-session';
import { refreshSessionAfterProfileChange } from '../../auth/api/session-cache';

/** POST /api/auth/impersonate/: act as a gym profile (audited by the server). */
export function impersonate(profileId: string) {
  return api.post('/auth/impersonate/', { profileId }, { schema: sessionParser });
}

/** Spec 4: the session is refetched afterwards, and the app shows that gym's layout for the profile's role. Spec 8: a failure shows the server's message. */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: impersonate,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    onError: (error) => notifyError({ title: 'Impersonation failed', message: errorMessage(error) }),
  });
}
