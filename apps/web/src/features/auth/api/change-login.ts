import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { refetchSession } from './session-cache';

export function changeEmail(input: ChangeEmailInput) {
  return api.post<unknown>('/auth/change-email/', input);
}

export function changePassword(input: ChangePasswordInput) {
  return api.post<unknown>('/auth/change-password/', input);
}

/** The answer carries the session with the new email; the session is refetched so the app shows it. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => {
      notifySuccess('Email was successfully updated');
      return refetchSession(queryClient);
    },
    onError: (error) => notifyError({ title: 'Email change attempt failed', message: errorMessage(error) }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => notifySuccess('Password was successfully updated'),
    onError: (error) => notifyError({ title: 'Password change attempt failed', message: errorMessage(error) }),
  });
}
