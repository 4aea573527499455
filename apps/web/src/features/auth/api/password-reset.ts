import { useMutation } from '@tanstack/react-query';
import { okSchema, type ResetPasswordConfirmInput, type ResetPasswordInput } from '@spotter/shared';
import { api } from '../../../lib/api-client';

/** Answers the same whether the email has an account or not; the answer's detail is what the page shows. */
export function requestPasswordReset(input: ResetPasswordInput) {
  return api.post('/auth/users/reset_password/', input, { schema: okSchema });
}

export function confirmPasswordReset(input: ResetPasswordConfirmInput) {
  return api.post('/auth/users/reset_password_confirm/', input, { schema: okSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
