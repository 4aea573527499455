import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ACTIVATION_LINK_INVALID_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, endpoints } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { queueMail } from '../../lib/outbox';
import { hashPassword } from '../../lib/passwords';
import { route } from '../../lib/route';
import { findUserByEmail } from '../auth/auth.repository';
import { composeMail } from '../messages/compose';
import { accountMailTarget } from './account-mail';
import { consumeToken, issueToken, setPasswordAndEndSessions } from './accounts.repository';

/** Password reset and account activation: the logged-out pages of spec 2.1. */
export async function accountsRoutes(app: FastifyInstance) {
  const { db, config } = app;

  route(app, endpoints.resetPassword, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    if (user?.isActive) {
      // The link goes out through the outbox (decision 027), after the answer, with the token that the same commit keeps.
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'password_reset');
        if (!token) return;
        const link = `${config.appUrl}/password/reset/confirm/${user.id}/${token}`;
        // Issue 22: the `password_reset` template of the gym of the user's default profile (none: the platform's).
        const target = await accountMailTarget(tx, user.id);
        const mail = await composeMail(
          tx,
          target.gymId,
          { kind: 'password_reset', to: user.email, values: { firstName: target.firstName, fullName: target.fullName, link }, isSensitive: true },
          { appUrl: config.appUrl },
        );
        await queueMail(tx, app.jobs, mail);
      });
    }
    return { detail: RESET_REQUESTED_MESSAGE };
  });

  route(app, endpoints.resetPasswordConfirm, async (request) => {
    const { uid, token, newPassword } = request.body;
    const passwordHash = await hashPassword(newPassword);
    const ok = await db.transaction(async (tx) => {
      if (!(await consumeToken(tx, uid, token, 'password_reset'))) return false;
      await setPasswordAndEndSessions(tx, uid, passwordHash);
      return true;
    });
    if (!ok) throw badRequest(RESET_LINK_INVALID_MESSAGE, 'invalid_link');
    await app.changes.published(db, [{ kind: 'sessions', userId: uid }]);
    return { detail: 'Password was successfully updated' };
  });

  route(app, endpoints.activateAccount, async (request) => {
    const { uid, token } = request.body;
    const ok = await db.transaction(async (tx) => {
      if (!(await consumeToken(tx, uid, token, 'activation'))) return false;
      await tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, uid));
      return true;
    });
    if (!ok) throw badRequest(ACTIVATION_LINK_INVALID_MESSAGE, 'invalid_link');
    await app.changes.published(db, [{ kind: 'sessions', userId: uid }]);
    return { detail: 'Your account is active. You can log in now.' };
  });

  route(app, endpoints.resendActivation, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    if (user && !user.isActive) await sendActivation(app, user.id, user.email);
    return { detail: 'If that account is waiting for activation, we have sent a new link.' };
  });
}

/**
 * Mail an activation link (used when accounts are invited, and on request). Given `tx`, the token and the mail are
 * written in that transaction (an invite's, so the mail exists exactly when the invite committed); else in their own.
 */
export async function sendActivation(app: FastifyInstance, userId: string, email: string, tx?: DbOrTx, gymId?: string | null): Promise<void> {
  if (tx) await queueActivation(tx, app, userId, email, gymId);
  else await app.db.transaction((t) => queueActivation(t, app, userId, email, gymId));
}

/**
 * The activation mail queued in the caller's transaction (an athlete created with an invitation: the mail goes out only
 * if the athlete is kept). False when a link was issued a few minutes ago (the resend interval): nothing is queued.
 * Issue 22: written with the `activation` template of the inviting gym (given), else of the user's default profile's.
 */
export async function queueActivation(tx: DbOrTx, app: Pick<FastifyInstance, 'jobs' | 'config'>, userId: string, email: string, gymId?: string | null): Promise<boolean> {
  const token = await issueToken(tx, userId, 'activation');
  if (!token) return false;
  const link = `${app.config.appUrl}/activate/${userId}/${token}`;
  const target = await accountMailTarget(tx, userId, gymId);
  const mail = await composeMail(
    tx,
    target.gymId,
    { kind: 'activation', to: email, values: { firstName: target.firstName, fullName: target.fullName, link }, isSensitive: true },
    { appUrl: app.config.appUrl },
  );
  await queueMail(tx, app.jobs, mail);
  return true;
}
