import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimiter, sourceOf, tooManyRequests } from '../../lib/rate-limits';

/**
 * Issue 32, decision 042: login throttling after OWASP's Authentication Cheat Sheet ("Login Throttling", "Account
 * Lockout"): failed attempts are counted per account and per source, and once an allowance is used each further attempt
 * waits, the wait doubling (1 s, 2 s, 4 s … at most 15 minutes), answered as 429 with Retry-After. Three gates:
 *
 * - **pair** (account, source): every attempt counts; the first `free` pass at once; a login ends the pair's count.
 * - **source**, across accounts: a front desk shares an address, hence a larger allowance.
 * - **account**, across sources: guessing spread over many addresses. Only a pair's own free attempts count here, so
 *   one source, however persistent, cannot start the account's waits (its pair gate slows it already).
 *
 * A pair that logged in within the last 30 days is known: only its pair gate applies, so no one else's failures, from
 * another source or spraying from the same one, keep the holder of the right password out there.
 *
 * Counters live in `login_throttles` through rate-limiter-flexible's PostgreSQL store (lib/rate-limits.ts: one
 * statement per change, atomic across server processes on one PostgreSQL, and on PGlite). Attempts are counted before
 * the password is checked, and only the attempt that takes a gate's free turn passes, so a burst of simultaneous
 * attempts gets no more tries.
 */
export const LOGIN_THROTTLE = {
  pair: { free: 5 },
  source: { free: 50 },
  account: { free: 20 },
  /** How long an allowance lasts from its first attempt, and the waits' count from the first wait. */
  windowSeconds: 24 * 3600,
  firstWaitSeconds: 1,
  maxWaitSeconds: 15 * 60,
  /** How long a successful login makes its (account, source) known. */
  knownSeconds: 30 * 24 * 3600,
} as const;

type GateName = 'pair' | 'source' | 'account';

type Gate = {
  free: number;
  /** Attempts in the allowance's window. */
  attempts: RateLimiterPostgres;
  /** The current wait: a row while it runs, whose first taker passes. */
  wait: RateLimiterPostgres;
  /** How many waits were imposed: the next one doubles. */
  waits: RateLimiterPostgres;
};

/** What a gate says of one attempt: passes (at once, within its allowance, or after its wait) or waits so long. */
type Verdict = { passes: true; free: boolean } | { passes: false; waitMs: number };

export class LoginThrottle {
  private readonly gates: Record<GateName, Gate>;
  private readonly known: RateLimiterPostgres;

  constructor(db: Db) {
    const limiter = (keyPrefix: string, points: number, clearExpired = false) =>
      rateLimiter(db, { keyPrefix, points, duration: LOGIN_THROTTLE.windowSeconds, clearExpired });
    const gate = (name: GateName, first: boolean): Gate => ({
      free: LOGIN_THROTTLE[name].free,
      attempts: limiter(`${name}_attempts`, LOGIN_THROTTLE[name].free, first),
      wait: limiter(`${name}_wait`, 1),
      waits: limiter(`${name}_waits`, 1),
    });
    this.gates = { pair: gate('pair', true), source: gate('source', false), account: gate('account', false) };
    this.known = limiter('known', 1);
  }

  /**
   * Counts one attempt to log in as `email` from `ip`, before its password is checked; throws the 429 when it must
   * wait. Its answer is handed back to `succeeded` when the password was right.
   */
  async attempt(email: string, ip: string): Promise<Attempt> {
    const keys = keysOf(email, ip);
    const known = (await this.known.get(keys.pair)) !== null;
    const gates: GateName[] = known ? ['pair'] : ['pair', 'source', 'account'];
    // A wait in progress refuses without counting the attempt.
    const running = await Promise.all(gates.map((g) => this.gates[g].wait.get(keys[g])));
    const waitMs = Math.max(0, ...running.map((r) => r?.msBeforeNext ?? 0));
    if (waitMs > 0) throw throttled(waitMs);
    const counted: GateName[] = [];
    const pair = await this.pass('pair', keys.pair);
    if (!pair.passes) throw throttled(pair.waitMs);
    if (pair.free) counted.push('pair');
    if (!known) {
      const source = await this.pass('source', keys.source);
      if (!source.passes) throw throttled(source.waitMs);
      if (source.free) counted.push('source');
      // Only the pair's own free attempts count toward the account (see above); later ones are refused during its wait.
      if (pair.free) {
        const account = await this.pass('account', keys.account);
        if (!account.passes) throw throttled(account.waitMs);
        if (account.free) counted.push('account');
      }
    }
    return { keys, counted };
  }

  /** The password was right: the pair starts afresh and is known; the attempt is given back to its source and account. */
  async succeeded(attempt: Attempt): Promise<void> {
    const { keys } = attempt;
    const pair = this.gates.pair;
    await Promise.all([pair.attempts.delete(keys.pair), pair.wait.delete(keys.pair), pair.waits.delete(keys.pair)]);
    await this.known.set(keys.pair, 1, LOGIN_THROTTLE.knownSeconds);
    for (const g of ['source', 'account'] as const) if (attempt.counted.includes(g)) await this.gates[g].attempts.reward(keys[g], 1);
  }

  /**
   * OWASP's way out of a lock-out: a password set through a reset link (the mailbox's holder) ends the throttling of
   * the pair it was set from, and makes that pair known.
   */
  async cleared(email: string, ip: string): Promise<void> {
    await this.succeeded({ keys: keysOf(email, ip), counted: [] });
  }

  /**
   * One gate, race-free across processes: the attempt counter is one atomic statement; the attempt that uses the last
   * free turn starts the first wait; after a wait has run out, exactly one attempt (the first to add to the new wait's
   * row) passes and starts the next, twice as long.
   */
  private async pass(name: GateName, key: string): Promise<Verdict> {
    const gate = this.gates[name];
    try {
      const res = await gate.attempts.consume(key);
      if (res.consumedPoints >= gate.free) await this.startWait(gate, key);
      return { passes: true, free: true };
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
    }
    const waits = await gate.waits.get(key);
    // Over the allowance with no wait counted yet: the attempt that used the last free turn is starting it.
    if (!waits) return { passes: false, waitMs: LOGIN_THROTTLE.firstWaitSeconds * 1000 };
    const turn = await this.startWait(gate, key, waits.consumedPoints);
    return turn.consumedPoints === 1 ? { passes: true, free: false } : { passes: false, waitMs: turn.msBeforeNext };
  }

  private async startWait(gate: Gate, key: string, waitsSoFar?: number): Promise<RateLimiterRes> {
    const before = waitsSoFar ?? (await gate.waits.get(key))?.consumedPoints ?? 0;
    const seconds = Math.min(LOGIN_THROTTLE.firstWaitSeconds * 2 ** before, LOGIN_THROTTLE.maxWaitSeconds);
    const turn = await gate.wait.penalty(key, 1, { customDuration: seconds });
    if (turn.consumedPoints === 1) await gate.waits.penalty(key, 1);
    return turn;
  }
}

export type Attempt = { keys: Record<GateName, string>; counted: GateName[] };

/**
 * The keys of an attempt: the email as typed (trimmed, any case: an unknown email is throttled like a known one, so the
 * answers tell nothing), and the source address; an IPv6 source is its /64, which one subscriber usually holds whole.
 */
export function keysOf(email: string, ip: string): Record<GateName, string> {
  const account = email.trim().toLowerCase();
  const source = sourceOf(ip);
  return { pair: `${account} ${source}`, source, account };
}

function throttled(waitMs: number) {
  return tooManyRequests(waitMs, (wait) => `Too many failed login attempts. Please try again in ${wait}.`, 'throttled');
}

const throttles = new WeakMap<Db, LoginThrottle>();
/** The throttle of a database (one per server process and database). */
export function loginThrottleOf(db: Db): LoginThrottle {
  let throttle = throttles.get(db);
  if (!throttle) throttles.set(db, (throttle = new LoginThrottle(db)));
  return throttle;
}
