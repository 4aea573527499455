import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import * as s from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { TEST_PASSWORD } from '../../../test/factories';
import { LOGIN_THROTTLE } from './throttle';

/**
 * Issue 32: login throttling after OWASP (decision 042). Failures slow the attacker per (account, source), per source and
 * per account, with doubling waits answered as 429 with Retry-After; the holder of the right password is not kept out
 * by someone else's failures. The clock is fixed: each wait is passed by moving it on.
 */
const clock = fixClock(TEST_NOW);
let t: TestApp;
let gymId: string;
beforeAll(async () => {
  // In production the app trusts the proxy's X-Forwarded-For: each request names the source it comes from.
  t = await createTestApp({ NODE_ENV: 'production' });
  gymId = (await t.make.gym({ title: 'Throttle Barbell' })).id;
  await t.db.insert(s.salesPortals).values({ gymId, isEnabled: true, slug: 'throttle-barbell' });
});
afterAll(async () => {
  await t.close();
});

const wait = (seconds: number) => clock.set(new Date(Date.now() + seconds * 1000));
const login = (email: string, password: string, source: string, path = '/api/auth/login/') =>
  t.client().request('POST', path, { email, password }, { headers: { 'x-forwarded-for': source } });
const portalLogin = (email: string, password: string, source: string) => login(email, password, source, '/api/sales-portals/throttle-barbell/login/');
/** The seconds a 429 asks to wait (its Retry-After), or null when the answer is not a 429. */
const retryAfter = (res: LightMyRequestResponse) => (res.statusCode === 429 ? Number(res.headers['retry-after']) : null);
const person = async () => (await t.make.owner(gymId, { isDefault: true })).email;
let nextSource = 1;
/** A source no test used before (documentation addresses, RFC 5737). */
const freshSource = () => `198.51.100.${nextSource++}`;

describe('per account and source', () => {
  it('slows one source with doubling waits after its free attempts, the right password too, until the wait passes', async () => {
    const email = await person();
    const a = freshSource();
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) expect((await login(email, 'Wrong12345', a)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await login(email, 'Wrong12345', a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'throttled',
        message: expect.stringMatching(/^Too many failed login attempts\. Please try again in \d+ seconds?\.$/),
      });
      waits.push(retryAfter(refused)!);
      wait(waits.at(-1)!);
      expect((await login(email, 'Wrong12345', a)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The right password from the throttled source waits like any other attempt…
    const early = await login(email, TEST_PASSWORD, a);
    expect(retryAfter(early)).toBe(16);
    wait(16);
    expect((await login(email, TEST_PASSWORD, a)).statusCode).toBe(200);
    // …and once in, the source starts afresh: a slip of the finger is a plain 401.
    expect((await login(email, 'Wrong12345', a)).statusCode).toBe(401);
  });

  it('an attacker failing many times from one source does not keep the owner out from another', async () => {
    const email = await person();
    const attacker = freshSource();
    for (let i = 0; i < 40; i++) {
      const res = await login(email, `Guess${i}abc`, attacker);
      // It waits whenever told to, and so fails again and again.
      if (res.statusCode === 429) wait(Number(res.headers['retry-after']) || 0);
      else expect(res.statusCode).toBe(401);
    }
    // A source this account never logged in from: neither locked nor slowed.
    const owner = await login(email, TEST_PASSWORD, freshSource());
    expect(owner.statusCode).toBe(200);
  });

  it('lets only the free attempts and one more through when many arrive at once', async () => {
    const email = await person();
    const a = freshSource();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'Wrong12345', a)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_THROTTLE.pair.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - LOGIN_THROTTLE.pair.free);
  });
});

describe('per account, across sources', () => {
  it('slows guessing spread over many sources, with growing waits, but not a source the owner logged in from before', async () => {
    const email = await person();
    const home = freshSource();
    expect((await login(email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // Each source stays inside its own free attempts; together they pass the account's.
    for (let i = 0; i < LOGIN_THROTTLE.account.free; i++) expect((await login(email, 'Wrong12345', freshSource())).statusCode).toBe(401);
    const first = await login(email, 'Wrong12345', freshSource());
    expect(retryAfter(first)).toBe(1);
    // A new source waits even with the right password (the account is under attack)…
    expect(retryAfter(await login(email, TEST_PASSWORD, freshSource()))).toBe(1);
    // …but the owner at home is not kept out.
    expect((await login(email, TEST_PASSWORD, home)).statusCode).toBe(200);
    wait(1);
    expect((await login(email, 'Wrong12345', freshSource())).statusCode).toBe(401);
    expect(retryAfter(await login(email, 'Wrong12345', freshSource()))).toBe(2);
  });
});

describe('per source, across accounts', () => {
  it('slows a source spraying many accounts, except for an account that logged in from it before; other sources stay open', async () => {
    const desk = freshSource();
    const regular = await person();
    expect((await login(regular, TEST_PASSWORD, desk)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.source.free; i++) expect((await login(`spray${i}@test.example.com`, 'Guess12345', desk)).statusCode).toBe(401);
    expect(retryAfter(await login('spray-next@test.example.com', 'Guess12345', desk))).toBe(1);
    const newcomer = await person();
    expect(retryAfter(await login(newcomer, TEST_PASSWORD, desk))).toBe(1);
    expect((await login(regular, TEST_PASSWORD, desk)).statusCode).toBe(200);
    expect((await login(newcomer, TEST_PASSWORD, freshSource())).statusCode).toBe(200);
  });
});

describe('both logins', () => {
  it('count failures together: the sales portal login of the same account and source is slowed as well', async () => {
    const email = await person();
    const a = freshSource();
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) expect((await login(email, 'Wrong12345', a)).statusCode).toBe(401);
    const refused = await portalLogin(email, TEST_PASSWORD, a);
    expect(retryAfter(refused)).toBe(1);
    expect((await portalLogin(email, TEST_PASSWORD, freshSource())).statusCode).toBe(200);
    wait(1);
    expect((await portalLogin(email, TEST_PASSWORD, a)).statusCode).toBe(200);
  });
});

describe('the way out (OWASP: the forgotten-password path logs in even when throttled)', () => {
  it('a password set by a reset link ends the throttling of the source it was set from', async () => {
    const email = await person();
    const a = freshSource();
    for (let i = 0; i < LOGIN_THROTTLE.pair.free; i++) await login(email, 'Wrong12345', a);
    for (const seconds of [1, 2]) {
      wait(seconds);
      expect((await login(email, 'Wrong12345', a)).statusCode).toBe(401);
    }
    expect(retryAfter(await login(email, 'Wrong12345', a))).toBe(4);
    t.mail.length = 0;
    await t.client().request('POST', '/api/auth/users/reset_password/', { email }, { headers: { 'x-forwarded-for': a } });
    await t.drainJobs();
    const [, uid, token] = t.mail.at(-1)!.text.match(/password\/reset\/confirm\/([^/\s]+)\/([^/\s]+)/)!;
    const reset = await t
      .client()
      .request(
        'POST',
        '/api/auth/users/reset_password_confirm/',
        { uid, token, newPassword: 'Fresh12345', reNewPassword: 'Fresh12345' },
        { headers: { 'x-forwarded-for': a } },
      );
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'Fresh12345', a)).statusCode).toBe(200);
  });
});
