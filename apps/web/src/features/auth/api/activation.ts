import { okSchema, type ActivationInput, type ResetPasswordInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export function activateAccount(input: ActivationInput) {
  return callEndpoint('activateAccount', { body: input }, { schema: okSchema });
}

/** Same body as a reset request (an email); answers the same whatever the email. */
export function resendActivation(input: ResetPasswordInput) {
  return callEndpoint('resendActivation', { body: input }, { schema: okSchema });
}

/** The page shows the answer or the failure itself: no notification. */
export function useActivateAccount() {
  return useApiMutation({ mutationFn: activateAccount, errorShown: 'inline' });
}

export function useResendActivation() {
  return useApiMutation({ mutationFn: resendActivation, errorShown: 'inline' });
}
