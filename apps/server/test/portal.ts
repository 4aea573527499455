import { expect } from 'vitest';
import type { ApiClient, TestApp } from './helper';

let nextSource = 1;

/**
 * A new account made in a sales portal as a visitor makes it (issue 32): signed up ("check your email"), activated
 * with the link its mail carries, then logged in within the portal. Each sign-up comes from an address of its own, so
 * the per-source sign-up limit stays out of the tests that only need a buyer.
 */
export async function portalBuyer(
  t: TestApp,
  slug: string,
  person: { firstName: string; lastName: string; email: string; password?: string },
): Promise<{ client: ApiClient; athleteId: string; userId: string; profileId: string }> {
  const password = person.password ?? 'Strong1pass';
  const source = `198.18.${Math.floor(nextSource / 250)}.${(nextSource++ % 250) + 1}`;
  const signUp = await t.client().request('POST', `/api/sales-portals/${slug}/account/`, { ...person, password }, { remoteAddress: source });
  expect(signUp.statusCode, signUp.body).toBe(200);
  await t.drainJobs();
  const mail = t.mail.filter((m) => m.to.toLowerCase() === person.email.toLowerCase()).at(-1);
  const link = mail?.text.match(/\/activate\/([^/\s]+)\/([^/\s]+)/);
  if (!link) throw new Error(`no activation mail to ${person.email}`);
  expect((await t.client().post('/api/auth/users/activation/', { uid: link[1], token: link[2] })).statusCode).toBe(200);
  const client = t.client();
  const login = await client.request('POST', `/api/sales-portals/${slug}/login/`, { email: person.email, password }, { remoteAddress: source });
  expect(login.statusCode, login.body).toBe(200);
  const session = login.json() as { user: { userId: string }; profile: { profileId: string }; athlete: { athleteId: string } };
  return { client, athleteId: session.athlete.athleteId, userId: session.user.userId, profileId: session.profile.profileId };
}
