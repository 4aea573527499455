import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { athleteClassReservations } from '../db/schema';
import { countDriverQueries, createTestApp, type TestApp } from '../../test/helper';
import { athletesOf, ironTemple, makeClass, reserve } from '../modules/kiosk/kiosk.fixtures';
import { SharedSessionLookups, type AuthContext } from './session';

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

  it('does not let a request join a lookup that began before an unsafe request was answered (a logout, say)', async () => {
    const lookups = new SharedSessionLookups();
    const before = pending();
    const after = pending();
    const a = lookups.lookup('token', () => before.promise);
    lookups.writeAnswered();
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
  const auth = (expiresAt: number) => ({ sessionId: 's', expiresAt: new Date(expiresAt) }) as AuthContext;
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
  const far = 10 ** 13;

  it('answers reads from a found session until a write is answered, and never unsafe requests', async () => {
    const { lookups, load, loads } = setup();
    const found = auth(far);
    expect(await lookups.lookup('t', load(found), true)).toBe(found);
    expect(await lookups.lookup('t', load(null), true)).toBe(found);
    expect(loads()).toBe(1);
    // A write is looked up afresh, and so is another session.
    expect(await lookups.lookup('t', load(found), false)).toBe(found);
    expect(await lookups.lookup('u', load(null), true)).toBeNull();
    expect(loads()).toBe(3);
    // Any answered write ends every kept session: the next read looks up again and sees, say, a logout.
    lookups.writeAnswered();
    expect(await lookups.lookup('t', load(null), true)).toBeNull();
    expect(loads()).toBe(4);
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

  it('keeps nothing from a lookup a write was answered during, nothing that failed, and nothing when turned off', async () => {
    const { lookups, loads } = setup();
    let resolve!: (a: AuthContext) => void;
    const during = lookups.lookup('t', () => new Promise((r) => (resolve = r)), true);
    lookups.writeAnswered();
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
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '10000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('looks a session up once for a run of reads, afresh for every write, and again after any answered write', async () => {
    const c = await t.login('staff@example.com');
    const reads = await countDriverQueries(t.db, async () => {
      for (let i = 0; i < 4; i++) expect((await c.get('/api/health')).statusCode).toBe(200);
    });
    expect(reads.count).toBe(1);
    // A write (here one refused by validation) looks the session up itself, and ends what was kept.
    const write = await countDriverQueries(t.db, () => c.post('/api/auth/select-profile/', { profileId: 'not-an-id' }));
    expect(write.result.statusCode).toBe(400);
    expect(write.count).toBe(1);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(1);
    // Another user's write, in another gym, ends it too.
    const uk = await t.login('uk-owner@example.com');
    // (Its login was a write too.)
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(1);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(0);
    expect((await uk.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(1);
  });

  it('refuses a kept session as soon as its logout is answered', async () => {
    const c = await t.login('staff@example.com');
    const replay = t.client();
    replay.cookies.set('sessionid', c.cookies.get('sessionid')!);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(200);
    expect((await countDriverQueries(t.db, () => replay.get('/api/auth/session/'))).count).toBe(0);
    expect((await c.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(401);
  });

  it('does not keep a session changed behind its back for longer than SESSION_CACHE_MS', async () => {
    const short = await createTestApp({ SESSION_CACHE_MS: '200' });
    try {
      const c = await short.login('staff@example.com');
      expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
      // SQL by hand (or another server process): this process answered no write, so it cannot know yet.
      await short.db.execute(sql`delete from sessions`);
      expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await c.get('/api/auth/session/')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('session-neutral writes: check-ins and reservations (route config sessionNeutral)', () => {
  let t: TestApp;
  let reservations: string[];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '10000' });
    const { gymId } = await ironTemple(t.db);
    const event = await makeClass(t.db, { capacity: 10, daysAhead: 0, time: '23:00' });
    reservations = await reserve(t.db, gymId, event.id, (await athletesOf(t.db, gymId, 4)).map((a) => a.id));
  });
  afterAll(async () => {
    await t.close();
  });
  const isCheckedIn = async (id: string) => {
    const [row] = await t.db.select({ checked: athleteClassReservations.isCheckedIn }).from(athleteClassReservations).where(eq(athleteClassReservations.id, id));
    return row!.checked;
  };

  it("a check-in's answer keeps the kept sessions; any other write's answer ends them", async () => {
    const c = await t.login('staff@example.com');
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(1);
    expect((await c.put(`/api/athlete-kilo-classes/${reservations[0]}/`, { isCheckedIn: true })).statusCode).toBe(200);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(0);
    expect((await c.post('/api/auth/select-profile/', { profileId: 'not-an-id' })).statusCode).toBe(400);
    expect((await countDriverQueries(t.db, () => c.get('/api/health'))).count).toBe(1);
  });

  it('with a sole writer (PGlite) a check-in may use a kept session; on PostgreSQL it looks the session up', async () => {
    const c = await t.login('staff@example.com');
    expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
    // SQL by hand: impossible beside a running PGlite server (its directory lock), possible on PostgreSQL.
    await t.db.execute(sql`delete from sessions`);
    const checkIn = await c.put(`/api/athlete-kilo-classes/${reservations[1]}/`, { isCheckedIn: true });
    // Refused without a session: 403 (the CSRF token is bound to the session) before it would be 401.
    expect(checkIn.statusCode).toBe(t.kind === 'pglite' ? 200 : 403);
    expect(await isCheckedIn(reservations[1]!)).toBe(t.kind === 'pglite');
    // Any other write looks the session up, and finds it gone; its answer ends what was kept.
    expect((await c.post('/api/auth/select-profile/', { profileId: 'not-an-id' })).statusCode).toBe(403);
    expect((await c.get('/api/auth/session/')).statusCode).toBe(401);
    expect((await c.put(`/api/athlete-kilo-classes/${reservations[2]}/`, { isCheckedIn: true })).statusCode).toBe(403);
    expect(await isCheckedIn(reservations[2]!)).toBe(false);
  });

  it('a check-in arriving after a logout was answered is refused, kept session or not', async () => {
    const c = await t.login('staff@example.com');
    const tablet = t.client();
    tablet.cookies.set('sessionid', c.cookies.get('sessionid')!);
    tablet.cookies.set('csrftoken', c.cookies.get('csrftoken')!);
    expect((await tablet.get('/api/auth/session/')).statusCode).toBe(200);
    expect((await c.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    expect((await tablet.put(`/api/athlete-kilo-classes/${reservations[3]}/`, { isCheckedIn: true })).statusCode).toBe(403);
    expect(await isCheckedIn(reservations[3]!)).toBe(false);
  });
});

describe('the session lookup of concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is one query for requests of one session that arrive together', async () => {
    const c = await t.login('staff@example.com');
    const together = await countDriverQueries(t.db, () => Promise.all(Array.from({ length: 8 }, () => c.get('/api/health'))));
    expect(together.result.every((r) => r.statusCode === 200)).toBe(true);
    expect(together.count).toBe(1);
    const oneByOne = await countDriverQueries(t.db, async () => {
      for (let i = 0; i < 3; i++) await c.get('/api/health');
    });
    expect(oneByOne.count).toBe(3);
  });

  it('refuses a request sent after the logout was answered, while requests of the old session are still being looked up', async () => {
    const c = await t.login('staff@example.com');
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
