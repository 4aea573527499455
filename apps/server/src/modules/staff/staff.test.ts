import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { staffMemberSchema, staffMessages, staffPageSchema } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { StaffMember } from '../../../test/factories';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
let t: TestApp;
let gymId: string;
let owner: StaffMember;
let ownerClient: ApiClient;
/** Holds StaffView (and Kiosk): may list, invite and edit colleagues, not grant, flag or deactivate. */
let manager: StaffMember;
let managerClient: ApiClient;
/** Kiosk and AthleteView, no StaffView. */
let frontDesk: StaffMember;
let frontDeskClient: ApiClient;
let otherOwnerClient: ApiClient;

beforeAll(async () => {
  // Sessions are kept (decision 003): a change must still reach the person's very next request.
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
  const gym = await t.make.gym();
  gymId = gym.id;
  owner = await t.make.owner(gymId, { firstName: 'Olive', lastName: 'Owner' });
  manager = await t.make.staff(gymId, { firstName: 'Mina', lastName: 'Manager', permissions: ['StaffView', 'Kiosk'] });
  frontDesk = await t.make.staff(gymId, { firstName: 'Frank', lastName: 'Desk', permissions: ['Kiosk', 'AthleteView'] });
  ownerClient = await t.as(owner);
  managerClient = await t.as(manager);
  frontDeskClient = await t.as(frontDesk);
  const otherGym = await t.make.gym();
  otherOwnerClient = await t.as(await t.make.owner(otherGym.id));
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/staff/';
const member = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return staffMemberSchema.parse(res.json());
};
const auditOf = (entityId: string) =>
  t.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityType, 'staff'), eq(s.auditLog.entityId, entityId)));
const profile = { firstName: 'Casey', lastName: 'Coach', phone: '', dob: null, gender: null, emergencyName: '', emergencyPhone: '', medicalNotes: '' };

describe('the staff list (issue 17)', () => {
  it('lists the gym’s staff to StaffView holders, searched and filtered, in a fixed number of queries', async () => {
    const page = staffPageSchema.parse((await managerClient.get(URL)).json());
    expect(page.results.map((r) => r.fullName)).toEqual(['Frank Desk', 'Mina Manager', 'Olive Owner']);
    const mina = page.results.find((r) => r.staffId === manager.staffId)!;
    expect(mina).toMatchObject({
      email: manager.email,
      isOwner: false,
      permissions: ['Kiosk', 'StaffView'],
      isActive: true,
      deactivatedAt: null,
      hasLogin: true,
    });

    expect(staffPageSchema.parse((await managerClient.get(`${URL}?search=mina`)).json()).results.map((r) => r.staffId)).toEqual([manager.staffId]);
    expect(staffPageSchema.parse((await managerClient.get(`${URL}?role=owner`)).json()).results.map((r) => r.staffId)).toEqual([owner.staffId]);
    expect(staffPageSchema.parse((await managerClient.get(`${URL}?status=deactivated`)).json()).count).toBe(0);

    await managerClient.get(URL);
    const few = await countDriverQueries(t.db, () => managerClient.get(`${URL}?limit=2`));
    const more = await countDriverQueries(t.db, () => managerClient.get(`${URL}?limit=50`));
    expect(few.count).toBe(more.count);
    expect(more.count).toBeLessThanOrEqual(3);
  });

  it('refuses staff without StaffView and athletes (403)', async () => {
    expect((await frontDeskClient.get(URL)).statusCode).toBe(403);
    expect((await frontDeskClient.get(`${URL}${owner.staffId}/`)).statusCode).toBe(403);
    const athlete = await t.make.athlete(gymId);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get(URL)).statusCode).toBe(403);
  });

  it('gives another gym’s owner 404 for this gym’s staff member', async () => {
    expect((await otherOwnerClient.get(`${URL}${manager.staffId}/`)).statusCode).toBe(404);
    expect(staffPageSchema.parse((await otherOwnerClient.get(URL)).json()).results.map((r) => r.staffId)).not.toContain(manager.staffId);
  });
});

describe('inviting staff', () => {
  it('invites by email: a user waiting for activation, a staff profile, an audit row and the activation mail in one transaction', async () => {
    const res = await ownerClient.post(URL, {
      firstName: 'Ivy',
      lastName: 'Invite',
      email: 'Ivy.Invite@test.example.com',
      isCoach: true,
      permissions: ['Kiosk'],
    });
    const ivy = member(res, 201);
    expect(ivy).toMatchObject({ fullName: 'Ivy Invite', isCoach: true, permissions: ['Kiosk'], hasLogin: false, isActive: true });
    const [outbox] = await t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.toAddress, 'Ivy.Invite@test.example.com'));
    expect(outbox).toMatchObject({ kind: 'activation', status: 'pending' });
    await t.drainJobs();
    const mail = t.mail.find((m) => m.to === 'Ivy.Invite@test.example.com')!;
    expect(mail.subject).toBe('Activate your Spotter account');
    expect(mail.text).toMatch(/\/activate\/[0-9a-f-]{36}\/\S+/);
    expect((await auditOf(ivy.staffId)).map((a) => a.action)).toEqual(['staff.invited']);
  });

  it('gives an existing Spotter user (an athlete of the gym) a staff profile, without a second user', async () => {
    const athlete = await t.make.athlete(gymId, { email: 'athlete-turned-coach@test.example.com' });
    const users = await t.db.select().from(s.users);
    const made = member(await ownerClient.post(URL, { firstName: 'Ath', lastName: 'Lete', email: 'ATHLETE-turned-coach@test.example.com' }), 201);
    expect(made.hasLogin).toBe(true);
    expect(await t.db.select().from(s.users)).toHaveLength(users.length);
    const theirProfiles = await t.db.select().from(s.profiles).where(eq(s.profiles.userId, athlete.userId!));
    expect(theirProfiles.map((p) => p.role).sort()).toEqual(['athlete', 'staff']);
    await t.drainJobs();
    expect(t.mail.find((m) => m.to === 'ATHLETE-turned-coach@test.example.com')?.subject).toMatch(/You are now on the staff of/);
  });

  it('refuses a duplicate staff email in the gym with a field message', async () => {
    const res = await managerClient.post(URL, { firstName: 'Dup', lastName: 'Licate', email: manager.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: [staffMessages.duplicateEmail] });
  });

  it('lets StaffView staff invite, but not give the coach flag or permissions (403, nothing written)', async () => {
    const before = await databaseDigest(t.db);
    const withPermissions = await managerClient.post(URL, { firstName: 'No', lastName: 'Way', email: 'noway@test.example.com', permissions: ['GymMutate'] });
    expect(withPermissions.statusCode).toBe(403);
    const asCoach = await managerClient.post(URL, { firstName: 'No', lastName: 'Way', email: 'noway@test.example.com', isCoach: true });
    expect([asCoach.statusCode, asCoach.json().message]).toEqual([403, staffMessages.coachOwnerOnly]);
    expect(await databaseDigest(t.db)).toBe(before);
    member(await managerClient.post(URL, { firstName: 'Plain', lastName: 'Invite', email: 'plain-invite@test.example.com' }), 201);
  });
});

describe('editing a colleague’s profile', () => {
  it('lets StaffView staff edit a colleague with the account rules (spec 5) and records what changed', async () => {
    const colleague = await t.make.staff(gymId, { permissions: [] });
    const res = await managerClient.put(`${URL}${colleague.staffId}/`, {
      ...profile,
      phone: '13125550142',
      medicalNotes: 'Asthma',
      address: { addressLines: ['1 Main St', ''], locality: 'Chicago', region: 'Illinois', zipCode: '60601', country: 'US' },
    });
    const saved = member(res);
    expect(saved).toMatchObject({ fullName: 'Casey Coach', phone: '13125550142', address: { addressLines: ['1 Main St'], zipCode: '60601' } });
    const [audit] = await auditOf(colleague.staffId);
    expect(audit).toMatchObject({ action: 'staff.updated', actorProfileId: manager.profileId });
    expect(audit!.changes).toMatchObject({ firstName: [expect.any(String), 'Casey'], medicalNotes: ['(hidden)', '(changed)'] });

    const future = await managerClient.put(`${URL}${colleague.staffId}/`, { ...profile, dob: '2099-01-01' });
    expect(future.json().fields).toEqual({ dob: ['Date of birth cannot be in the future.'] });
    const badZip = await managerClient.put(`${URL}${colleague.staffId}/`, { ...profile, address: { country: 'US', zipCode: 'ABC' } });
    expect(badZip.statusCode).toBe(400);
  });

  it('lets only an owner change the coach flag (403 and no change for StaffView staff)', async () => {
    const colleague = await t.make.staff(gymId, { permissions: [] });
    const before = await databaseDigest(t.db);
    const res = await managerClient.put(`${URL}${colleague.staffId}/`, { ...profile, isCoach: false });
    expect([res.statusCode, res.json().message]).toEqual([403, 'Only an owner can change the coach flag.']);
    expect(await databaseDigest(t.db)).toBe(before);
    expect(member(await ownerClient.put(`${URL}${colleague.staffId}/`, { ...profile, isCoach: false })).isCoach).toBe(false);
  });

  it('corrects a pending invite’s email (a new activation mail), and refuses it for an activated login', async () => {
    const invited = member(await ownerClient.post(URL, { firstName: 'Typo', lastName: 'Mail', email: 'tpyo@test.example.com' }), 201);
    const fixed = member(await managerClient.put(`${URL}${invited.staffId}/`, { ...profile, email: 'typo@test.example.com' }));
    expect(fixed.email).toBe('typo@test.example.com');
    await t.drainJobs();
    expect(t.mail.filter((m) => m.to === 'typo@test.example.com').map((m) => m.subject)).toEqual(['Activate your Spotter account']);

    const activated = await managerClient.put(`${URL}${frontDesk.staffId}/`, { ...profile, email: 'elsewhere@test.example.com' });
    expect(activated.json().fields).toEqual({ email: [staffMessages.emailThroughEditLogin] });
  });

  it('keeps the own account’s edit (PUT staff/self/) on the same rules', async () => {
    const self = await t.make.staff(gymId, { permissions: [] });
    const client = await t.as(self);
    expect((await client.put('/api/staff/self/', { ...profile, isCoach: false })).statusCode).toBe(403);
    expect((await client.put('/api/staff/self/', { ...profile, email: 'new@test.example.com' })).json().fields).toEqual({
      email: ['Change your email with Edit Login.'],
    });
    expect((await client.put('/api/staff/self/', { ...profile, firstName: 'Selfie' })).statusCode).toBe(200);
    expect((await auditOf(self.staffId)).map((a) => a.action)).toEqual(['staff.updated']);
  });
});

describe('permissions, owners and deactivation: an owner’s (decision 029)', () => {
  it('refuses StaffView staff every owner-only action with 403, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    for (const [path, body] of [
      ['permissions/', { permissions: ['GymMutate', 'StaffView'] }],
      ['role/', { isOwner: true }],
      ['deactivate/', undefined],
      ['reactivate/', undefined],
    ] as const) {
      const method = body ? 'PUT' : 'POST';
      const res = await managerClient.request(method, `${URL}${manager.staffId}/${path}`, body ?? {});
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code, path).toBe('owner_only');
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('removing a permission takes effect on the person’s next request', async () => {
    const desk = await t.make.staff(gymId, { permissions: ['Kiosk', 'AthleteView'] });
    const client = await t.as(desk);
    expect((await client.get('/api/events/kiosk-events/')).statusCode).toBe(200);
    const saved = member(await ownerClient.put(`${URL}${desk.staffId}/permissions/`, { permissions: ['AthleteView', 'AthleteView'] }));
    expect(saved.permissions).toEqual(['AthleteView']);
    expect((await client.get('/api/events/kiosk-events/')).statusCode).toBe(403);
    expect((await client.session()).staff.permissions).toEqual(['AthleteView']);
    const [audit] = await auditOf(desk.staffId);
    expect(audit).toMatchObject({ action: 'staff.permissions_changed', changes: { permissions: [['Kiosk', 'AthleteView'], ['AthleteView']] } });
  });

  it('validates permissions against spec 6’s list', async () => {
    const res = await ownerClient.put(`${URL}${frontDesk.staffId}/permissions/`, { permissions: ['Kiosk', 'RootAccess'] });
    expect(res.statusCode).toBe(400);
  });

  it('keeps the last active owner: not demoted, not deactivated, not even by themself', async () => {
    const gym = await t.make.gym();
    const solo = await t.make.owner(gym.id);
    const client = await t.as(solo);
    const before = await databaseDigest(t.db);
    const demote = await client.put(`${URL}${solo.staffId}/role/`, { isOwner: false });
    expect([demote.statusCode, demote.json().message]).toEqual([409, staffMessages.lastOwner]);
    expect((await client.post(`${URL}${solo.staffId}/deactivate/`)).statusCode).toBe(409);
    expect(await databaseDigest(t.db)).toBe(before);

    // With a second owner, the first may step down; the second, now alone, may not.
    const second = await t.make.staff(gym.id, { permissions: [] });
    const promoted = member(await client.put(`${URL}${second.staffId}/role/`, { isOwner: true }));
    expect(promoted.isOwner).toBe(true);
    const secondClient = await t.as(second);
    expect((await secondClient.session()).role).toBe('owner');
    expect(member(await client.put(`${URL}${solo.staffId}/role/`, { isOwner: false })).isOwner).toBe(false);
    expect((await client.session()).role).toBe('staff');
    expect((await secondClient.post(`${URL}${second.staffId}/deactivate/`)).statusCode).toBe(409);
    // A deactivated owner does not count as the other active owner.
    const third = await t.make.owner(gym.id);
    expect(member(await secondClient.post(`${URL}${third.staffId}/deactivate/`)).isActive).toBe(false);
    expect((await secondClient.put(`${URL}${second.staffId}/role/`, { isOwner: false })).statusCode).toBe(409);
  });

  it('deactivation ends the person’s sessions at once; their profile cannot be chosen again until reactivated', async () => {
    const leaving = await t.make.staff(gymId, { permissions: ['Kiosk'] });
    const client = await t.as(leaving);
    expect((await client.get('/api/events/kiosk-events/')).statusCode).toBe(200);
    const done = member(await ownerClient.post(`${URL}${leaving.staffId}/deactivate/`));
    expect(done).toMatchObject({ isActive: false, deactivatedAt: TEST_NOW });
    expect((await client.get('/api/events/kiosk-events/')).statusCode).toBe(401);
    expect(await t.db.select().from(s.sessions).where(eq(s.sessions.profileId, leaving.profileId))).toEqual([]);

    const again = await t.login(leaving.email);
    const choose = await again.post('/api/auth/select-profile/', { profileId: leaving.profileId });
    expect([choose.statusCode, choose.json().code]).toEqual([403, 'login_disabled']);
    expect(staffPageSchema.parse((await ownerClient.get(`${URL}?status=deactivated`)).json()).results.map((r) => r.staffId)).toContain(leaving.staffId);

    expect(member(await ownerClient.post(`${URL}${leaving.staffId}/reactivate/`)).isActive).toBe(true);
    expect((await again.post('/api/auth/select-profile/', { profileId: leaving.profileId })).statusCode).toBe(200);
    expect((await auditOf(leaving.staffId)).map((a) => a.action).sort()).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it('gives another gym’s owner 404 on every write, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    const target = `${URL}${frontDesk.staffId}/`;
    for (const [method, url, body] of [
      ['PUT', target, profile],
      ['PUT', `${target}permissions/`, { permissions: [] }],
      ['PUT', `${target}role/`, { isOwner: true }],
      ['POST', `${target}deactivate/`, {}],
      ['POST', `${target}reactivate/`, {}],
    ] as const) {
      const res = await otherOwnerClient.request(method, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });
});
