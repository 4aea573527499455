import ipaddr from 'ipaddr.js';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { HttpError } from './http-error';

/**
 * Issue 32 (decision 042): counters of attempts kept in the database by rate-limiter-flexible's PostgreSQL store, in the
 * `login_throttles` table (its shape: key, points, expire), so every server process on one PostgreSQL shares them, and
 * so does the one process on PGlite. Login throttling (modules/auth/throttle.ts) and the sales portal's sign-up limit
 * are built on these.
 */
export const RATE_LIMIT_TABLE = 'login_throttles';

/**
 * The store sends `{ text, values }` to a client's `query`. node-postgres's pool and PGlite both take `(text, values)`;
 * their answers differ (PGlite: `affectedRows`, bigint as BigInt), so they are made alike here.
 */
function storeClientOf(db: Db) {
  type Answer = { rows: Record<string, unknown>[]; rowCount?: number | null; affectedRows?: number };
  const client = (db as unknown as { $client: { query: (text: string, values?: unknown[]) => Promise<Answer> } }).$client;
  return {
    query: async (q: { text: string; values?: unknown[] }) => {
      const res = await client.query(q.text, q.values);
      const rows = res.rows.map((r) => ({ points: Number(r.points), expire: r.expire === null || r.expire === undefined ? null : Number(r.expire) }));
      return { rows, rowCount: rows.length > 0 ? rows.length : (res.rowCount ?? res.affectedRows ?? 0) };
    },
  };
}

const storeClients = new WeakMap<Db, ReturnType<typeof storeClientOf>>();

/**
 * A counter of `points` per `duration` seconds, its keys prefixed with `keyPrefix`. `clearExpired`: this one deletes
 * the table's rows expired over an hour ago, every 5 minutes (one per process is enough).
 */
export function rateLimiter(db: Db, opts: { keyPrefix: string; points: number; duration: number; clearExpired?: boolean }): RateLimiterPostgres {
  let storeClient = storeClients.get(db);
  if (!storeClient) storeClients.set(db, (storeClient = storeClientOf(db)));
  return new RateLimiterPostgres({
    storeClient,
    storeType: 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: opts.keyPrefix,
    points: opts.points,
    duration: opts.duration,
    clearExpiredByTimeout: opts.clearExpired ?? false,
  });
}

/** Consumes one point; answers null when within the limit, else the refusal (what `consume` rejects with). */
export async function consumeOrRefusal(limiter: RateLimiterPostgres, key: string): Promise<RateLimiterRes | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

/** The source of a request as counted: its address; an IPv6 address as its /64, which one subscriber usually holds whole. */
export function sourceOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/** "2 seconds", "1 minute": how long to wait, rounded up. */
export function waitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 429 whose Retry-After is the wait in seconds (rounded up). `message` gets the wait's words. */
export function tooManyRequests(waitMs: number, message: (wait: string) => string, code: string): HttpError {
  const err = new HttpError(429, message(waitText(waitMs)), code);
  err.headers = { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) };
  return err;
}
