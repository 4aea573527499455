import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { sessionParser } from './parse-session';
import { refreshSessionAfterProfileChange } from './session-cache';

export function selectProfile(profileId: string) {
  return callEndpoint('selectProfile', { body: { profileId } }, { schema: sessionParser });
}

export function clearProfile() {
  return callEndpoint('clearProfile', {}, { schema: sessionParser });
}

export function stopImpersonation() {
  return callEndpoint('stopImpersonation', {}, { schema: sessionParser });
}

/** Spec 8: a failed selection shows the server's message. */
export function useSelectProfile() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: selectProfile,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    errorTitle: 'Profile selection failed',
  });
}

/** 'Switch Profiles': clears the chosen profile; the app then shows profile selection. */
export function useClearProfile() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: clearProfile,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    errorNotice: 'Something failed',
  });
}

export function useStopImpersonation() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: stopImpersonation,
    onSuccess: () => refreshSessionAfterProfileChange(queryClient),
    errorNotice: 'Something failed',
  });
}
