import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@spotter/shared';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows, sqlState } from '../../db/client';
import { impersonationAudit, profiles, sessions, users, demoGyms, gyms } from '../../db/schema';
import { updateEmailEverywhere } from './auth.repository';
import { INVALID_CREDENTIALS_MESSAGE } from './auth.routes';
import { ADDRESS_LIMIT } from './throttle';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf';
import { DEMO_EXPIRED_MESSAGE } from '../../plugins/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileIdOf = async (email: string, gymTitle: string | null, role: string) => {
  const rows = await queryRows<{ id: string }>(t.db, sql`
    select p.id from profiles p join users u on u.id = p.user_id left join gyms g on g.id = p.gym_id
    where lower(u.email) = ${email} and p.role = ${role} and (${gymTitle}::text is null or g.title = ${gymTitle})`);
  return rows[0]!.id;
};

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
    const noHeader = await c.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' }, { csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ message: CSRF_FAILED_MESSAGE, code: 'csrf_failed' });
    const wrong = await c.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' }, { csrf: false, headers: { 'x-csrftoken': 'abc.def' } });
    expect(wrong.statusCode).toBe(403);
    const foreign = await c.request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' }, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(noHeader.cookies.find((k) => k.name === 'sessionid')).toBeUndefined();
  });

  it("refuses another session's token", async () => {
    const a = await t.login('uk-owner@example.com');
    const b = await t.login('staff@example.com');
    const res = await b.request('DELETE', '/api/auth/clear-profile/', undefined, { csrf: false, headers: { 'x-csrftoken': a.csrfToken! } });
    expect(res.statusCode).toBe(403);
    // and b's own token still works
    expect((await b.delete('/api/auth/clear-profile/')).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('logs in, enters the default profile and sets a new HttpOnly session cookie', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/login/', { email: 'Owner@Example.com', password: 'Spotter123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ user: { email: 'owner@example.com' }, role: 'owner', gym: { title: 'Iron Temple Barbell', stripeAccountType: 'custom', ghlV2Enabled: true }, isImpersonating: false });
    expect(body.staff.permissions).toContain('GymMutate');
    const cookie = res.cookies.find((k) => k.name === 'sessionid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await c.session()).toEqual(body);
  });

  it('stores only a hash of the session token', async () => {
    const c = await t.login('staff@example.com');
    const token = c.cookies.get('sessionid')!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(rows).toHaveLength(0);
  });

  it('lands on profile selection when there is no default profile', async () => {
    const c = await t.login('athlete@example.com');
    const s = await c.session();
    expect(s).toMatchObject({ role: null, profile: null, gym: null, user: { email: 'athlete@example.com' } });
  });

  it('gives a new session id at every login', async () => {
    const c = await t.login('staff@example.com');
    const first = c.cookies.get('sessionid');
    await c.post('/api/auth/login/', { email: 'staff@example.com', password: 'Spotter123' });
    expect(c.cookies.get('sessionid')).not.toBe(first);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await t.client().post('/api/auth/login/', { email: 'nobody@example.com', password: 'Whatever123' });
    const wrong = await t.client().post('/api/auth/login/', { email: 'athlete@example.com', password: 'Wrong12345' });
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

  it('throttles an account after repeated failures, whatever the address', async () => {
    const email = 'coach1.maple@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await t.client().request('POST', '/api/auth/login/', { email, password: 'Nope12345' }, { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.client().post('/api/auth/login/', { email, password: 'Spotter123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed login attempts/);
  });
});

describe('login throttling per address', () => {
  it('locks an address after many failures across accounts, while other addresses stay open', async () => {
    // In production the app trusts the proxy's X-Forwarded-For, so each test request can come from its own address.
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < ADDRESS_LIMIT; i++) {
        const res = await prod.client().request('POST', '/api/auth/login/', { email: `spray${i}@example.com`, password: 'Guess12345' }, from('203.0.113.7'));
        expect(res.statusCode).toBe(401);
      }
      const blocked = await prod.client().request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' }, from('203.0.113.7'));
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await prod.client().request('POST', '/api/auth/login/', { email: 'owner@example.com', password: 'Spotter123' }, from('198.51.100.1'));
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('logout', () => {
  it('deletes the session; the old cookie then gets 401', async () => {
    const c = await t.login('staff@example.com');
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
    const c = await t.login('athlete@example.com');
    const maple = await profileIdOf('athlete@example.com', 'Maple Athletics', 'athlete');
    const res = await c.post('/api/auth/select-profile/', { profileId: maple });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'athlete', gym: { title: 'Maple Athletics' }, profile: { profileId: maple } });
    expect(res.json().athlete.athleteId).toBeTruthy();

    const linked = await profileIdOf('sam.morgan@example.com', 'Iron Temple Barbell', 'athlete');
    const viaLink = await c.post('/api/auth/select-profile/', { profileId: linked });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json().profile.profileId).toBe(linked);

    const cleared = await c.delete('/api/auth/clear-profile/');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ role: null, profile: null });
  });

  it("refuses someone else's profile, a bad id, an expired demo, and login-disabled profiles", async () => {
    const c = await t.login('athlete@example.com');
    const others = await profileIdOf('owner@example.com', 'Iron Temple Barbell', 'owner');
    expect((await c.post('/api/auth/select-profile/', { profileId: others })).statusCode).toBe(404);
    const bad = await c.post('/api/auth/select-profile/', { profileId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.profileId).toBeTruthy();

    const demo = await t.login('demo@example.com');
    const expired = await profileIdOf('demo@example.com', 'Harbor Fitness', 'owner');
    const res = await demo.post('/api/auth/select-profile/', { profileId: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'demo_expired', message: DEMO_EXPIRED_MESSAGE });
    const persistent = await profileIdOf('demo@example.com', 'Summit CrossFit', 'owner');
    const ok = await demo.post('/api/auth/select-profile/', { profileId: persistent });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().demoGym).toMatchObject({ type: 'PERSISTENT', expiresAt: null });

    const maple = await profileIdOf('athlete@example.com', 'Maple Athletics', 'athlete');
    await t.db.update(profiles).set({ loginEnabled: false }).where(eq(profiles.id, maple));
    const disabled = await c.post('/api/auth/select-profile/', { profileId: maple });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('login_disabled');
    await t.db.update(profiles).set({ loginEnabled: true }).where(eq(profiles.id, maple));
  });

  it('refuses re-entry once a demo gym is deactivated, while the session still answers', async () => {
    const demo = await t.login('demo@example.com');
    const persistentGym = (await t.db.select().from(gyms).where(eq(gyms.title, 'Summit CrossFit')))[0]!;
    const profileId = await profileIdOf('demo@example.com', 'Summit CrossFit', 'owner');
    expect((await demo.post('/api/auth/select-profile/', { profileId })).statusCode).toBe(200);
    await t.db.update(demoGyms).set({ isActive: false }).where(eq(demoGyms.gymId, persistentGym.id));
    try {
      // The session itself still answers, so the web app can show the Demo Period Expired dialog.
      const session = await demo.get('/api/auth/session/');
      expect(session.statusCode).toBe(200);
      const again = await demo.post('/api/auth/select-profile/', { profileId });
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe('demo_inactive');
    } finally {
      await t.db.update(demoGyms).set({ isActive: true }).where(eq(demoGyms.gymId, persistentGym.id));
    }
  });
});

describe('impersonation', () => {
  it('platform staff impersonate a gym owner with a new session id, audited, and stop again', async () => {
    const c = await t.login('platform@example.com');
    const before = c.cookies.get('sessionid');
    const target = await profileIdOf('owner@example.com', 'Iron Temple Barbell', 'owner');
    const res = await c.post('/api/auth/impersonate/', { profileId: target });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'owner', isImpersonating: true, user: { email: 'owner@example.com' } });
    const during = c.cookies.get('sessionid');
    expect(during).not.toBe(before);

    // the impersonator cannot change the user's login
    const change = await c.post('/api/auth/change-password/', { password: 'Spotter123', newPassword: 'Another123', reNewPassword: 'Another123' });
    expect(change.statusCode).toBe(403);

    const stop = await c.delete('/api/auth/stop-impersonation/');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ role: 'kilo_staff', isImpersonating: false, user: { email: 'platform@example.com' } });
    expect(c.cookies.get('sessionid')).not.toBe(during);

    const audit = await t.db.select().from(impersonationAudit).where(eq(impersonationAudit.targetProfileId, target));
    expect(audit.map((a) => a.action).sort()).toEqual(['start', 'stop']);
    expect(audit.every((a) => a.ip)).toBe(true);
  });

  it('is refused to gym roles, for platform profiles, and outside demo gyms for the sales team', async () => {
    const owner = await t.login('owner@example.com');
    const target = await profileIdOf('staff@example.com', 'Iron Temple Barbell', 'staff');
    expect((await owner.post('/api/auth/impersonate/', { profileId: target })).statusCode).toBe(403);

    const platform = await t.login('platform@example.com');
    const sales = await profileIdOf('sales@example.com', null, 'kilo_staff');
    expect((await platform.post('/api/auth/impersonate/', { profileId: sales })).json().code).toBe('impersonation_denied');

    const salesClient = await t.login('sales@example.com');
    expect((await salesClient.post('/api/auth/impersonate/', { profileId: target })).json().code).toBe('sales_team_denied');
    const demoOwner = await profileIdOf('demo@example.com', 'Summit CrossFit', 'owner');
    expect((await salesClient.post('/api/auth/impersonate/', { profileId: demoOwner })).statusCode).toBe(200);

    const notImpersonating = await owner.delete('/api/auth/stop-impersonation/');
    expect(notImpersonating.statusCode).toBe(400);
  });
});

describe('change-email', () => {
  it('validates with the spec messages', async () => {
    const c = await t.login('coach2.maple@example.com');
    const res = await c.post('/api/auth/change-email/', { email: '', newEmail: 'bad', reNewEmail: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: [messages.required], newEmail: [messages.emailInvalid] });
    const mismatch = await c.post('/api/auth/change-email/', { email: 'coach2.maple@example.com', newEmail: 'a@example.com', reNewEmail: 'b@example.com' });
    expect(mismatch.json().fields).toMatchObject({ reNewEmail: [messages.emailsDoNotMatch] });
    const wrongCurrent = await c.post('/api/auth/change-email/', { email: 'x@example.com', newEmail: 'a@example.com', reNewEmail: 'a@example.com' });
    expect(wrongCurrent.json().fields).toMatchObject({ email: ['Current email is incorrect.'] });
    const taken = await c.post('/api/auth/change-email/', { email: 'coach2.maple@example.com', newEmail: 'owner@example.com', reNewEmail: 'owner@example.com' });
    expect(taken.json().fields).toMatchObject({ newEmail: ['A user with this email already exists.'] });
  });

  it('answers a new email taken after its check as taken, not as a failure (the unique index decides)', async () => {
    // The check before the write passes, then the write meets the unique index: the route reads the driver's code
    // through Drizzle's wrapped error.
    const [coach] = await queryRows<{ id: string }>(t.db, sql`select id from users where email = 'coach1.northside@example.com'`);
    const err = await updateEmailEverywhere(t.db, coach!.id, 'coach1.northside@example.com', 'owner@example.com').catch((e: unknown) => e);
    expect(sqlState(err)).toBe('23505');
    // Another user takes the email between the route's check and its write (the first transaction after the check).
    const a = await t.login('coach1.northside@example.com');
    const original = t.db.transaction.bind(t.db);
    t.db.transaction = (async (...args: Parameters<typeof original>) => {
      t.db.transaction = original;
      await t.db.update(users).set({ email: 'contested@example.com' }).where(eq(users.email, 'coach2.northside@example.com'));
      return original(...args);
    }) as typeof original;
    try {
      const res = await a.post('/api/auth/change-email/', { email: 'coach1.northside@example.com', newEmail: 'contested@example.com', reNewEmail: 'contested@example.com' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ newEmail: ['A user with this email already exists.'] });
    } finally {
      t.db.transaction = original;
    }
    expect((await a.get('/api/auth/session/')).json().user.email).toBe('coach1.northside@example.com');
  });

  it('changes the login email', async () => {
    const c = await t.login('coach3.maple@example.com');
    const res = await c.post('/api/auth/change-email/', { email: 'coach3.maple@example.com', newEmail: 'new.coach3@example.com', reNewEmail: 'new.coach3@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('new.coach3@example.com');
    await t.login('new.coach3@example.com');
  });
});

describe('change-password', () => {
  it('validates with the spec messages', async () => {
    const c = await t.login('coach1.iron@example.com');
    const res = await c.post('/api/auth/change-password/', { password: '', newPassword: 'short', reNewPassword: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ password: [messages.required], newPassword: [messages.passwordRule] });
    const mismatch = await c.post('/api/auth/change-password/', { password: 'Spotter123', newPassword: 'Better1234', reNewPassword: 'Better12345' });
    expect(mismatch.json().fields).toMatchObject({ reNewPassword: [messages.passwordsDoNotMatch] });
    const wrong = await c.post('/api/auth/change-password/', { password: 'Wrong1234', newPassword: 'Better1234', reNewPassword: 'Better1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ password: ['Current password is incorrect.'] });
  });

  it("changes the password, stores argon2id, and ends the user's other sessions", async () => {
    const email = 'coach2.iron@example.com';
    const other = await t.login(email);
    const c = await t.login(email);
    const res = await c.post('/api/auth/change-password/', { password: 'Spotter123', newPassword: 'Better1234', reNewPassword: 'Better1234' });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/auth/session/')).statusCode).toBe(401);
    expect((await c.get('/api/auth/session/')).statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await t.login(email, 'Better1234');
  });
});
