import { okSchema, type ResetPasswordConfirmInput, type ResetPasswordInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Answers the same whether the email has an account or not; the answer's detail is what the page shows. */
export function requestPasswordReset(input: ResetPasswordInput) {
  return callEndpoint('resetPassword', { body: input }, { schema: okSchema });
}

export function confirmPasswordReset(input: ResetPasswordConfirmInput) {
  return callEndpoint('resetPasswordConfirm', { body: input }, { schema: okSchema });
}

/** The pages show the answer or the failure themselves: no notification. */
export function useRequestPasswordReset() {
  return useApiMutation({ mutationFn: requestPasswordReset, errorShown: 'inline' });
}

export function useConfirmPasswordReset() {
  return useApiMutation({ mutationFn: confirmPasswordReset, errorShown: 'inline' });
}
