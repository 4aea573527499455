import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { sessionParser } from './parse-session';
import { refetchSession } from './session-cache';

export function login(input: LoginInput) {
  return callEndpoint('login', { body: input }, { schema: sessionParser });
}

/** Spec 4: on success the session is refetched; on failure the server's message is shown and the session refetched. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: login,
    errorTitle: 'Login failed',
    onSettled: () => refetchSession(queryClient),
  });
}
