import { useMutation } from '@tanstack/react-query';
import { okSchema, type ActivationInput, type ResetPasswordInput } from '@spotter/shared';
import { api } from '../../../lib/api-client';

export function activateAccount(input: ActivationInput) {
  return api.post('/auth/users/activation/', input, { schema: okSchema });
}

/** Same body as a reset request (an email); answers the same whatever the email. */
export function resendActivation(input: ResetPasswordInput) {
  return api.post('/auth/users/resend_activation/', input, { schema: okSchema });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
