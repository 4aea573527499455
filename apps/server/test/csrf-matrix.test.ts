import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from './helper';
import { TEST_PASSWORD } from './factories';
import { databaseDigest } from './digest';
import { randomToken } from '../src/lib/tokens';
import { CSRF_EXEMPT_PATHS } from '../src/plugins/csrf';

/**
 * Every unsafe route, called with no CSRF token, a wrong one, another session's valid one, and the right one
 * from a foreign Origin: 403 `csrf_failed` every time, and nothing in the database changes.
 */
fixClock(TEST_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const pathOf = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('CSRF matrix', () => {
  it('refuses every unsafe route without a valid token for this session and origin, changing nothing', async () => {
    const gym = await t.make.kioskGym({ athletes: 2 });
    const otherGym = await t.make.gym({ country: 'GB', timeZone: 'Europe/London' });
    const victim = await t.as(gym.owner);
    const other = await t.as(await t.make.owner(otherGym.id));
    await victim.get('/api/auth/csrf/');
    await other.get('/api/auth/csrf/');
    const otherToken = other.csrfToken!;
    // Every unsafe route of the endpoint table (paths and aliases); the access matrix checks these are all that is routed.
    const routes = Object.values(endpoints)
      .flatMap((e: Endpoint) => [e.path, ...(e.aliases ?? [])].map((url) => ({ method: e.method, url })))
      .filter((r) => UNSAFE.has(r.method))
      // The exceptions (the payment provider's webhook: no session, its signature is the check; see below).
      .filter((r) => !CSRF_EXEMPT_PATHS.has(r.url));
    expect(routes.length).toBeGreaterThan(15);
    const before = await databaseDigest(t.db);
    const attempts: [string, (c: ApiClient, method: string, url: string) => ReturnType<ApiClient['request']>][] = [
      ['no token', (c, m, u) => c.request(m as 'POST', u, {}, { csrf: false })],
      ['a wrong token', (c, m, u) => c.request(m as 'POST', u, {}, { csrf: false, headers: { 'x-csrftoken': 'forged.token' } })],
      [
        "another session's token",
        (c, m, u) => {
          const saved = c.cookies.get('csrftoken')!;
          c.cookies.set('csrftoken', otherToken);
          const res = c.request(m as 'POST', u, {}, { csrf: false, headers: { 'x-csrftoken': otherToken } });
          return res.finally(() => c.cookies.set('csrftoken', saved));
        },
      ],
      ['a foreign Origin', (c, m, u) => c.request(m as 'POST', u, {}, { headers: { origin: 'https://attacker.example' } })],
    ];
    for (const route of routes) {
      for (const [label, attempt] of attempts) {
        const res = await attempt(victim, route.method, pathOf(route.url));
        expect(res.statusCode, `${route.method} ${route.url} with ${label}`).toBe(403);
        expect(res.json().code, `${route.method} ${route.url} with ${label}`).toBe('csrf_failed');
      }
    }
    expect(await databaseDigest(t.db)).toBe(before);
    // The victim's own token still works afterwards.
    expect((await victim.delete('/api/auth/clear-profile/')).statusCode).toBe(200);
  });

  it("exempts only the payment webhook (its signature is checked instead) and Apple's form_post callback (its one-use state is)", async () => {
    expect([...CSRF_EXEMPT_PATHS]).toEqual([endpoints.paymentWebhook.path, '/api/auth/sso/apple/callback/']);
    const res = await t
      .client()
      .request('POST', endpoints.paymentWebhook.path, {}, { csrf: false, headers: { origin: 'https://provider.example', 'stripe-signature': 't=1,v1=x' } });
    expect(res.json().code).not.toBe('csrf_failed');
  });
});

describe('session tokens', () => {
  it('are unique over 10,000 and carry at least 128 random bits', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(tokens.size).toBe(10_000);
    for (const token of [...tokens].slice(0, 100)) expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('are replaced at login and refused once logged out', async () => {
    const gym = await t.make.gym();
    const staff = await t.make.staff(gym.id, { permissions: ['Kiosk'] });
    const c = await t.as(staff);
    const first = c.cookies.get('sessionid')!;
    expect((await c.post('/api/auth/login/', { email: staff.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const second = c.cookies.get('sessionid')!;
    expect(second).not.toBe(first);
    await c.post('/api/auth/logout/');
    for (const token of [first, second]) {
      const replay = t.client();
      replay.cookies.set('sessionid', token);
      expect((await replay.get('/api/auth/session/')).statusCode).toBe(401);
    }
  });
});
