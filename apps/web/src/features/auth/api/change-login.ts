import { useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { refetchSession } from './session-cache';

export function changeEmail(input: ChangeEmailInput) {
  return callEndpoint('changeEmail', { body: input });
}

export function changePassword(input: ChangePasswordInput) {
  return callEndpoint('changePassword', { body: input });
}

/** The answer carries the session with the new email; the session is refetched so the app shows it. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: changeEmail,
    success: 'Email was successfully updated',
    onSuccess: () => refetchSession(queryClient),
    errorTitle: 'Email change attempt failed',
  });
}

export function useChangePassword() {
  return useApiMutation({
    mutationFn: changePassword,
    success: 'Password was successfully updated',
    errorTitle: 'Password change attempt failed',
  });
}
