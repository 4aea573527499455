import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDriverQueries, createTestApp, type TestApp } from '../../test/helper';
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
