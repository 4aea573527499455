import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Spec 8: the account details texts. */
export function notifyAccountUpdated(): void {
  notifySuccess('Account details updated successfully');
}

export function notifyAccountUpdateFailed(error: unknown): void {
  notifyError({ title: 'Account details update failed', message: errorMessage(error) });
}
