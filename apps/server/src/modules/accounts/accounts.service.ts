import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userTokens, users } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { queueMail } from '../../lib/outbox';
import { findUserById } from '../auth';
import { endUserSessions } from '../auth';
import { composeMail } from '../messages';
import { accountMailTarget } from './account-mail';
import { consumeToken, issueToken } from './accounts.repository';

/** What the account commands need: the database, the change feed, the queue (the outbox) and the app's address. */
export type AccountsDeps = Pick<FastifyInstance, 'db' | 'changes' | 'jobs' | 'config'>;

/** What changes about a user's login: a new password (null: none, as when an account is anonymised) and its state. */
export type LoginChange = {
  passwordHash?: string | null;
  isActive?: boolean;
  /** The session that changed its own password stays; every other session of the user ends. */
  keepSessionId?: string;
};

/**
 * Issue 32: the one write of a user's login, whoever calls it (a change of password from Account, a reset link, an
 * activation link, anonymising an athlete). In the caller's transaction it writes the change, cancels every reset and
 * activation link of the user still outstanding (a link used to get here is already marked used), and, when the
 * password changed, ends the user's sessions but the one kept. The caller publishes the user's `sessions` change after
 * the commit (decision 018).
 */
export async function changeLogin(tx: DbOrTx, userId: string, change: LoginChange, now = new Date()): Promise<void> {
  const passwordChanged = change.passwordHash !== undefined;
  await tx
    .update(users)
    .set({
      updatedAt: now,
      ...(passwordChanged ? { passwordHash: change.passwordHash } : {}),
      ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
    })
    .where(eq(users.id, userId));
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
  if (passwordChanged) await endUserSessions(tx, userId, change.keepSessionId);
}

/** Account → Change password: the new password, every other session and every link still out ended (issue 32). */
export async function changePassword(ctx: WriteContext, userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await changeLogin(tx, userId, { passwordHash, keepSessionId });
    await publish({ kind: 'sessions', userId });
  });
}

/**
 * A reset link for an active user, mailed through the outbox (decision 027) with the token the same commit keeps, in
 * the `password_reset` template of the gym of the user's default profile (none: the platform's; issue 22). Nothing
 * when a link was issued a few minutes ago.
 */
export async function requestPasswordReset(app: AccountsDeps, user: { id: string; email: string }): Promise<void> {
  await app.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'password_reset');
    if (!token) return;
    const link = `${app.config.appUrl}/password/reset/confirm/${user.id}/${token}`;
    const target = await accountMailTarget(tx, user.id);
    const mail = await composeMail(
      tx,
      target.gymId,
      { kind: 'password_reset', to: user.email, values: { firstName: target.firstName, fullName: target.fullName, link }, isSensitive: true },
      { appUrl: app.config.appUrl },
    );
    await queueMail(tx, app.jobs, mail);
  });
}

/** A reset link used: the new password is set (the link consumed). Answers the user's email, or null for a bad link. */
export async function resetPassword(ctx: WriteContext, userId: string, token: string, passwordHash: string): Promise<string | null> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (!(await consumeToken(tx, userId, token, 'password_reset'))) return null;
    await changeLogin(tx, userId, { passwordHash });
    await publish({ kind: 'sessions', userId });
    return (await findUserById(tx, userId))!.email;
  });
}

/** An activation link used: the account is active. False for a bad link. */
export async function activateAccount(ctx: WriteContext, userId: string, token: string): Promise<boolean> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (!(await consumeToken(tx, userId, token, 'activation'))) return false;
    await changeLogin(tx, userId, { isActive: true });
    await publish({ kind: 'sessions', userId });
    return true;
  });
}

/**
 * Mail an activation link (used when accounts are invited, and on request). Given `tx`, the token and the mail are
 * written in that transaction (an invite's, so the mail exists exactly when the invite committed); else in their own.
 */
export async function sendActivation(
  app: Pick<FastifyInstance, 'db' | 'jobs' | 'config'>,
  userId: string,
  email: string,
  tx?: DbOrTx,
  gymId?: string | null,
): Promise<void> {
  if (tx) await queueActivation(tx, app, userId, email, gymId);
  else await app.db.transaction((t) => queueActivation(t, app, userId, email, gymId));
}

/**
 * The activation mail queued in the caller's transaction (an athlete created with an invitation: the mail goes out only
 * if the athlete is kept). False when a link was issued a few minutes ago (the resend interval): nothing is queued.
 * Issue 22: written with the `activation` template of the inviting gym (given), else of the user's default profile's.
 */
export async function queueActivation(
  tx: DbOrTx,
  app: Pick<FastifyInstance, 'jobs' | 'config'>,
  userId: string,
  email: string,
  gymId?: string | null,
  /** Issue 32: a sign-up in the sales portal is confirmed with its own wording. */
  kind: 'activation' | 'sign_up_confirm' = 'activation',
): Promise<boolean> {
  const token = await issueToken(tx, userId, 'activation');
  if (!token) return false;
  const link = `${app.config.appUrl}/activate/${userId}/${token}`;
  const target = await accountMailTarget(tx, userId, gymId);
  const mail = await composeMail(
    tx,
    target.gymId,
    { kind, to: email, values: { firstName: target.firstName, fullName: target.fullName, link }, isSensitive: true },
    { appUrl: app.config.appUrl },
  );
  await queueMail(tx, app.jobs, mail);
  return true;
}
