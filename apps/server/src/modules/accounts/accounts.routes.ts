import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ACTIVATION_LINK_INVALID_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, endpoints } from '@spotter/shared';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { route } from '../../lib/route';
import { findUserByEmail } from '../auth/auth.repository';
import { consumeToken, issueToken, setPasswordAndEndSessions } from './accounts.repository';

/** Password reset and account activation: the logged-out pages of spec 2.1. */
export async function accountsRoutes(app: FastifyInstance) {
  const { db, mailer, config } = app;

  route(app, endpoints.resetPassword, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    if (user?.isActive) {
      const token = await issueToken(db, user.id, 'password_reset');
      if (token) {
        const link = `${config.appUrl}/password/reset/confirm/${user.id}/${token}`;
        // Sent after answering, so the answer takes as long whether the account exists or not.
        setImmediate(() => {
          mailer
            .send({
              to: user.email,
              subject: 'Reset your Spotter password',
              text: `Someone asked to reset the password of your Spotter account.\n\nTo choose a new password, open this link within an hour:\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.`,
            })
            .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
        });
      }
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

/** Mail an activation link (used when accounts are invited, and on request). */
export async function sendActivation(app: FastifyInstance, userId: string, email: string): Promise<void> {
  const token = await issueToken(app.db, userId, 'activation');
  if (!token) return;
  const link = `${app.config.appUrl}/activate/${userId}/${token}`;
  await app.mailer.send({
    to: email,
    subject: 'Activate your Spotter account',
    text: `Welcome to Spotter.\n\nTo activate your account, open this link within 7 days:\n${link}`,
  });
}
