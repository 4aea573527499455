import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { resetAnalytics } from '../../../lib/analytics';
import { sessionQueryKey } from './get-session';

export function logout() {
  return callEndpoint('logout', {});
}

/** Spec 8: a failed logout says so in its own words, not the server's. */
export const LOGOUT_FAILED = { title: 'Logout failed', message: 'Logging out failed, please try again.' };

/** Spec 4: on success every cached query is cleared, the session becomes null and the user goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useApiMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      resetAnalytics();
      void navigate('/login', { replace: true });
    },
    errorNotice: LOGOUT_FAILED,
  });
}
