import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { resetAnalytics } from '../../../lib/analytics';
import { sessionQueryKey } from './get-session';

export function logout() {
  return api.post<unknown>('/auth/logout/');
}

/** Spec 4: on success every cached query is cleared, the session becomes null and the user goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      resetAnalytics();
      void navigate('/login', { replace: true });
    },
    onError: () => notifyError({ title: 'Logout failed', message: 'Logging out failed, please try again.' }),
  });
}
