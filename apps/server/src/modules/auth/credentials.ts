import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from './auth.repository';
import { loginThrottleOf } from './throttle';

export const INVALID_CREDENTIALS_MESSAGE = 'Unable to log in with provided credentials.';
export const INACTIVE_ACCOUNT_MESSAGE = 'This account is not active yet. Use the activation link we emailed you.';

/**
 * Issue 32: a password checked behind the login throttle (decision 042), wherever one is typed: the attempt is counted
 * first (a 429 with Retry-After while it must wait), then the password is verified (no hash: against a dummy one, in
 * the same time); a right one ends the attempt's throttling.
 */
export async function verifyThrottled(db: Db, email: string, ip: string, passwordHash: string | null, password: string): Promise<boolean> {
  const throttle = loginThrottleOf(db);
  const attempt = await throttle.attempt(email, ip);
  const valid = await verifyPassword(passwordHash, password);
  if (valid) await throttle.succeeded(attempt);
  return valid;
}

/**
 * The one check of a login's email and password, for `/api/auth/login/` and the sales portal's login alike: an unknown
 * email and a wrong password answer the same; an inactive account is told so only with its right password.
 */
export async function checkCredentials(db: Db, email: string, password: string, ip: string) {
  const user = await findUserByEmail(db, email);
  const valid = await verifyThrottled(db, email, ip, user?.passwordHash ?? null, password);
  if (!user || !valid) {
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  }
  if (!user.isActive) throw new HttpError(403, INACTIVE_ACCOUNT_MESSAGE, 'inactive_account');
  return user;
}
