import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Permission, Role, StripeAccountType, StripeStatus, DemoGymType } from '@spotter/shared';
import { athletes, demoGyms, gyms, kiloStaff, profiles, sessions, staff, users } from '../db/schema';
import type { Db } from '../db/client';
import type { Change, ChangeFeed } from '../lib/changes';
import { joinRunning } from '../lib/in-flight';
import { randomToken, sha256 } from '../lib/tokens';
import { isUnsafeMethod } from './csrf';

export const SESSION_COOKIE = 'sessionid';
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** Who is calling: the server-side session, its user and the chosen profile with its gym. */
export type AuthContext = {
  sessionId: string;
  tokenHash: string;
  userId: string;
  email: string;
  /** Who acts: the platform staff member while impersonating, else the user. */
  actorUserId: string;
  impersonatorProfileId: string | null;
  isImpersonating: boolean;
  lastSeenAt: Date;
  /** When the session ends unless it is used again (sliding expiry); never later than what the database says. */
  expiresAt: Date;
  profileId: string | null;
  /** The chosen profile's full name (its staff, athlete or platform staff record), for the header (issue 23). */
  profileName: string | null;
  role: Role | null;
  loginEnabled: boolean;
  gym: {
    gymId: string;
    title: string;
    timeZone: string;
    country: 'US' | 'GB' | 'CA';
    stripeStatus: StripeStatus;
    stripeAccountType: StripeAccountType;
    ghlV2Enabled: boolean;
  } | null;
  athleteId: string | null;
  staffId: string | null;
  permissions: Permission[];
  kiloStaffId: string | null;
  isSalesTeam: boolean;
  demoGym: { type: DemoGymType; isActive: boolean; expiresAt: Date | null } | null;
  /** Issue 20: the document this device is handed over to sign (decision 035); every other route refuses meanwhile. */
  signingDocumentId: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * One query: session, user, profile, gym and demo gym joined, the role records as indexed scalar
 * subqueries (eight joined tables made PostgreSQL spend ~8 ms planning each request), prepared once
 * per database so the plan is reused.
 */
function authContextQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      userActive: users.isActive,
      impersonatorUserId: sessions.impersonatorUserId,
      impersonatorProfileId: sessions.impersonatorProfileId,
      signingDocumentId: sessions.signingDocumentId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      profileId: profiles.id,
      role: profiles.role,
      loginEnabled: profiles.loginEnabled,
      gymId: gyms.id,
      gymTitle: gyms.title,
      timeZone: gyms.timeZone,
      country: gyms.country,
      stripeStatus: gyms.stripeStatus,
      stripeAccountType: gyms.stripeAccountType,
      ghlV2Enabled: gyms.ghlV2Enabled,
      profileName: sql<string | null>`coalesce(
        (select ${staff.firstName} || ' ' || ${staff.lastName} from ${staff} where ${staff.profileId} = ${profiles.id}),
        (select ${athletes.firstName} || ' ' || ${athletes.lastName} from ${athletes} where ${athletes.profileId} = ${profiles.id}),
        (select ${kiloStaff.firstName} || ' ' || ${kiloStaff.lastName} from ${kiloStaff} where ${kiloStaff.profileId} = ${profiles.id}))`,
      athleteId: sql<string | null>`(select ${athletes.id} from ${athletes} where ${athletes.profileId} = ${profiles.id})`,
      staffId: sql<string | null>`(select ${staff.id} from ${staff} where ${staff.profileId} = ${profiles.id})`,
      permissions: sql<string[] | null>`(select ${staff.permissions} from ${staff} where ${staff.profileId} = ${profiles.id})`,
      kiloStaffId: sql<string | null>`(select ${kiloStaff.id} from ${kiloStaff} where ${kiloStaff.profileId} = ${profiles.id})`,
      isSalesTeam: sql<boolean | null>`(select ${kiloStaff.isSalesTeam} from ${kiloStaff} where ${kiloStaff.profileId} = ${profiles.id})`,
      demoType: demoGyms.type,
      demoActive: demoGyms.isActive,
      demoExpiresAt: demoGyms.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.profileId))
    .leftJoin(gyms, eq(gyms.id, profiles.gymId))
    .leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('load_auth_context');
}
const preparedAuthQueries = new WeakMap<Db, ReturnType<typeof authContextQuery>>();

export async function loadAuthContext(db: Db, tokenHash: string, now = new Date()): Promise<AuthContext | null> {
  let query = preparedAuthQueries.get(db);
  if (!query) {
    query = authContextQuery(db);
    preparedAuthQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash, now: now.toISOString() });
  const r = rows[0];
  if (!r || !r.userActive) return null;
  return {
    sessionId: r.sessionId,
    tokenHash,
    userId: r.userId,
    email: r.email,
    actorUserId: r.impersonatorUserId ?? r.userId,
    impersonatorProfileId: r.impersonatorProfileId,
    isImpersonating: r.impersonatorUserId !== null,
    lastSeenAt: r.lastSeenAt,
    expiresAt: r.expiresAt,
    profileId: r.profileId,
    profileName: r.profileName,
    role: r.role,
    loginEnabled: r.loginEnabled ?? false,
    gym:
      r.gymId && r.gymTitle !== null && r.timeZone && r.country && r.stripeStatus && r.stripeAccountType
        ? {
            gymId: r.gymId,
            title: r.gymTitle,
            timeZone: r.timeZone,
            country: r.country,
            stripeStatus: r.stripeStatus,
            stripeAccountType: r.stripeAccountType,
            ghlV2Enabled: r.ghlV2Enabled ?? false,
          }
        : null,
    athleteId: r.athleteId,
    staffId: r.staffId,
    permissions: (r.permissions ?? []) as Permission[],
    kiloStaffId: r.kiloStaffId,
    isSalesTeam: r.isSalesTeam ?? false,
    demoGym: r.demoType ? { type: r.demoType, isActive: r.demoActive ?? false, expiresAt: r.demoExpiresAt } : null,
    signingDocumentId: r.signingDocumentId,
  };
}

export type SessionOptions = {
  db: Db;
  /** Decision 018: the writes that change sessions, users, profiles or gyms publish it here (lib/changes.ts). */
  changes: ChangeFeed;
  ttlMs: number;
  cookieSecure: boolean;
  /** SESSION_CACHE_MS: how long a lookup made for a read may answer later reads of the session (0: never). */
  keepMs?: number;
  /**
   * This process is the database's only writer (PGlite, held by the data directory's lock): a kept session is then
   * exactly what a lookup would find, so writes may use it too.
   */
  soleWriter?: boolean;
};

export function sessionCookieOptions(secure: boolean, maxAgeSeconds?: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) };
}

/** Start a session for a user: a fresh random id in the cookie, only its hash in the database. */
export async function createSession(
  db: Db,
  reply: FastifyReply,
  request: FastifyRequest,
  opts: SessionOptions,
  values: { userId: string; profileId: string | null; impersonatorUserId?: string | null; impersonatorProfileId?: string | null },
): Promise<string> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash,
    createdAt: now,
    lastSeenAt: now,
    userId: values.userId,
    profileId: values.profileId,
    impersonatorUserId: values.impersonatorUserId ?? null,
    impersonatorProfileId: values.impersonatorProfileId ?? null,
    expiresAt: new Date(now.getTime() + opts.ttlMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.replaceAll('\0', '').slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(opts.cookieSecure, Math.floor(opts.ttlMs / 1000)));
  return tokenHash;
}

/** Give the current session a new id (login, impersonation start and stop) and return its hash. */
export async function rotateSession(
  db: Db,
  reply: FastifyReply,
  sessionId: string,
  opts: SessionOptions,
  changes: Partial<Pick<typeof sessions.$inferInsert, 'userId' | 'profileId' | 'impersonatorUserId' | 'impersonatorProfileId'>>,
): Promise<string> {
  const token = randomToken();
  const tokenHash = sha256(token);
  await db
    .update(sessions)
    .set({ ...changes, tokenHash, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + opts.ttlMs) })
    .where(eq(sessions.id, sessionId));
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(opts.cookieSecure, Math.floor(opts.ttlMs / 1000)));
  return tokenHash;
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
}

/**
 * Requests that arrive together with the same session (a kiosk tablet at a class start) share one lookup of it, so a
 * burst of check-ins costs one session query rather than one each. A request joins a lookup only while no change to
 * sessions has been heard since that lookup began: a logout, a password change or a deactivation committed before a
 * request arrived is always seen by it, exactly as with a lookup of its own.
 *
 * With `keepMs` above 0, a session found by a lookup also answers later requests of it for at most `keepMs`, until a
 * change names it. Every write that changes what a session is read from (the session itself, its user, the gym or
 * demo gym of its profile) publishes that change when it commits (lib/changes.ts, decision 018), in this process and,
 * on PostgreSQL, every other: the kept sessions it names are dropped at once. A change nobody publishes (SQL run by
 * hand) is seen within `keepMs`. Reads may use a kept session; writes too where this process is the database's only
 * writer (PGlite); on PostgreSQL a write looks its session up afresh, as a change from another process may still be
 * on its way. "No session" is never kept; an entry ends with the session's own expiry.
 */
export class SharedSessionLookups {
  #generation = 0;
  /** Keyed by the generation and the token hash: a lookup from before a change is not joined. */
  readonly #inFlight = new Map<string, Promise<AuthContext | null>>();
  /** Sessions found since, by token hash, with when their lookup began. */
  readonly #kept = new Map<string, { auth: AuthContext; since: number }>();

  constructor(
    private readonly keepMs = 0,
    private readonly now: () => number = Date.now,
    private readonly maxKept = 2000,
  ) {}

  /** Sessions changed: those the change names are looked up again, and lookups that began before it are not joined. */
  changed(change: Extract<Change, { kind: 'sessions' }> | { kind: 'everything' }): void {
    this.#generation++;
    const all = change.kind === 'everything' || (!change.sessionId && !change.userId && !change.gymId);
    for (const [tokenHash, { auth }] of this.#kept) {
      if (all || (change.kind === 'sessions' && namedBy(change, auth))) this.#kept.delete(tokenHash);
    }
  }

  /** `mayUseKept`: a request a kept session may answer (a read, or a write with a sole writer). */
  lookup(tokenHash: string, load: () => Promise<AuthContext | null>, mayUseKept = false): Promise<AuthContext | null> {
    const now = this.now();
    if (mayUseKept && this.keepMs > 0) {
      const kept = this.#kept.get(tokenHash);
      if (kept && now - kept.since < this.keepMs && kept.auth.expiresAt.getTime() > now) return Promise.resolve(kept.auth);
    }
    const generation = this.#generation;
    const { result, joined } = joinRunning(this.#inFlight, `${generation} ${tokenHash}`, load);
    if (!joined && this.keepMs > 0) {
      result.then(
        (auth) => {
          // Not once a change has been heard since the lookup began: it may have changed what was read.
          if (!auth || generation !== this.#generation) return;
          this.#kept.delete(tokenHash);
          if (this.#kept.size >= this.maxKept) this.#kept.delete(this.#kept.keys().next().value!);
          this.#kept.set(tokenHash, { auth, since: now });
        },
        () => undefined,
      );
    }
    return result;
  }
}

/** Whether a change of sessions names this session: itself, its user (or impersonator), or its profile's gym. */
function namedBy(change: Extract<Change, { kind: 'sessions' }>, auth: AuthContext): boolean {
  return (
    (change.sessionId !== undefined && change.sessionId === auth.sessionId) ||
    (change.userId !== undefined && (change.userId === auth.userId || change.userId === auth.actorUserId)) ||
    (change.gymId !== undefined && change.gymId === auth.gym?.gymId)
  );
}

/** Requests that share a lookup share its answer: a change to it would leak into the others, so it throws instead. */
function frozen(auth: AuthContext): AuthContext {
  Object.freeze(auth.permissions);
  if (auth.gym) Object.freeze(auth.gym);
  if (auth.demoGym) Object.freeze(auth.demoGym);
  return Object.freeze(auth);
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionOptions) => {
  const lookups = new SharedSessionLookups(opts.keepMs ?? 0);
  opts.changes.on((change) => {
    if (change.kind === 'sessions' || change.kind === 'everything') lookups.changed(change);
  });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const tokenHash = sha256(token);
    const isWrite = isUnsafeMethod(request.method);
    // Nothing kept answers while this process may miss another's change (its change feed is not listening).
    // And only once this process has heard every change committed before the request (lib/changes.ts caughtUp).
    const wantsKept = !isWrite || opts.soleWriter === true;
    if (wantsKept) await opts.changes.caughtUp();
    const mayUseKept = wantsKept && opts.changes.listening;
    // Shared: nothing below may change the AuthContext it answers.
    request.auth = await lookups.lookup(
      tokenHash,
      async () => {
        const auth = await loadAuthContext(opts.db, tokenHash);
        if (auth && Date.now() - auth.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
          // Sliding expiry, written at most every few minutes so reads stay read-only.
          await opts.db
            .update(sessions)
            .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + opts.ttlMs) })
            .where(eq(sessions.id, auth.sessionId));
        }
        return auth && frozen(auth);
      },
      mayUseKept,
    );
  });
});

/** Drop expired sessions and old throttle rows; run at start and every hour. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
