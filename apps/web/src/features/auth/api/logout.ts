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
    onSuccess: async () => {
      // Nobody is logged in from now: the logged-in layout stops rendering, then the page goes to /login. The other
      // queries are dropped only once that page is gone, or its last render would ask for them again (a 401 each).
      queryClient.setQueryData(sessionQueryKey, null);
      resetAnalytics();
      await navigate('/login', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
    errorNotice: LOGOUT_FAILED,
  });
}
