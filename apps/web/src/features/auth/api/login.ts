import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@spotter/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { sessionParser } from './parse-session';
import { refetchSession } from './session-cache';

export function login(input: LoginInput) {
  return api.post('/auth/login/', input, { schema: sessionParser });
}

/** Spec 4: on success the session is refetched; on failure the server's message is shown and the session refetched. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onError: (error) => notifyError({ title: 'Login failed', message: errorMessage(error) }),
    onSettled: () => refetchSession(queryClient),
  });
}
