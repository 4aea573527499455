import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { TEST_PASSWORD } from '../../../test/factories';
import { sqlState } from '../../db/client';
import { impersonationAudit, profiles, sessions, users, demoGyms } from '../../db/schema';
import { updateEmailEverywhere } from './auth.repository';
import { INVALID_CREDENTIALS_MESSAGE } from './auth.routes';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf';
import { DEMO_EXPIRED_MESSAGE } from '../../plugins/access';

fixClock(TEST_NOW);
let t: TestApp;
let w: Awaited<ReturnType<typeof makePeople>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makePeople();
});
afterAll(async () => {
  await t.close();
});

/** The people these tests sign in as, each made here (never the demo seed). */
async function makePeople() {
  const home = await t.make.gym({ title: 'Auth Barbell', stripeAccountType: 'custom', ghlV2Enabled: true });
  const away = await t.make.gym({ title: 'Auth Athletics', country: 'CA', timeZone: 'America/Toronto' });
  const foreign = await t.make.gym({ title: 'Auth Strength', country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  const owner = await t.make.owner(home.id, { email: 'owner.auth@test.example.com', isDefault: true });
  const staff = await t.make.staff(home.id, { permissions: ['Kiosk', 'AthleteView'], isDefault: true });
  const foreignOwner = await t.make.owner(foreign.id, { isDefault: true });
  // An athlete of two gyms with no default profile, and a dependant linked to them.
  const athlete = await t.make.athlete(home.id);
  const athleteAway = await t.make.athlete(away.id, { userId: athlete.userId!, email: athlete.email! });
  const dependant = await t.make.athlete(home.id);
  await t.make.profileLink(dependant.profileId, athlete.userId!);
  const platform = await t.make.platformStaff();
  const sales = await t.make.platformStaff({ isSalesTeam: true });
  // One user owning an active PERSISTENT demo gym and an expired TIME_LIMITED one.
  const persistentGym = await t.make.gym({ title: 'Auth Demo Summit' });
  const persistentDemo = await t.make.demoGym(persistentGym.id, { type: 'PERSISTENT', expiresAt: null });
  const expiredGym = await t.make.gym({ title: 'Auth Demo Harbor', timeZone: 'America/New_York' });
  await t.make.demoGym(expiredGym.id, { type: 'TIME_LIMITED', expiresAt: new Date(Date.now() - 2 * 3600_000) });
  const demoOwner = await t.make.owner(persistentGym.id);
  const expiredOwner = await t.make.owner(expiredGym.id, { userId: demoOwner.userId, email: demoOwner.email });
  return { home, away, owner, staff, foreignOwner, athlete, athleteAway, dependant, platform, sales, persistentDemo, demoOwner, expiredOwner };
}

/** A fresh staff member of the home gym (their login is changed by the test). */
const coach = () => t.make.staff(w.home.id, { permissions: ['Kiosk'], isDefault: true });

describe('csrf', () => {
  it('issues a token as cookie and body', async () => {
    const c = t.client();
    const res = await c.get('/api/auth/csrf/');
    expect(res.statusCode).toBe(200);
    expect(res.json().csrfToken).toBe(c.csrfToken);
    const cookie = res.cookies.find((k) => k.name === 'csrftoken')!;
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.sameSite).toBe('Lax');
  });

  it('refuses unsafe methods without the header, with a wrong one, or from a foreign origin', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf/');
    const credentials = { email: w.owner.email, password: TEST_PASSWORD };
    const noHeader = await c.request('POST', '/api/auth/login/', credentials, { csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ message: CSRF_FAILED_MESSAGE, code: 'csrf_failed' });
    const wrong = await c.request('POST', '/api/auth/login/', credentials, { csrf: false, headers: { 'x-csrftoken': 'abc.def' } });
    expect(wrong.statusCode).toBe(403);
    const foreign = await c.request('POST', '/api/auth/login/', credentials, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(noHeader.cookies.find((k) => k.name === 'sessionid')).toBeUndefined();
  });

  it("refuses another session's token", async () => {
    const a = await t.as(w.foreignOwner);
    await a.get('/api/auth/csrf/');
    const b = await t.as(w.staff);
    const res = await b.request('DELETE', '/api/auth/clear-profile/', undefined, { csrf: false, headers: { 'x-csrftoken': a.csrfToken! } });
    expect(res.statusCode).toBe(403);
    // and b's own token still works
    expect((await b.delete('/api/auth/clear-profile/')).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('logs in, enters the default profile and sets a new HttpOnly session cookie', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/login/', { email: 'Owner.Auth@Test.Example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { email: 'owner.auth@test.example.com' },
      role: 'owner',
      gym: { title: 'Auth Barbell', stripeAccountType: 'custom', ghlV2Enabled: true },
      isImpersonating: false,
    });
    expect(body.staff.permissions).toContain('GymMutate');
    const cookie = res.cookies.find((k) => k.name === 'sessionid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await c.session()).toEqual(body);
  });

  it('stores only a hash of the session token', async () => {
    const c = await t.login(w.staff.email);
    const token = c.cookies.get('sessionid')!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(rows).toHaveLength(0);
  });

  it('lands on profile selection when there is no default profile', async () => {
    const c = await t.login(w.athlete.email!);
    const s = await c.session();
    expect(s).toMatchObject({ role: null, profile: null, gym: null, user: { email: w.athlete.email } });
  });

  it('gives a new session id at every login', async () => {
    const c = await t.login(w.staff.email);
    const first = c.cookies.get('sessionid');
    expect((await c.post('/api/auth/login/', { email: w.staff.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(c.cookies.get('sessionid')).not.toBe(first);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await t.client().post('/api/auth/login/', { email: 'nobody@test.example.com', password: 'Whatever123' });
    const wrong = await t.client().post('/api/auth/login/', { email: w.athlete.email, password: 'Wrong12345' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it('validates with the spec messages', async () => {
    const empty = await t.client().post('/api/auth/login/', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ email: [messages.emailRequired], password: [messages.passwordRequired] });
    const missing = await t.client().post('/api/auth/login/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_error');
    const notJson = await t.client().request('POST', '/api/auth/login/', 'not json', { headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBeTruthy();
  });
  // Throttling: login-throttle.test.ts (issue 32, decision 042).
});

describe('logout', () => {
  it('deletes the session; the old cookie then gets 401', async () => {
    const c = await t.as(w.staff);
    const token = c.cookies.get('sessionid')!;
    expect((await c.post('/api/auth/logout/')).statusCode).toBe(200);
    expect(c.cookies.has('sessionid')).toBe(false);
    const replay = t.client();
    replay.cookies.set('sessionid', token);
    expect((await replay.get('/api/auth/session/')).statusCode).toBe(401);
  });
});

describe('session', () => {
  it('is 401 when logged out', async () => {
    const res = await t.client().get('/api/auth/session/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'not_authenticated', message: expect.any(String) });
  });
});

describe('select-profile and clear-profile', () => {
  it('selects an own profile and a linked one; clears back to no profile', async () => {
    const c = await t.as({ userId: w.athlete.userId! });
    const res = await c.post('/api/auth/select-profile/', { profileId: w.athleteAway.profileId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'athlete', gym: { title: 'Auth Athletics' }, profile: { profileId: w.athleteAway.profileId } });
    expect(res.json().athlete.athleteId).toBe(w.athleteAway.athleteId);

    const viaLink = await c.post('/api/auth/select-profile/', { profileId: w.dependant.profileId });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json().profile.profileId).toBe(w.dependant.profileId);

    const cleared = await c.delete('/api/auth/clear-profile/');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ role: null, profile: null });
  });

  it("refuses someone else's profile, a bad id, an expired demo, and login-disabled profiles", async () => {
    const c = await t.as({ userId: w.athlete.userId! });
    expect((await c.post('/api/auth/select-profile/', { profileId: w.owner.profileId })).statusCode).toBe(404);
    const bad = await c.post('/api/auth/select-profile/', { profileId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.profileId).toBeTruthy();

    const demo = await t.as({ userId: w.demoOwner.userId });
    const res = await demo.post('/api/auth/select-profile/', { profileId: w.expiredOwner.profileId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'demo_expired', message: DEMO_EXPIRED_MESSAGE });
    const ok = await demo.post('/api/auth/select-profile/', { profileId: w.demoOwner.profileId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().demoGym).toMatchObject({ type: 'PERSISTENT', expiresAt: null });

    await t.db.update(profiles).set({ loginEnabled: false }).where(eq(profiles.id, w.athleteAway.profileId));
    try {
      const disabled = await c.post('/api/auth/select-profile/', { profileId: w.athleteAway.profileId });
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().code).toBe('login_disabled');
    } finally {
      await t.db.update(profiles).set({ loginEnabled: true }).where(eq(profiles.id, w.athleteAway.profileId));
    }
  });

  it('refuses re-entry once a demo gym is deactivated, while the session still answers', async () => {
    const demo = await t.as({ userId: w.demoOwner.userId });
    const profileId = w.demoOwner.profileId;
    expect((await demo.post('/api/auth/select-profile/', { profileId })).statusCode).toBe(200);
    await t.db.update(demoGyms).set({ isActive: false }).where(eq(demoGyms.id, w.persistentDemo.id));
    try {
      // The session itself still answers, so the web app can show the Demo Period Expired dialog.
      const session = await demo.get('/api/auth/session/');
      expect(session.statusCode).toBe(200);
      const again = await demo.post('/api/auth/select-profile/', { profileId });
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe('demo_inactive');
    } finally {
      await t.db.update(demoGyms).set({ isActive: true }).where(eq(demoGyms.id, w.persistentDemo.id));
    }
  });
});

describe('impersonation', () => {
  it('platform staff impersonate a gym owner with a new session id, audited, and stop again', async () => {
    const c = await t.as(w.platform);
    const before = c.cookies.get('sessionid');
    const target = w.owner.profileId;
    const res = await c.post('/api/auth/impersonate/', { profileId: target });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'owner', isImpersonating: true, user: { email: w.owner.email } });
    const during = c.cookies.get('sessionid');
    expect(during).not.toBe(before);

    // the impersonator cannot change the user's login
    const change = await c.post('/api/auth/change-password/', { password: TEST_PASSWORD, newPassword: 'Another123', reNewPassword: 'Another123' });
    expect(change.statusCode).toBe(403);

    const stop = await c.delete('/api/auth/stop-impersonation/');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ role: 'kilo_staff', isImpersonating: false, user: { email: w.platform.email } });
    expect(c.cookies.get('sessionid')).not.toBe(during);

    const audit = await t.db.select().from(impersonationAudit).where(eq(impersonationAudit.targetProfileId, target));
    expect(audit.map((a) => a.action).sort()).toEqual(['start', 'stop']);
    expect(audit.every((a) => a.ip)).toBe(true);
  });

  it('is refused to gym roles, for platform profiles, and outside demo gyms for the sales team', async () => {
    const owner = await t.as(w.owner);
    const target = w.staff.profileId;
    expect((await owner.post('/api/auth/impersonate/', { profileId: target })).statusCode).toBe(403);

    const platform = await t.as(w.platform);
    expect((await platform.post('/api/auth/impersonate/', { profileId: w.sales.profileId })).json().code).toBe('impersonation_denied');

    const salesClient = await t.as(w.sales);
    expect((await salesClient.post('/api/auth/impersonate/', { profileId: target })).json().code).toBe('sales_team_denied');
    expect((await salesClient.post('/api/auth/impersonate/', { profileId: w.demoOwner.profileId })).statusCode).toBe(200);

    const notImpersonating = await owner.delete('/api/auth/stop-impersonation/');
    expect(notImpersonating.statusCode).toBe(400);
  });
});

describe('change-email', () => {
  it('validates with the spec messages', async () => {
    const me = await coach();
    const c = await t.as(me);
    const res = await c.post('/api/auth/change-email/', { email: '', newEmail: 'bad', reNewEmail: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: [messages.required], newEmail: [messages.emailInvalid] });
    const mismatch = await c.post('/api/auth/change-email/', { email: me.email, newEmail: 'a@test.example.com', reNewEmail: 'b@test.example.com' });
    expect(mismatch.json().fields).toMatchObject({ reNewEmail: [messages.emailsDoNotMatch] });
    const wrongCurrent = await c.post('/api/auth/change-email/', {
      email: 'x@test.example.com',
      newEmail: 'a@test.example.com',
      reNewEmail: 'a@test.example.com',
    });
    expect(wrongCurrent.json().fields).toMatchObject({ email: ['Current email is incorrect.'] });
    const taken = await c.post('/api/auth/change-email/', { email: me.email, newEmail: w.owner.email, reNewEmail: w.owner.email });
    expect(taken.json().fields).toMatchObject({ newEmail: ['A user with this email already exists.'] });
  });

  it('answers a new email taken after its check as taken, not as a failure (the unique index decides)', async () => {
    const [first, second] = [await coach(), await coach()];
    // The check before the write passes, then the write meets the unique index: the route reads the driver's code
    // through Drizzle's wrapped error.
    const err = await updateEmailEverywhere(t.db, first.userId, first.email, w.owner.email).catch((e: unknown) => e);
    expect(sqlState(err)).toBe('23505');
    // Another user takes the email between the route's check and its write (the first transaction after the check).
    const contested = 'contested@test.example.com';
    const a = await t.as(first);
    const original = t.db.transaction.bind(t.db);
    t.db.transaction = (async (...args: Parameters<typeof original>) => {
      t.db.transaction = original;
      await t.db.update(users).set({ email: contested }).where(eq(users.id, second.userId));
      return original(...args);
    }) as typeof original;
    try {
      const res = await a.post('/api/auth/change-email/', { email: first.email, newEmail: contested, reNewEmail: contested });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ newEmail: ['A user with this email already exists.'] });
    } finally {
      t.db.transaction = original;
    }
    expect((await a.get('/api/auth/session/')).json().user.email).toBe(first.email);
  });

  it('changes the login email', async () => {
    const me = await coach();
    const c = await t.as(me);
    const res = await c.post('/api/auth/change-email/', { email: me.email, newEmail: 'new.coach@test.example.com', reNewEmail: 'new.coach@test.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('new.coach@test.example.com');
    await t.login('new.coach@test.example.com');
  });
});

describe('change-password', () => {
  it('validates with the spec messages', async () => {
    const c = await t.as(await coach());
    const res = await c.post('/api/auth/change-password/', { password: '', newPassword: 'short', reNewPassword: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ password: [messages.required], newPassword: [messages.passwordRule] });
    const mismatch = await c.post('/api/auth/change-password/', { password: TEST_PASSWORD, newPassword: 'Better1234', reNewPassword: 'Better12345' });
    expect(mismatch.json().fields).toMatchObject({ reNewPassword: [messages.passwordsDoNotMatch] });
    const wrong = await c.post('/api/auth/change-password/', { password: 'Wrong1234', newPassword: 'Better1234', reNewPassword: 'Better1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ password: ['Current password is incorrect.'] });
  });

  it("changes the password, stores argon2id, and ends the user's other sessions", async () => {
    const me = await coach();
    const other = await t.as(me);
    const c = await t.as(me);
    const res = await c.post('/api/auth/change-password/', { password: TEST_PASSWORD, newPassword: 'Better1234', reNewPassword: 'Better1234' });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/auth/session/')).statusCode).toBe(401);
    expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, me.userId));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.login(me.email, 'Better1234');
  });
});
