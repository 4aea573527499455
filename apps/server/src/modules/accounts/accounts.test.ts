import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACTIVATION_LINK_INVALID_MESSAGE, RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, messages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { TEST_PASSWORD } from '../../../test/factories';
import { userTokens } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { sendActivation } from './accounts.routes';

const clock = fixClock(TEST_NOW);
let t: TestApp;
let gymId: string;
beforeAll(async () => {
  t = await createTestApp();
  gymId = (await t.make.gym()).id;
});
afterAll(async () => {
  await t.close();
});

const linkIn = (text: string, path: string) => {
  const m = text.match(new RegExp(`http://localhost:3000/${path}/([^/\\s]+)/([^/\\s]+)`));
  if (!m) throw new Error(`no link in ${text}`);
  return { uid: m[1]!, token: m[2]! };
};
/** The outbox's mail is sent by its jobs (decision 027): run them, as a worker would. */
const waitForMail = async (count: number) => {
  await t.drainJobs();
  expect(t.mail.length).toBeGreaterThanOrEqual(count);
};
/** A staff member with a login of their own, made for one test. */
const member = () => t.make.staff(gymId, { permissions: ['Kiosk'], isDefault: true });

describe('password reset', () => {
  it('answers the same whether the email exists, and mails a link only when it does', async () => {
    const { email } = await member();
    const known = await t.client().post('/api/auth/users/reset_password/', { email });
    const unknown = await t.client().post('/api/auth/users/reset_password/', { email: 'nobody@test.example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().detail).toBe(RESET_REQUESTED_MESSAGE);
    await waitForMail(1);
    expect(t.mail.map((m) => m.to)).toEqual([email]);
  });

  it('sets a new password once per link, ends every session, and refuses reuse', async () => {
    const person = await member();
    const { email } = person;
    const session = await t.as(person);
    t.mail.length = 0;
    await t.client().post('/api/auth/users/reset_password/', { email });
    await waitForMail(1);
    const link = linkIn(t.mail[0]!.text, 'password/reset/confirm');

    const weak = await t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: 'weak', reNewPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toEqual([messages.passwordRule]);
    const mismatch = await t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: 'Reset12345', reNewPassword: 'Reset12346' });
    expect(mismatch.json().fields.reNewPassword).toEqual([messages.passwordMismatch]);

    const ok = await t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: 'Reset12345', reNewPassword: 'Reset12345' });
    expect(ok.statusCode).toBe(200);
    expect((await session.get('/api/auth/session/')).statusCode).toBe(401);
    await t.login(email, 'Reset12345');

    const again = await t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: 'Other12345', reNewPassword: 'Other12345' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('refuses expired, forged and malformed links', async () => {
    const { email } = await member();
    t.mail.length = 0;
    await t.client().post('/api/auth/users/reset_password/', { email });
    await waitForMail(1);
    const link = linkIn(t.mail[0]!.text, 'password/reset/confirm');
    const forged = await t
      .client()
      .post('/api/auth/users/reset_password_confirm/', { uid: link.uid, token: 'x'.repeat(43), newPassword: 'Reset12345', reNewPassword: 'Reset12345' });
    expect(forged.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    const badUid = await t
      .client()
      .post('/api/auth/users/reset_password_confirm/', { uid: 'not-a-uuid', token: link.token, newPassword: 'Reset12345', reNewPassword: 'Reset12345' });
    expect(badUid.statusCode).toBe(400);
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, link.uid));
    const expired = await t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: 'Reset12345', reNewPassword: 'Reset12345' });
    expect(expired.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    await t.login(email); // password unchanged
  });
});

describe('activation', () => {
  it('activates an invited account once; it can log in only after', async () => {
    const user = await t.make.user({ email: 'invited@test.example.com', passwordHash: await hashPassword('Invited123'), isActive: false });
    const before = await t.client().post('/api/auth/login/', { email: 'invited@test.example.com', password: 'Invited123' });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('inactive_account');
    t.mail.length = 0;
    await sendActivation(t.app, user.id, user.email);
    await waitForMail(1);
    const link = linkIn(t.mail[0]!.text, 'activate');
    const res = await t.client().post('/api/auth/users/activation/', link);
    expect(res.statusCode).toBe(200);
    expect((await t.client().post('/api/auth/users/activation/', link)).json().message).toBe(ACTIVATION_LINK_INVALID_MESSAGE);
    await t.login('invited@test.example.com', 'Invited123');
  });
});

describe('every outstanding link ends when the login changes (issue 32)', () => {
  /** Past the one-mail-a-minute resend interval, so the next request issues another link. */
  const later = () => clock.set(new Date(Date.now() + 2 * 60_000));
  const resetLink = async (email: string) => {
    t.mail.length = 0;
    later();
    await t.client().post('/api/auth/users/reset_password/', { email });
    await waitForMail(1);
    return linkIn(t.mail[0]!.text, 'password/reset/confirm');
  };
  const activationLink = async (userId: string, email: string) => {
    t.mail.length = 0;
    later();
    await sendActivation(t.app, userId, email);
    await waitForMail(1);
    return linkIn(t.mail[0]!.text, 'activate');
  };
  const confirm = (link: { uid: string; token: string }, password: string) =>
    t.client().post('/api/auth/users/reset_password_confirm/', { ...link, newPassword: password, reNewPassword: password });

  it('an older reset link is refused once a newer one was used', async () => {
    const { email } = await member();
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect((await confirm(newer, 'Newer12345')).statusCode).toBe(200);
    const stale = await confirm(older, 'Older12345');
    expect([stale.statusCode, stale.json().message]).toEqual([400, RESET_LINK_INVALID_MESSAGE]);
    await t.login(email, 'Newer12345');
  });

  it('every reset link is refused after the password was changed from Account', async () => {
    const { email } = await member();
    const first = await resetLink(email);
    const second = await resetLink(email);
    const account = await t.login(email);
    const change = await account.post('/api/auth/change-password/', { password: TEST_PASSWORD, newPassword: 'Changed12345', reNewPassword: 'Changed12345' });
    expect(change.statusCode).toBe(200);
    for (const link of [first, second]) expect((await confirm(link, 'Stolen12345')).json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    await t.login(email, 'Changed12345');
  });

  it('activation links end too: with a reset, a change of password, and the activation itself', async () => {
    // An account with an activation link still out (say a resent invitation), then reset: the link is refused.
    const person = await member();
    const activation = await activationLink(person.userId, person.email);
    expect((await confirm(await resetLink(person.email), 'Reset12345')).statusCode).toBe(200);
    expect((await t.client().post('/api/auth/users/activation/', activation)).json().message).toBe(ACTIVATION_LINK_INVALID_MESSAGE);

    // The same after a change from Account.
    const other = await member();
    const pending = await activationLink(other.userId, other.email);
    const account = await t.login(other.email);
    await account.post('/api/auth/change-password/', { password: TEST_PASSWORD, newPassword: 'Changed12345', reNewPassword: 'Changed12345' });
    expect((await t.client().post('/api/auth/users/activation/', pending)).json().message).toBe(ACTIVATION_LINK_INVALID_MESSAGE);

    // An invitation sent twice: the newer link activates, and the older one is refused afterwards.
    const invited = await t.make.user({ email: 'invited-twice@test.example.com', passwordHash: await hashPassword('Invited123'), isActive: false });
    const older = await activationLink(invited.id, invited.email);
    const newer = await activationLink(invited.id, invited.email);
    expect((await t.client().post('/api/auth/users/activation/', newer)).statusCode).toBe(200);
    expect((await t.client().post('/api/auth/users/activation/', older)).json().message).toBe(ACTIVATION_LINK_INVALID_MESSAGE);
  });
});
