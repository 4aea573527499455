import { forbidden } from '../../lib/http-error';

/** An impersonator changes neither the user's email nor their password (spec 7.1). */
export function refuseWhileImpersonating(isImpersonating: boolean): void {
  if (isImpersonating) throw forbidden("An impersonator cannot change the user's login.", 'impersonation_denied');
}
