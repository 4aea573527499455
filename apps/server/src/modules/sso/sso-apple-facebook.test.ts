import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as s from '../../db/schema';
import { APP_URL, createTestApp, type ApiClient, type TestApp } from '../../../test/helper';
import { startFakeAppleFacebook, type FakeAppleFacebook } from '../../../test/fake-apple-facebook';

/** Issue 40: Sign in with Apple (form_post, ES256 client secret) and Facebook Login against local fakes of their endpoints. */
let t: TestApp;
let fake: FakeAppleFacebook;
let gymId: string;
const redirect = (p: string) => `${APP_URL}/api/auth/sso/${p}/callback/`;

beforeAll(async () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  fake = await startFakeAppleFacebook({
    apple: {
      clientId: 'com.example.spotter',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    facebook: { clientId: 'fb-app', clientSecret: 'fb-secret' },
  });
  t = await createTestApp({
    SSO_LOGIN_ENABLED: 'true',
    APPLE_CLIENT_ID: 'com.example.spotter',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_KEY_ID: 'KEY1234567',
    APPLE_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    APPLE_BASE_URL: fake.appleBaseUrl,
    FACEBOOK_CLIENT_ID: 'fb-app',
    FACEBOOK_CLIENT_SECRET: 'fb-secret',
    FACEBOOK_DIALOG_URL: fake.facebookDialogUrl,
    FACEBOOK_GRAPH_URL: fake.facebookGraphUrl,
  });
  gymId = (await t.make.gym()).id;
  await t.db.insert(s.salesPortals).values({ gymId, isEnabled: true, slug: 'fb-barbell', headline: 'Join us' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function counts() {
  const n = async (table: typeof s.users | typeof s.userIdentities | typeof s.sessions) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return { users: await n(s.users), identities: await n(s.userIdentities), sessions: await n(s.sessions) };
}

async function start(c: ApiClient, provider: 'apple' | 'facebook', query = '') {
  const res = await c.get(`/api/auth/sso/${provider}/start/${query}`);
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** Apple posts its answer from appleid.apple.com: no CSRF token, a foreign Origin, no SameSite=Lax cookie. */
async function applePosts(c: ApiClient, fields: Record<string, string>) {
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/apple/callback/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const location = String(posted.headers.location);
  expect(location.startsWith('/api/auth/sso/apple/callback/?')).toBe(true);
  // The top-level navigation that follows carries the browser's cookies.
  return c.get(location);
}

describe('Sign in with Apple', () => {
  it('signs in through form_post with its ES256 client secret, links a verified email and keeps the name sent only the first time', async () => {
    const owner = await t.make.owner(gymId, { email: 'ada@example.com', isDefault: true });
    const c = t.client();
    const url = await start(c, 'apple');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('name email');
    const person = { sub: '000123.apple', email: 'ada@example.com', firstName: 'Ada', lastName: 'Apple' };
    const code = fake.appleCode(person, 'com.example.spotter', redirect('apple'), url.searchParams.get('nonce')!);
    const res = await applePosts(c, { code, state: url.searchParams.get('state')!, user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Apple' } }) });
    expect(res.headers.location).toBe('/');
    expect(fake.refusals).toEqual([]);
    expect(await c.session()).toMatchObject({ user: { userId: owner.userId }, role: 'owner' });
    const [identity] = await t.db.select().from(s.userIdentities).where(eq(s.userIdentities.userId, owner.userId));
    expect(identity).toMatchObject({ provider: 'apple', subject: '000123.apple', name: 'Ada Apple' });

    // Later sign-ins come without the name; the kept one stays.
    const again = t.client();
    const next = await start(again, 'apple');
    const code2 = fake.appleCode(person, 'com.example.spotter', redirect('apple'), next.searchParams.get('nonce')!);
    expect((await applePosts(again, { code: code2, state: next.searchParams.get('state')! })).headers.location).toBe('/');
    const [kept] = await t.db.select().from(s.userIdentities).where(eq(s.userIdentities.userId, owner.userId));
    expect(kept!.name).toBe('Ada Apple');
  });

  it('refuses an ID token whose nonce is not the one sent, changing nothing', async () => {
    const c = t.client();
    const url = await start(c, 'apple');
    const code = fake.appleCode({ sub: '000999.apple', email: 'ada@example.com' }, 'com.example.spotter', redirect('apple'), 'another-nonce');
    const before = await counts();
    expect((await applePosts(c, { code, state: url.searchParams.get('state')! })).headers.location).toBe('/social-login-error?reason=provider');
    expect(await counts()).toEqual(before);
  });

  it('lands a cancelled sign-in on the error page', async () => {
    const c = t.client();
    const url = await start(c, 'apple');
    expect((await applePosts(c, { error: 'user_cancelled_authorize', state: url.searchParams.get('state')! })).headers.location).toBe(
      '/social-login-error?reason=cancelled',
    );
  });
});

describe('Facebook Login', () => {
  it('never links by email (Facebook does not say the email is confirmed), and makes no second account', async () => {
    await t.make.owner(gymId, { email: 'fiona@example.com' });
    const c = t.client();
    const url = await start(c, 'facebook');
    expect(url.searchParams.get('scope')).toBe('email');
    const code = fake.facebookCode({ id: 'fb-1', email: 'fiona@example.com', first_name: 'Fiona' }, 'fb-app', redirect('facebook'));
    const before = await counts();
    expect((await c.get(`/api/auth/sso/facebook/callback/?code=${code}&state=${url.searchParams.get('state')}`)).headers.location).toBe(
      '/social-login-error?reason=unverified_email',
    );
    expect(await counts()).toEqual(before);
  });

  it('makes a new person of a sales portal an athlete there, reading the email from the Graph profile', async () => {
    const c = t.client();
    const url = await start(c, 'facebook', '?portal=fb-barbell');
    const code = fake.facebookCode({ id: 'fb-2', email: 'frank@example.com', first_name: 'Frank', last_name: 'Book' }, 'fb-app', redirect('facebook'));
    expect((await c.get(`/api/auth/sso/facebook/callback/?code=${code}&state=${url.searchParams.get('state')}`)).headers.location).toBe(
      '/sales-portal/fb-barbell',
    );
    const session = await c.session();
    expect(session).toMatchObject({ role: 'athlete', gym: { gymId } });
    const [athlete] = await t.db.select().from(s.athletes).where(eq(s.athletes.id, session.athlete.athleteId));
    expect(athlete).toMatchObject({ firstName: 'Frank', lastName: 'Book', email: 'frank@example.com' });
  });

  it('refuses an expired code and a refused permission, changing nothing', async () => {
    const c = t.client();
    const url = await start(c, 'facebook');
    const before = await counts();
    expect((await c.get(`/api/auth/sso/facebook/callback/?code=expired-code&state=${url.searchParams.get('state')}`)).headers.location).toBe(
      '/social-login-error?reason=provider',
    );
    expect(fake.refusals).toContain('facebook code');
    const next = await start(c, 'facebook');
    expect(
      (await c.get(`/api/auth/sso/facebook/callback/?error=access_denied&error_reason=user_denied&state=${next.searchParams.get('state')}`)).headers.location,
    ).toBe('/social-login-error?reason=cancelled');
    expect(await counts()).toEqual(before);
  });
});
