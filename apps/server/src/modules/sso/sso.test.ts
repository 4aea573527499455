import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ssoMessages } from '@spotter/shared';
import * as s from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { APP_URL, createTestApp, type ApiClient, type TestApp } from '../../../test/helper';
import { startOidcProvider, type LocalOidcProvider } from '../../../test/oidc-provider';

/**
 * Issue 40: single sign-on against a real OpenID provider (oidc-provider on 127.0.0.1) configured as Google and as the
 * fourth integration: the account rules, and every forged or misdirected answer refused with nothing changed.
 */
let t: TestApp;
let op: LocalOidcProvider;
let gymId: string;
let sources = 0;
const nextSource = () => `198.51.100.${++sources}`;
const redirect = (p: string) => `${APP_URL}/api/auth/sso/${p}/callback/`;

beforeAll(async () => {
  op = await startOidcProvider([
    { clientId: 'google-client', clientSecret: 'google-secret', redirectUri: redirect('google') },
    { clientId: 'integration-client', clientSecret: 'integration-secret', redirectUri: redirect('integration') },
  ]);
  t = await createTestApp({
    SSO_LOGIN_ENABLED: 'true',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: op.issuer,
    INTEGRATION_CLIENT_ID: 'integration-client',
    INTEGRATION_CLIENT_SECRET: 'integration-secret',
    INTEGRATION_ISSUER: op.issuer,
  });
  const gym = await t.make.gym({ title: 'SSO Barbell' });
  gymId = gym.id;
  await t.db.insert(s.salesPortals).values({ gymId, isEnabled: true, slug: 'sso-barbell', headline: 'Join us' });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

/** Rows the sign-ins may write: a refused one must leave them all as they were. */
async function counts() {
  const n = async (table: typeof s.users | typeof s.userIdentities | typeof s.sessions | typeof s.profiles) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return { users: await n(s.users), identities: await n(s.userIdentities), sessions: await n(s.sessions), profiles: await n(s.profiles) };
}

/** Starts a sign-in in a browser-like client and answers at the provider; returns the callback the provider sent back. */
async function throughProvider(c: ApiClient, provider: 'google' | 'integration', accountId: string | 'deny', start = `/api/auth/sso/${provider}/start/`) {
  const res = await c.get(start);
  expect(res.statusCode, res.body).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith(op.issuer)).toBe(true);
  const back = await op.authorize(location, accountId === 'deny' ? 'deny' : { accountId });
  expect(back.href.startsWith(redirect(provider))).toBe(true);
  return `${back.pathname}${back.search}`;
}

async function signIn(c: ApiClient, provider: 'google' | 'integration', accountId: string | 'deny', start?: string) {
  const callback = await throughProvider(c, provider, accountId, start);
  const res = await c.get(callback);
  expect(res.statusCode, res.body).toBe(302);
  return { location: String(res.headers.location), callback };
}

describe('signing in with Google (OpenID Connect)', () => {
  it('starts with PKCE, state and nonce, and keeps the secrets server-side for ten minutes', async () => {
    const c = t.client();
    const res = await c.get('/api/auth/sso/google/start/');
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(redirect('google'));
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(30);
    expect(url.searchParams.get('nonce')!.length).toBeGreaterThan(30);
    expect(c.cookies.get('spotter_sso')).toBeTruthy();
    const [flow] = await t.db
      .select()
      .from(s.ssoFlows)
      .where(eq(s.ssoFlows.stateHash, sha256(url.searchParams.get('state')!)));
    expect(flow).toMatchObject({ provider: 'google', linkUserId: null, portalSlug: null });
    expect(flow!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('links a first sign-in with a verified email to the user who has it, and enters their default profile like a password login', async () => {
    const owner = await t.make.owner(gymId, { email: 'Owner.Sso@example.com', isDefault: true });
    op.people.set('google-owner', { email: 'owner.sso@example.com', email_verified: true, given_name: 'Olive', family_name: 'Owner' });
    const c = t.client();
    const { location } = await signIn(c, 'google', 'google-owner');
    expect(location).toBe('/');
    const session = await c.session();
    expect(session).toMatchObject({ user: { userId: owner.userId }, role: 'owner', profile: { profileId: owner.profileId } });
    expect(c.csrfToken).toBeTruthy();
    const identities = await t.db.select().from(s.userIdentities).where(eq(s.userIdentities.userId, owner.userId));
    expect(identities).toMatchObject([{ provider: 'google', subject: 'google-owner', email: 'owner.sso@example.com', name: 'Olive Owner' }]);

    // The second sign-in enters through the identity, writing nothing new but a session.
    const before = await counts();
    const again = t.client();
    expect((await signIn(again, 'google', 'google-owner')).location).toBe('/');
    expect((await again.session()).user.userId).toBe(owner.userId);
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('leaves a user without a default profile at profile selection, as the password login does', async () => {
    const athlete = await t.make.athlete(gymId, { email: 'no-default@example.com' });
    op.people.set('google-athlete', { email: 'no-default@example.com', email_verified: true });
    const c = t.client();
    await signIn(c, 'google', 'google-athlete');
    expect(await c.session()).toMatchObject({ user: { userId: athlete.userId }, role: null, profile: null });
  });

  it('never links an email the provider has not verified, and makes no second account with it', async () => {
    await t.make.owner(gymId, { email: 'unverified@example.com' });
    op.people.set('google-unverified', { email: 'unverified@example.com', email_verified: false });
    const before = await counts();
    const c = t.client();
    expect((await signIn(c, 'google', 'google-unverified')).location).toBe('/social-login-error?reason=unverified_email');
    expect(await c.session()).toBeNull();
    expect(await counts()).toEqual(before);
    // Nor through a sales portal.
    const portal = t.client();
    expect((await signIn(portal, 'google', 'google-unverified', '/api/auth/sso/google/start/?portal=sso-barbell')).location).toBe(
      '/social-login-error?reason=unverified_email',
    );
    expect(await counts()).toEqual(before);
  });

  it('tells a stranger at the main login to ask the gym, creating nothing', async () => {
    op.people.set('google-stranger', { email: 'stranger@example.com', email_verified: true });
    const before = await counts();
    expect((await signIn(t.client(), 'google', 'google-stranger')).location).toBe('/social-login-error?reason=no_account');
    expect(await counts()).toEqual(before);
  });

  it("makes a new person signing in through a sales portal an athlete of that gym, with no password, in the portal's session", async () => {
    op.people.set('google-newcomer', { email: 'newcomer@example.com', email_verified: true, given_name: 'Nia', family_name: 'Newcomer' });
    const c = t.client();
    expect((await signIn(c, 'google', 'google-newcomer', '/api/auth/sso/google/start/?portal=sso-barbell')).location).toBe('/sales-portal/sso-barbell');
    const session = await c.session();
    expect(session).toMatchObject({ role: 'athlete', gym: { gymId } });
    const [user] = await t.db.select().from(s.users).where(eq(s.users.id, session.user.userId));
    expect(user).toMatchObject({ email: 'newcomer@example.com', passwordHash: null, isActive: true });
    const [athlete] = await t.db.select().from(s.athletes).where(eq(s.athletes.id, session.athlete.athleteId));
    expect(athlete).toMatchObject({ gymId, firstName: 'Nia', lastName: 'Newcomer', email: 'newcomer@example.com' });

    // With no password, the login's only way in cannot be unlinked; the reset flow sets a password.
    const unlink = await c.delete('/api/auth/sign-in-methods/google/');
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json()).toMatchObject({ code: 'last_sign_in_method', message: ssoMessages.lastSignInMethod });
    expect((await c.get('/api/auth/sign-in-methods/')).json()).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'google', email: 'newcomer@example.com' }],
    });
    expect((await t.client().post('/api/auth/users/reset_password/', { email: 'newcomer@example.com' })).statusCode).toBeLessThan(300);
    await t.drainJobs();
    expect(t.mail.some((m) => m.to === 'newcomer@example.com' && /password\/reset\/confirm/.test(m.text))).toBe(true);
  });
});

describe('refusals change nothing', () => {
  beforeAll(() => {
    op.people.set('google-target', { email: 'target@example.com', email_verified: true });
  });

  it('refuses a replayed state: the flow is used once', async () => {
    await t.make.owner(gymId, { email: 'target@example.com' });
    const c = t.client();
    const { location, callback } = await signIn(c, 'google', 'google-target');
    expect(location).toBe('/');
    const before = await counts();
    const replay = await c.get(callback);
    expect(replay.headers.location).toBe('/social-login-error?reason=state');
    expect(await counts()).toEqual(before);
  });

  it('refuses a callback in another browser than the one that started the sign-in', async () => {
    const callback = await throughProvider(t.client(), 'google', 'google-target');
    const before = await counts();
    const other = t.client();
    expect((await other.get(callback)).headers.location).toBe('/social-login-error?reason=state');
    expect(await other.session()).toBeNull();
    expect(await counts()).toEqual(before);
  });

  const forged: [string, Parameters<LocalOidcProvider['tamperNextIdToken']>[0]][] = [
    ['a wrong nonce', { claims: (p) => ({ ...p, nonce: 'not-the-nonce-we-sent' }) }],
    ['an ID token for another audience', { claims: (p) => ({ ...p, aud: 'someone-else' }) }],
    ['an expired ID token', { claims: (p) => ({ ...p, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }) }],
    ['an ID token from another issuer', { claims: (p) => ({ ...p, iss: 'https://accounts.example.org' }) }],
    ['an ID token signed with a key the provider never published', { strangerKey: true }],
    ['an ID token of another person', { claims: (p) => ({ ...p, sub: 'google-owner', email: 'owner.sso@example.com' }), strangerKey: true }],
  ];
  for (const [what, tamper] of forged) {
    it(`refuses ${what}`, async () => {
      const c = t.client();
      const callback = await throughProvider(c, 'google', 'google-target');
      op.tamperNextIdToken(tamper);
      const before = await counts();
      // Each from an address of its own: five failures from one address start the login throttle (tested below).
      const res = await c.request('GET', callback, undefined, { remoteAddress: nextSource() });
      expect(res.headers.location).toBe('/social-login-error?reason=provider');
      expect(await c.session()).toBeNull();
      expect(await counts()).toEqual(before);
    });
  }

  it('refuses an authorization code used twice (an expired or spent code)', async () => {
    const c = t.client();
    const callback = await throughProvider(c, 'google', 'google-target');
    // The code is spent before the callback arrives (as an expired code is refused alike: invalid_grant).
    const url = new URL(callback, APP_URL);
    const [flow] = await t.db
      .select()
      .from(s.ssoFlows)
      .where(eq(s.ssoFlows.stateHash, sha256(url.searchParams.get('state')!)));
    const spent = await fetch(`${op.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: url.searchParams.get('code')!,
        redirect_uri: redirect('google'),
        client_id: 'google-client',
        client_secret: 'google-secret',
        code_verifier: flow!.codeVerifier,
      }),
    });
    expect(spent.status).toBe(200);
    const before = await counts();
    expect((await c.request('GET', callback, undefined, { remoteAddress: nextSource() })).headers.location).toBe('/social-login-error?reason=provider');
    expect(await counts()).toEqual(before);
  });

  it('is covered by the login throttle (decision 042): after five refused callbacks from one address, the next waits', async () => {
    const source = nextSource();
    for (let i = 0; i < 5; i++) {
      const c = t.client();
      const callback = await throughProvider(c, 'google', 'google-target');
      op.tamperNextIdToken({ strangerKey: true });
      expect((await c.request('GET', callback, undefined, { remoteAddress: source })).headers.location).toBe('/social-login-error?reason=provider');
    }
    const c = t.client();
    const callback = await throughProvider(c, 'google', 'google-target');
    const before = await counts();
    expect((await c.request('GET', callback, undefined, { remoteAddress: source })).headers.location).toBe('/social-login-error?reason=throttled');
    expect(await counts()).toEqual(before);
    // Another address signs in.
    const elsewhere = t.client();
    const fresh = await throughProvider(elsewhere, 'google', 'google-target');
    expect((await elsewhere.request('GET', fresh, undefined, { remoteAddress: nextSource() })).headers.location).toBe('/');
  });

  it('lands a refused consent on the error page', async () => {
    const before = await counts();
    expect((await signIn(t.client(), 'google', 'deny')).location).toBe('/social-login-error?reason=cancelled');
    expect(await counts()).toEqual(before);
  });

  it('sends an unconfigured provider to the error page', async () => {
    expect((await t.client().get('/api/auth/sso/apple/start/')).headers.location).toBe('/social-login-error?reason=unavailable');
    expect((await t.client().get('/api/auth/sso/facebook/callback/?code=x&state=y')).headers.location).toBe('/social-login-error?reason=unavailable');
  });
});

describe('the fourth integration and Account', () => {
  it('links and unlinks providers for a signed-in user, never the last way to sign in', async () => {
    const owner = await t.make.owner(gymId, { email: 'linker@example.com' });
    const c = await t.as(owner);
    expect((await c.get('/api/auth/sign-in-methods/')).json()).toEqual({ hasPassword: true, identities: [], available: ['google', 'integration'] });
    // The integration's account may have another email: linking is the signed-in user's own choice.
    op.people.set('corp-linker', { email: 'l.inker@corp.example.com', email_verified: false });
    const linked = await signIn(c, 'integration', 'corp-linker', '/api/auth/sso/integration/link/');
    expect(linked.location).toBe('/?sso=linked');
    expect((await c.get('/api/auth/sign-in-methods/')).json()).toMatchObject({ identities: [{ provider: 'integration', email: 'l.inker@corp.example.com' }] });

    // Signing in with it now enters this user.
    const other = t.client();
    expect((await signIn(other, 'integration', 'corp-linker')).location).toBe('/');
    expect((await other.session()).user.userId).toBe(owner.userId);

    // An account of the provider that is someone else's is not linked again.
    const second = await t.as(await t.make.owner(gymId));
    expect((await signIn(second, 'integration', 'corp-linker', '/api/auth/sso/integration/link/')).location).toBe('/?sso=taken');

    // With a password, the only provider can go; unlinking it twice is a 404; a CSRF token is needed.
    expect((await c.request('DELETE', '/api/auth/sign-in-methods/integration/', undefined, { csrf: false })).statusCode).toBe(403);
    expect((await c.delete('/api/auth/sign-in-methods/integration/')).statusCode).toBe(200);
    expect((await c.delete('/api/auth/sign-in-methods/integration/')).statusCode).toBe(404);
    expect((await t.client().get('/api/auth/sso/integration/link/')).statusCode).toBe(401);
  });

  it('lets a user without a password unlink one provider while another remains', async () => {
    const [user] = await t.db.insert(s.users).values({ email: 'two-ways@example.com', passwordHash: null }).returning();
    await t.db.insert(s.userIdentities).values([
      { provider: 'google', subject: 'g-two', userId: user!.id },
      { provider: 'integration', subject: 'i-two', userId: user!.id },
    ]);
    const c = await t.as({ userId: user!.id });
    expect((await c.delete('/api/auth/sign-in-methods/google/')).statusCode).toBe(200);
    expect((await c.delete('/api/auth/sign-in-methods/integration/')).json()).toMatchObject({ code: 'last_sign_in_method' });
  });
});
