import type { FastifyReply } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { rotateSession, type SessionOptions } from '../../plugins/session';
import { recordImpersonation, updateEmailEverywhere } from './auth.repository';

/**
 * Issue 33: the auth module owns `sessions`. Every other module ends or moves a session through these commands, which
 * publish the `sessions` change (decision 018) so every process looks the session up again.
 */

/** Ends one session (a logout, or the browser's previous session when a login opens a new one). */
export async function endSession(ctx: WriteContext, sessionId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await publish({ kind: 'sessions', sessionId });
  });
}

/** The session enters the given profile (null: none, back to profile selection). */
export async function enterProfile(ctx: WriteContext, sessionId: string, profileId: string | null): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await tx.update(sessions).set({ profileId }).where(eq(sessions.id, sessionId));
    await publish({ kind: 'sessions', sessionId });
  });
}

/**
 * In the caller's transaction: every session in the profile ends (a deactivated staff member, an anonymised athlete).
 * Answers the ended sessions' ids; the caller publishes the `sessions` change of the person with its commit.
 */
export async function endProfileSessions(tx: DbOrTx, profileId: string): Promise<string[]> {
  const ended = await tx.delete(sessions).where(eq(sessions.profileId, profileId)).returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** In the caller's transaction: the session is locked to one document for a front-desk hand-off (null: unlocked; decision 035). */
export async function setSigningDocument(tx: DbOrTx, sessionId: string, documentId: string | null): Promise<void> {
  await tx.update(sessions).set({ signingDocumentId: documentId }).where(eq(sessions.id, sessionId));
}

/** A user's new login email, on the user and on every profile that showed the old one; their sessions carry it. */
export async function changeEmail(ctx: WriteContext, userId: string, oldEmail: string, newEmail: string): Promise<void> {
  await updateEmailEverywhere(ctx.db, userId, oldEmail, newEmail);
  await ctx.changes.published(ctx.db, [{ kind: 'sessions', userId }]);
}

/**
 * Impersonation starts or stops: the session takes the other identity under a new token (its cookie set on `reply`),
 * every process looks it up again, and the platform's impersonation audit records it. Answers the new token's hash.
 */
export async function switchIdentity(
  ctx: WriteContext,
  reply: FastifyReply,
  opts: SessionOptions,
  sessionId: string,
  identity: Parameters<typeof rotateSession>[4],
  audit: Parameters<typeof recordImpersonation>[1],
): Promise<string> {
  const tokenHash = await rotateSession(ctx.db, reply, sessionId, opts, identity);
  await ctx.changes.published(ctx.db, [{ kind: 'sessions', sessionId }]);
  await recordImpersonation(ctx.db, audit);
  return tokenHash;
}

/** In the caller's transaction: every session of the user ends, but the one kept (a password changed from it). */
export async function endUserSessions(tx: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
