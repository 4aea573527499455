import { eq, inArray, sql } from 'drizzle-orm';
import { loginThrottles } from '../../db/schema';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';

const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
/** Failures allowed in a window: per account, and per address (a front desk shares one). */
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 50;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

export async function assertNotThrottled(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const rows = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, [accountKey(email), addressKey(ip)]));
  const lockedUntil = rows
    .map((r) => r.lockedUntil?.getTime() ?? 0)
    .reduce((a, b) => Math.max(a, b), 0);
  if (lockedUntil > now.getTime()) {
    const minutes = Math.ceil((lockedUntil - now.getTime()) / 60_000);
    throw new HttpError(
      429,
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'throttled',
    );
  }
}

export async function recordFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  for (const [key, limit] of [[accountKey(email), ACCOUNT_LIMIT], [addressKey(ip), ADDRESS_LIMIT]] as const) {
    await db
      .insert(loginThrottles)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          failures: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${loginThrottles.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
          lockedUntil: sql`case when ${loginThrottles.windowStartedAt} >= ${windowStart.toISOString()} and ${loginThrottles.failures} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${loginThrottles.lockedUntil} end`,
        },
      });
  }
}

export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, accountKey(email)));
}
