import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { sessionParser } from './parse-session';
import { refreshSessionAfterProfileChange } from './session-cache';

export function selectProfile(profileId: string) {
  return api.post('/auth/select-profile/', { profileId }, { schema: sessionParser });
}

export function clearProfile() {
  return api.delete('/auth/clear-profile/', { schema: sessionParser });
}

export function stopImpersonation() {
  return api.delete('/auth/stop-impersonation/', { schema: sessionParser });
}

/** Spec 8: a failed selection shows the server's message. */
export function useSelectProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectProfile,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    onError: (error) => notifyError({ title: 'Profile selection failed', message: errorMessage(error) }),
  });
}

/** 'Switch Profiles': clears the chosen profile; the app then shows profile selection. */
export function useClearProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearProfile,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    onError: () => notifyError('Something failed'),
  });
}

export function useStopImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopImpersonation,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    onError: () => notifyError('Something failed'),
  });
}
