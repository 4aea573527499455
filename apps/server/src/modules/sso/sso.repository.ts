import { and, asc, eq, lt } from 'drizzle-orm';
import type { SsoProvider } from '@spotter/shared';
import type { Db, DbOrTx } from '../../db/client';
import { ssoFlows, userIdentities, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import type { FlowSecrets } from './sso.providers';

/** A sign-in may take this long at the provider (state, nonce and PKCE verifier are then forgotten). */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

export type StoredFlow = FlowSecrets & { provider: string; browserHash: string; linkUserId: string | null; portalSlug: string | null; expiresAt: Date };

export async function saveFlow(
  db: Db,
  flow: FlowSecrets & { provider: SsoProvider; browser: string; linkUserId: string | null; portalSlug: string | null },
  now = new Date(),
) {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  await db.insert(ssoFlows).values({
    stateHash: sha256(flow.state),
    provider: flow.provider,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    browserHash: sha256(flow.browser),
    linkUserId: flow.linkUserId,
    portalSlug: flow.portalSlug,
    expiresAt: new Date(now.getTime() + SSO_FLOW_TTL_MS),
  });
}

/** The flow of a state, deleted as it is read: a state is used once, whatever the callback then finds. */
export async function takeFlow(db: Db, state: string): Promise<StoredFlow | null> {
  const [row] = await db
    .delete(ssoFlows)
    .where(eq(ssoFlows.stateHash, sha256(state)))
    .returning();
  if (!row) return null;
  return { ...row, state };
}

export async function findIdentity(db: DbOrTx, provider: SsoProvider, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function identitiesOf(db: DbOrTx, userId: string) {
  return db
    .select({ provider: userIdentities.provider, email: userIdentities.email, createdAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt));
}

/**
 * Unlinks a provider unless it is the user's last way to sign in (no password and no other provider). The user's row is
 * locked first, so two unlinks at once (or an unlink beside a password change) see each other.
 */
export async function unlinkIdentity(db: Db, userId: string, provider: SsoProvider): Promise<'unlinked' | 'not_linked' | 'last'> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    const linked = await tx.select({ provider: userIdentities.provider }).from(userIdentities).where(eq(userIdentities.userId, userId));
    if (!linked.some((row) => row.provider === provider)) return 'not_linked';
    if (!user?.passwordHash && linked.length === 1) return 'last';
    await tx.delete(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
    return 'unlinked';
  });
}
