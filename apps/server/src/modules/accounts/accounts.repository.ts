import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { userTokens } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { randomToken, sha256 } from '../../lib/tokens';

export type TokenKind = 'password_reset' | 'activation';
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = { password_reset: 3600_000, activation: 7 * 24 * 3600_000 };
/** At most one mail of a kind per user per minute. */
const RESEND_INTERVAL_MS = 60_000;

/** A single-use link token; only its hash is stored. Null when one was issued within the last minute. */
export async function issueToken(db: DbOrTx, userId: string, kind: TokenKind, now = new Date()): Promise<string | null> {
  const [recent] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), gt(userTokens.createdAt, new Date(now.getTime() - RESEND_INTERVAL_MS))))
    .limit(1);
  if (recent) return null;
  const token = randomToken();
  await db.insert(userTokens).values({ userId, kind, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]) });
  return token;
}

/**
 * Use a token once: the conditional update succeeds for exactly one caller, even when two
 * requests race, and only while the token is unexpired.
 */
export async function consumeToken(tx: DbOrTx, uid: string, token: string, kind: TokenKind, now = new Date()): Promise<boolean> {
  const used = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.kind, kind),
        sql`${userTokens.userId}::text = ${uid}`,
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ id: userTokens.id });
  return used.length === 1;
}
