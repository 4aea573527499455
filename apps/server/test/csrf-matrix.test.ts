import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiClient, type TestApp } from './helper';
import { databaseDigest } from './digest';
import { randomToken } from '../src/lib/tokens';

/**
 * Every unsafe route, called with no CSRF token, a wrong one, another session's valid one, and the right one
 * from a foreign Origin: 403 `csrf_failed` every time, and nothing in the database changes.
 */
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
    const victim = await t.login('owner@example.com');
    const other = await t.login('uk-owner@example.com');
    const otherToken = other.csrfToken!;
    const routes = t.app.accessTable.filter((r) => UNSAFE.has(r.method));
    expect(routes.length).toBeGreaterThan(15);
    const before = await databaseDigest(t.db);
    const attempts: [string, (c: ApiClient, method: string, url: string) => ReturnType<ApiClient['request']>][] = [
      ['no token', (c, m, u) => c.request(m as 'POST', u, {}, { csrf: false })],
      ['a wrong token', (c, m, u) => c.request(m as 'POST', u, {}, { csrf: false, headers: { 'x-csrftoken': 'forged.token' } })],
      ["another session's token", (c, m, u) => {
        const saved = c.cookies.get('csrftoken')!;
        c.cookies.set('csrftoken', otherToken);
        const res = c.request(m as 'POST', u, {}, { csrf: false, headers: { 'x-csrftoken': otherToken } });
        return res.finally(() => c.cookies.set('csrftoken', saved));
      }],
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
});

describe('session tokens', () => {
  it('are unique over 10,000 and carry at least 128 random bits', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(tokens.size).toBe(10_000);
    for (const token of [...tokens].slice(0, 100)) expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('are replaced at login and refused once logged out', async () => {
    const c = await t.login('staff@example.com');
    const first = c.cookies.get('sessionid')!;
    await c.post('/api/auth/login/', { email: 'staff@example.com', password: 'Spotter123' });
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
