import type { FastifyInstance } from 'fastify';
import { ACTIVATION_LINK_INVALID_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, endpoints } from '@spotter/shared';
import { badRequest, fieldError } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';
import { findUserByEmail, findUserById, loginThrottleOf, refuseWhileImpersonating } from '../auth';
import { activateAccount, changePassword, requestPasswordReset, resetPassword, sendActivation } from './accounts.service';

export { queueActivation, sendActivation } from './accounts.service';

/** Password reset and account activation (the logged-out pages of spec 2.1), and a logged-in user's password change. */
export async function accountsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  route(app, endpoints.resetPassword, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    // The link goes out through the outbox (decision 027), after the answer.
    if (user?.isActive) await requestPasswordReset(app, user);
    return { detail: RESET_REQUESTED_MESSAGE };
  });

  route(app, endpoints.resetPasswordConfirm, async (request) => {
    const { uid, token, newPassword } = request.body;
    const passwordHash = await hashPassword(newPassword);
    const email = await resetPassword(ctx, uid, token, passwordHash);
    if (email === null) throw badRequest(RESET_LINK_INVALID_MESSAGE, 'invalid_link');
    // Decision 042: the way out of login throttling, from where the new password was set.
    await loginThrottleOf(db).cleared(email, request.ip);
    return { detail: 'Password was successfully updated' };
  });

  route(app, endpoints.activateAccount, async (request) => {
    const { uid, token } = request.body;
    const ok = await activateAccount(ctx, uid, token);
    if (!ok) throw badRequest(ACTIVATION_LINK_INVALID_MESSAGE, 'invalid_link');
    return { detail: 'Your account is active. You can log in now.' };
  });

  route(app, endpoints.resendActivation, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    if (user && !user.isActive) await sendActivation(app, user.id, user.email);
    return { detail: 'If that account is waiting for activation, we have sent a new link.' };
  });

  route(app, endpoints.changePassword, async (request) => {
    const auth = loggedIn(request);
    refuseWhileImpersonating(auth.isImpersonating);
    const user = await findUserById(db, auth.userId);
    if (!user || !(await verifyPassword(user.passwordHash, request.body.password))) {
      throw fieldError('password', 'Current password is incorrect.');
    }
    const passwordHash = await hashPassword(request.body.newPassword);
    // Issue 32: every reset and activation link still out ends with it, and every other session.
    await changePassword(ctx, auth.userId, passwordHash, auth.sessionId);
    return { detail: 'Password was successfully updated' };
  });
}
