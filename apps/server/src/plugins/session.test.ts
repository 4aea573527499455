import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { reservations } from '../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type TestApp } from '../../test/helper';
import { TEST_PASSWORD } from '../../test/factories';
import type { Change } from '../lib/changes';
import { SharedSessionLookups, type AuthContext } from './session';

const clock = fixClock(TEST_NOW);

describe('SharedSessionLookups', () => {
  const pending = () => {
    let resolve!: (auth: AuthContext | null) => void;
    const promise = new Promise<AuthContext | null>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('lets requests of the same session that arrive together share one lookup, and not other sessions', async () => {
    const lookups = new SharedSessionLookups();
    const first = pending();
    let loads = 0;
    const load = (p: ReturnType<typeof pending>) => () => {
      loads++;
      return p.promise;
    };
    const a = lookups.lookup('token-1', load(first));
    const b = lookups.lookup('token-1', load(pending()));
    const other = lookups.lookup('token-2', load(pending()));
    expect(loads).toBe(2);
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    first.resolve(null);
    await a;
    // Over: the next request looks the session up again.
    const next = pending();
    const c = lookups.lookup('token-1', load(next));
    expect(loads).toBe(3);
    next.resolve(null);
    expect(await c).toBeNull();
  });

  it.each<[string, Change | { kind: 'everything' }]>([
    ['its own session', { kind: 'sessions', sessionId: 's' }],
    ['another session', { kind: 'sessions', sessionId: 'another' }],
    ['a user', { kind: 'sessions', userId: 'u' }],
    ['a gym', { kind: 'sessions', gymId: 'g' }],
    ['everything', { kind: 'everything' }],
  ])('does not let a request join a lookup that began before a change of sessions (%s)', async (_name, change) => {
    const lookups = new SharedSessionLookups();
    const before = pending();
    const after = pending();
    const a = lookups.lookup('token', () => before.promise);
    lookups.changed(change as Parameters<SharedSessionLookups['changed']>[0]);
    const b = lookups.lookup('token', () => after.promise);
    expect(b).not.toBe(a);
    // The later request's own lookup decides for it, and later requests share that one.
    expect(lookups.lookup('token', () => pending().promise)).toBe(b);
    before.resolve(null);
    after.resolve(null);
    await Promise.all([a, b]);
  });

  it('passes a failed lookup to every request that shared it, and keeps no failure', async () => {
    const lookups = new SharedSessionLookups();
    const failing = lookups.lookup('token', () => Promise.reject(new Error('connection lost')));
    const joined = lookups.lookup('token', () => Promise.resolve(null));
    await expect(failing).rejects.toThrow('connection lost');
    await expect(joined).rejects.toThrow('connection lost');
    expect(await lookups.lookup('token', () => Promise.resolve(null))).toBeNull();
  });
});

describe('SharedSessionLookups keeping sessions for reads (SESSION_CACHE_MS)', () => {
  const far = 10 ** 13;
  const auth = (expiresAt: number, o: Partial<AuthContext> = {}) =>
    ({ sessionId: 's', userId: 'u', actorUserId: 'u', gym: null, expiresAt: new Date(expiresAt), ...o }) as AuthContext;
  const setup = (keepMs = 10_000, maxKept = 2000) => {
    let clock = 1_000_000;
    const lookups = new SharedSessionLookups(keepMs, () => clock, maxKept);
    let loads = 0;
    const load = (answer: AuthContext | null | Error) => () => {
      loads++;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
    return { lookups, load, loads: () => loads, tick: (ms: number) => void (clock += ms) };
  };

  it('answers reads from a found session until a change names it, and never requests that may not use it', async () => {
    const { lookups, load, loads } = setup();
    const found = auth(far);
    expect(await lookups.lookup('t', load(found), true)).toBe(found);
    expect(await lookups.lookup('t', load(null), true)).toBe(found);
    expect(loads()).toBe(1);
    // A request that may not use a kept session (a write on PostgreSQL) looks up afresh, and so does another session.
    expect(await lookups.lookup('t', load(found), false)).toBe(found);
    expect(await lookups.lookup('u', load(null), true)).toBeNull();
    expect(loads()).toBe(3);
    // A change naming another session leaves it kept; one naming it ends it: the next read sees, say, a logout.
    lookups.changed({ kind: 'sessions', sessionId: 'another' });
    expect(await lookups.lookup('t', load(null), true)).toBe(found);
    expect(loads()).toBe(3);
    lookups.changed({ kind: 'sessions', sessionId: 's' });
    expect(await lookups.lookup('t', load(null), true)).toBeNull();
    expect(loads()).toBe(4);
  });

  it('drops exactly the kept sessions a change names: by session, by user (or impersonator), by gym', async () => {
    const gym = (gymId: string) => ({ gymId }) as AuthContext['gym'];
    const sessions: Record<string, AuthContext> = {
      s1: auth(far, { sessionId: 's1', userId: 'u1', actorUserId: 'u1', gym: gym('g1') }),
      s2: auth(far, { sessionId: 's2', userId: 'u1', actorUserId: 'u1', gym: gym('g2') }),
      s3: auth(far, { sessionId: 's3', userId: 'u2', actorUserId: 'u2', gym: gym('g1') }),
      s4: auth(far, { sessionId: 's4', userId: 'u3', actorUserId: 'u3', gym: null }),
      // Platform staff u5 impersonating u4.
      s5: auth(far, { sessionId: 's5', userId: 'u4', actorUserId: 'u5', gym: gym('g2') }),
    };
    const reloadedAfter = async (change: Parameters<SharedSessionLookups['changed']>[0]) => {
      const { lookups } = setup();
      for (const [token, found] of Object.entries(sessions)) await lookups.lookup(token, () => Promise.resolve(found), true);
      lookups.changed(change);
      const reloaded: string[] = [];
      for (const [token, found] of Object.entries(sessions)) {
        await lookups.lookup(
          token,
          () => {
            reloaded.push(token);
            return Promise.resolve(found);
          },
          true,
        );
      }
      return reloaded;
    };
    expect(await reloadedAfter({ kind: 'sessions', sessionId: 's1' })).toEqual(['s1']);
    expect(await reloadedAfter({ kind: 'sessions', userId: 'u1' })).toEqual(['s1', 's2']);
    expect(await reloadedAfter({ kind: 'sessions', userId: 'u4' })).toEqual(['s5']);
    expect(await reloadedAfter({ kind: 'sessions', userId: 'u5' })).toEqual(['s5']);
    expect(await reloadedAfter({ kind: 'sessions', gymId: 'g1' })).toEqual(['s1', 's3']);
    expect(await reloadedAfter({ kind: 'sessions', gymId: 'g3' })).toEqual([]);
    expect(await reloadedAfter({ kind: 'sessions', sessionId: 's4', gymId: 'g2' })).toEqual(['s2', 's4', 's5']);
    // A change naming nothing, or the feed's loss, may have changed any session.
    expect(await reloadedAfter({ kind: 'sessions' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(await reloadedAfter({ kind: 'everything' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('keeps a session for keepMs at most, never past its own expiry, and never "no session"', async () => {
    const { lookups, load, loads, tick } = setup(10_000);
    await lookups.lookup('t', load(auth(far)), true);
    tick(9_999);
    await lookups.lookup('t', load(auth(far)), true);
    expect(loads()).toBe(1);
    tick(1);
    await lookups.lookup('t', load(auth(1_000_000 + 10_000 + 500)), true);
    expect(loads()).toBe(2);
    // That session expires 500 ms from now: kept until then only.
    tick(499);
    await lookups.lookup('t', load(null), true);
    expect(loads()).toBe(2);
    tick(1);
    expect(await lookups.lookup('t', load(null), true)).toBeNull();
    expect(await lookups.lookup('t', load(null), true)).toBeNull();
    expect(loads()).toBe(4);
  });

  it('keeps nothing from a lookup a change was heard during, nothing that failed, and nothing when turned off', async () => {
    const { lookups, loads } = setup();
    let resolve!: (a: AuthContext) => void;
    const during = lookups.lookup('t', () => new Promise((r) => (resolve = r)), true);
    lookups.changed({ kind: 'sessions', userId: 'someone else' });
    resolve(auth(far));
    await during;
    let count = 0;
    const counted = (answer: AuthContext | null) => () => {
      count++;
      return Promise.resolve(answer);
    };
    await lookups.lookup('t', counted(null), true);
    expect(count).toBe(1);
    await expect(lookups.lookup('f', () => Promise.reject(new Error('lost')), true)).rejects.toThrow('lost');
    await lookups.lookup('f', counted(auth(far)), true);
    expect(count).toBe(2);
    expect(loads()).toBe(0);

    const off = setup(0);
    await off.lookups.lookup('t', off.load(auth(far)), true);
    await off.lookups.lookup('t', off.load(auth(far)), true);
    expect(off.loads()).toBe(2);
  });

  it('holds at most maxKept sessions, dropping the oldest', async () => {
    const { lookups, load, loads } = setup(10_000, 2);
    for (const t of ['a', 'b', 'c']) await lookups.lookup(t, load(auth(far)), true);
    await lookups.lookup('c', load(auth(far)), true);
    await lookups.lookup('b', load(auth(far)), true);
    expect(loads()).toBe(3);
    await lookups.lookup('a', load(auth(far)), true);
    expect(loads()).toBe(4);
  });
});

describe('a server keeping sessions for reads (SESSION_CACHE_MS=10000)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let other: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '10000' });
    w = await t.make.kioskGym({ athletes: 4 });
    other = await t.make.kioskGym({ athletes: 1, timeZone: 'Europe/London', country: 'GB' });
  });
  afterAll(async () => {
    await t.close();
  });
  const lookups = async (run: () => Promise<unknown>) => (await countDriverQueries(t.db, run)).count;

  it('looks a session up once for a run of reads; other users’ and refused writes leave it, a change naming it ends it', async () => {
    const c = await t.as(w.staff);
    expect((await c.get('/api/auth/csrf/')).statusCode).toBe(200);
    expect(
      await lookups(async () => {
        for (let i = 0; i < 4; i++) expect((await c.get('/api/health')).statusCode).toBe(200);
      }),
    ).toBe(0);
    // A write refused by validation changes nothing; it looks the session up afresh on PostgreSQL, where another
    // process may have changed it, and may use the kept one on PGlite, whose only writer this process is.
    const refused = await countDriverQueries(t.db, () => c.post('/api/auth/select-profile/', { profileId: 'not-an-id' }));
    expect(refused.result.statusCode).toBe(400);
    expect(refused.count).toBe(t.kind === 'pglite' ? 0 : 1);
    expect(await lookups(() => c.get('/api/health'))).toBe(0);
    // Another user's logout in another gym names another session: this one stays kept.
    const uk = await t.as(other.owner);
    expect((await uk.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect(await lookups(() => c.get('/api/health'))).toBe(0);
    // Choosing a profile changes this session: it is looked up again, and then kept again.
    expect((await c.post('/api/auth/select-profile/', { profileId: w.staff.profileId })).statusCode).toBe(200);
    expect(await lookups(() => c.get('/api/health'))).toBe(1);
    expect(await lookups(() => c.get('/api/health'))).toBe(0);
  });

  it('refuses a kept session as soon as its logout is answered', async () => {
    const c = await t.as(w.staff);
    const replay = t.client();
    replay.cookies.set('sessionid', c.cookies.get('sessionid')!);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(200);
    expect(await lookups(() => replay.get('/api/auth/session/'))).toBe(0);
    expect((await c.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(401);
  });

  it("ends every kept session of a user whose password changes, in every browser, and no one else's", async () => {
    const owner = await t.make.owner(w.gym.id);
    const [laptop, phone, colleague] = [await t.as(owner), await t.as(owner), await t.as(w.staff)];
    for (const c of [laptop, phone, colleague]) expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
    expect(await lookups(() => Promise.all([phone.get('/api/auth/session/'), colleague.get('/api/auth/session/')]))).toBe(0);
    const changed = await laptop.post('/api/auth/change-password/', {
      password: TEST_PASSWORD,
      newPassword: 'Another-Secret-42',
      reNewPassword: 'Another-Secret-42',
    });
    expect(changed.statusCode).toBe(200);
    // The phone's session was ended by the change, and its kept copy with it.
    expect((await phone.get('/api/auth/session/')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/session/')).statusCode).toBe(200);
    expect(await lookups(() => colleague.get('/api/auth/session/'))).toBe(0);
  });

  it('does not keep a session changed behind its back for longer than SESSION_CACHE_MS', async () => {
    const short = await createTestApp({ SESSION_CACHE_MS: '200' });
    try {
      const { staff } = await short.make.kioskGym({ athletes: 0 });
      const c = await short.as(staff);
      expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
      // SQL by hand (nobody publishes it): this process cannot know yet.
      await short.db.execute(sql`delete from sessions`);
      expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
      clock.set(new Date(Date.parse(TEST_NOW) + 250));
      expect((await c.get('/api/auth/session/')).statusCode).toBe(401);
    } finally {
      clock.set(TEST_NOW);
      await short.close();
    }
  });
});

describe('writes with a kept session (decision 018: no route is session-neutral)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let held: string[];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '10000' });
    w = await t.make.kioskGym({ athletes: 4 });
    const event = await t.make.event(w.gym, { time: '23:00' });
    held = await t.make.reserve(
      event,
      w.members.map((m) => m.athleteId),
    );
  });
  afterAll(async () => {
    await t.close();
  });
  const isCheckedIn = async (id: string) => {
    const [row] = await t.db.select({ checked: reservations.isCheckedIn }).from(reservations).where(eq(reservations.id, id));
    return row!.checked;
  };

  it("keeps the kept sessions across a check-in: it changes the gym's data, not anyone's session", async () => {
    const c = await t.as(w.staff);
    expect((await c.get('/api/auth/csrf/')).statusCode).toBe(200);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(0);
    expect((await c.put(`/api/athlete-kilo-classes/${held[0]}/`, { isCheckedIn: true })).statusCode).toBe(200);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(0);
  });

  it('with a sole writer (PGlite) a check-in may use a kept session; on PostgreSQL it looks the session up', async () => {
    const c = await t.as(w.staff);
    expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
    // SQL by hand: impossible beside a running PGlite server (its directory lock), possible on PostgreSQL.
    await t.db.execute(sql`delete from sessions`);
    const checkIn = await c.put(`/api/athlete-kilo-classes/${held[1]}/`, { isCheckedIn: true });
    // Refused without a session: 403 (the CSRF token is bound to the session) before it would be 401.
    expect(checkIn.statusCode).toBe(t.kind === 'pglite' ? 200 : 403);
    expect(await isCheckedIn(held[1]!)).toBe(t.kind === 'pglite');
  });

  it('refuses a check-in arriving after a logout was answered, kept session or not', async () => {
    const c = await t.as(w.staff);
    const tablet = t.client();
    expect((await c.get('/api/auth/csrf/')).statusCode).toBe(200);
    tablet.cookies.set('sessionid', c.cookies.get('sessionid')!);
    tablet.cookies.set('csrftoken', c.cookies.get('csrftoken')!);
    expect((await tablet.get('/api/auth/session/')).statusCode).toBe(200);
    expect((await c.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await tablet.put(`/api/athlete-kilo-classes/${held[3]}/`, { isCheckedIn: true })).statusCode).toBe(403);
    expect(await isCheckedIn(held[3]!)).toBe(false);
  });
});

describe('the session lookup of concurrent requests', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is one query for requests of one session that arrive together', async () => {
    const c = await t.as(w.staff);
    const together = await countDriverQueries(t.db, () => Promise.all(Array.from({ length: 8 }, () => c.get('/api/health'))));
    expect(together.result.every((r) => r.statusCode === 200)).toBe(true);
    expect(together.count).toBe(1);
    const oneByOne = await countDriverQueries(t.db, async () => {
      for (let i = 0; i < 3; i++) await c.get('/api/health');
    });
    expect(oneByOne.count).toBe(3);
  });

  it('refuses a request sent after the logout was answered, while requests of the old session are still being looked up', async () => {
    const c = await t.as(w.staff);
    const token = c.cookies.get('sessionid')!;
    const replay = t.client();
    replay.cookies.set('sessionid', token);
    // Reads of the session in flight, the logout, then a request of the same session once the logout is answered.
    const inFlight = Promise.all(Array.from({ length: 5 }, () => replay.get('/api/auth/session/')));
    expect((await c.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(401);
    for (const r of await inFlight) expect([200, 401]).toContain(r.statusCode);
  });
});
