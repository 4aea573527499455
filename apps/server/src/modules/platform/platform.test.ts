import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEMO_EMAIL_DOMAIN, isValidPassword, messages, platformMessages, toZoned } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/client';
import { charges, demoGyms, reservations, users } from '../../db/schema';
import { DEMO_EXPIRED_MESSAGE, DEMO_INACTIVE_MESSAGE } from '../../plugins/access';
import { DEMO_GYM_ATHLETES } from './platform.repository';

const clock = fixClock(TEST_NOW);
/** Moves the fixed clock on a second: PGlite's now() reads it too, so a start and its stop would otherwise tie. */
const tick = () => clock.set(new Date(Date.now() + 1000));
let t: TestApp;
let platform: ApiClient;
let sales: ApiClient;
let w: Awaited<ReturnType<typeof makeGyms>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeGyms();
  platform = await t.as(w.platformStaff);
  sales = await t.as(w.salesStaff);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
/** Members of Anvil Barbell besides Alex and Sam: active ones without logins, and one who left. */
const MEMBERS = 6;

/**
 * The platform's world: four real gyms (one still onboarding, with nobody in it), a PERSISTENT demo gym and an expired
 * TIME_LIMITED one of one owner, platform staff and a member of the sales team.
 */
async function makeGyms() {
  const anvil = await t.make.gym({ title: 'Anvil Barbell', country: 'US', timeZone: 'America/Chicago' });
  const bluebird = await t.make.gym({ title: 'Bluebird Fitness', timeZone: 'America/New_York', stripeStatus: 'Onboard' });
  const cedar = await t.make.gym({ title: 'Cedar Athletics', country: 'CA', timeZone: 'America/Toronto' });
  const dockside = await t.make.gym({ title: 'Dockside Strength', country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  const peak = await t.make.gym({ title: 'Peak CrossFit', timeZone: 'America/Denver' });
  const quay = await t.make.gym({ title: 'Quay Fitness', timeZone: 'America/New_York' });
  const peakDemo = await t.make.demoGym(peak.id, { type: 'PERSISTENT', expiresAt: null });
  const quayDemo = await t.make.demoGym(quay.id, {
    type: 'TIME_LIMITED',
    expiresAt: new Date(Date.now() - 2 * HOUR),
    prospectName: 'Jordan Prospect',
    prospectEmail: 'jordan.prospect@test.example.com',
  });

  const owner = await t.make.owner(anvil.id, { firstName: 'Marcus', lastName: 'Reyes', isDefault: true });
  const staff = await t.make.staff(anvil.id, { permissions: ['Kiosk', 'AthleteView'], firstName: 'Dana', lastName: 'Whitfield', isDefault: true });
  await t.make.staff(anvil.id, { permissions: ['Kiosk'] });
  const alex = await t.make.athlete(anvil.id, { firstName: 'Alex', lastName: 'Morgan', email: 'alex.morgan@test.example.com' });
  await t.make.athlete(anvil.id, { firstName: 'Sam', lastName: 'Morgan', email: 'sam.morgan@test.example.com' });
  const members = await t.make.athletes(anvil.id, MEMBERS);
  await t.make.athlete(anvil.id, { login: false, isActive: false });
  const onboarding = await t.make.owner(bluebird.id, { firstName: 'Riley', lastName: 'Chen' });
  await t.make.owner(cedar.id);
  await t.make.athletes(cedar.id, 2);
  await t.make.owner(dockside.id, { firstName: 'Eleanor', lastName: 'Hughes', email: 'eleanor.h@test.example.com' });
  const demoOwner = await t.make.owner(peak.id, { firstName: 'Devon', lastName: 'Park' });
  await t.make.owner(quay.id, { userId: demoOwner.userId, email: demoOwner.email, firstName: 'Devon', lastName: 'Park' });
  const platformStaff = await t.make.platformStaff({ firstName: 'Pat', lastName: 'Support' });
  const salesStaff = await t.make.platformStaff({ firstName: 'Sasha', lastName: 'Seller', isSalesTeam: true });
  return { onboarding, anvil, bluebird, dockside, peak, quay, peakDemo, quayDemo, owner, staff, alex, members, demoOwner, platformStaff, salesStaff };
}

const names = (res: { json: () => { results: { title?: string; fullName?: string }[] } }) => res.json().results.map((r) => r.title ?? r.fullName);

/** The gym roles of CONTRACT.md, each in a profile of Anvil Barbell. */
async function gymRoles(): Promise<Record<string, ApiClient>> {
  return {
    athlete: await t.as({ userId: w.alex.userId!, profileId: w.alex.profileId }),
    staff: await t.as(w.staff),
    owner: await t.as(w.owner),
  };
}

/** Counts the queries a request runs (as profiles.test.ts does). */
async function countQueries(c: ApiClient, url: string): Promise<number> {
  let queries = 0;
  const original = t.db.select.bind(t.db);
  t.db.select = ((...args: Parameters<typeof original>) => {
    queries++;
    return original(...args);
  }) as typeof t.db.select;
  try {
    expect((await c.get(url)).statusCode).toBe(200);
  } finally {
    t.db.select = original;
  }
  return queries;
}

describe('GET /api/platform/gyms/', () => {
  it('lists the real gyms with owner, people counts and payment status; demo gyms are not in it', async () => {
    const res = await platform.get('/api/platform/gyms/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
    expect(names(res)).toEqual(['Anvil Barbell', 'Bluebird Fitness', 'Cedar Athletics', 'Dockside Strength']);
    const [counts] = await queryRows<{ athletes: number; staff: number }>(
      t.db,
      sql`select
      (select count(*)::int from athletes where gym_id = ${w.anvil.id} and is_active) as athletes,
      (select count(*)::int from staff where gym_id = ${w.anvil.id}) as staff`,
    );
    const anvil = body.results.find((g: { gymId: string }) => g.gymId === w.anvil.id);
    expect(anvil).toEqual({
      gymId: w.anvil.id,
      title: 'Anvil Barbell',
      country: 'US',
      owner: { fullName: 'Marcus Reyes', email: w.owner.email },
      activeAthletes: counts!.athletes,
      staffCount: counts!.staff,
      stripeStatus: 'Active',
      createdAt: TEST_NOW,
    });
    // Alex, Sam and the active members; the one who left is not counted. The owner, Dana and a coach.
    expect(anvil.activeAthletes).toBe(2 + MEMBERS);
    expect(anvil.staffCount).toBe(3);
    const bluebird = body.results.find((g: { title: string }) => g.title === 'Bluebird Fitness');
    expect(bluebird).toMatchObject({ stripeStatus: 'Onboard', activeAthletes: 0, owner: { fullName: 'Riley Chen', email: w.onboarding.email } });
  });

  it('searches title, owner name and owner email case-insensitively, and pages', async () => {
    expect(names(await platform.get('/api/platform/gyms/?search=anvil%20BARBELL'))).toEqual(['Anvil Barbell']);
    expect(names(await platform.get('/api/platform/gyms/?search=hughes'))).toEqual(['Dockside Strength']);
    expect(names(await platform.get('/api/platform/gyms/?search=ELEANOR.H@test'))).toEqual(['Dockside Strength']);
    expect((await platform.get('/api/platform/gyms/?search=%25')).json().count).toBe(0);
    // Demo gyms have their own list.
    expect((await platform.get('/api/platform/gyms/?search=Peak')).json().count).toBe(0);

    const page1 = (await platform.get('/api/platform/gyms/?limit=3')).json();
    expect(page1).toMatchObject({ count: 4, previous: null });
    expect(page1.results).toHaveLength(3);
    expect(page1.next).toContain('offset=3');
    const page2 = (await platform.get(page1.next)).json();
    expect(page2.results.map((g: { title: string }) => g.title)).toEqual(['Dockside Strength']);
    expect(page2.next).toBeNull();
    expect(page2.previous).toContain('offset=0');
  });

  it('reads a page in a fixed number of queries whatever its size', async () => {
    const one = await countQueries(platform, '/api/platform/gyms/?limit=1');
    const four = await countQueries(platform, '/api/platform/gyms/?limit=4');
    // At least the count and the page are seen, so the counting works.
    expect(one).toBeGreaterThanOrEqual(2);
    expect(one).toBe(four);
  });

  it('is refused to gym roles, the sales team and anonymous callers, and refuses bad input', async () => {
    for (const [role, c] of Object.entries(await gymRoles())) {
      const res = await c.get('/api/platform/gyms/');
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code, role).toBe('permission_denied');
    }
    const refused = await sales.get('/api/platform/gyms/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'sales_team_denied', message: 'The sales team works only with demo gyms.' });
    expect((await t.client().get('/api/platform/gyms/')).statusCode).toBe(401);
    const bad = await platform.get('/api/platform/gyms/?limit=0&offset=-1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['limit', 'offset']);
  });
});

describe("a gym's heading and people", () => {
  it('answers the heading of a real and of a demo gym', async () => {
    const anvil = await platform.get(`/api/platform/gyms/${w.anvil.id}/`);
    expect(anvil.json()).toEqual({ gymId: w.anvil.id, title: 'Anvil Barbell', country: 'US', timeZone: 'America/Chicago', demoGym: null });
    const quay = await platform.get(`/api/platform/gyms/${w.quay.id}/`);
    expect(quay.json()).toMatchObject({
      title: 'Quay Fitness',
      demoGym: { demoGymId: w.quayDemo.id, type: 'TIME_LIMITED', state: 'expired', isActive: true, remainingSeconds: 0 },
    });
    expect((await platform.get('/api/platform/gyms/00000000-0000-4000-8000-000000000000/')).json()).toMatchObject({
      code: 'not_found',
      message: platformMessages.gymNotFound,
    });
    const bad = await platform.get('/api/platform/gyms/not-a-uuid/athletes/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.gymId).toEqual(['Must be a valid id.']);
  });

  it("lists a gym's athletes, searchable by name or email, each with the profile to impersonate", async () => {
    const all = (await platform.get(`/api/platform/gyms/${w.anvil.id}/athletes/?limit=5`)).json();
    // Those who left are listed too.
    expect(all.count).toBe(2 + MEMBERS + 1);
    expect(all.results).toHaveLength(5);
    expect(all.next).toContain('offset=5');
    const alex = (await platform.get(`/api/platform/gyms/${w.anvil.id}/athletes/?search=ALEX%20morgan`)).json();
    expect(alex.results).toEqual([
      {
        profileId: w.alex.profileId,
        athleteId: w.alex.athleteId,
        fullName: 'Alex Morgan',
        email: 'alex.morgan@test.example.com',
        loginEnabled: true,
        isActive: true,
      },
    ]);
    const byEmail = (await platform.get(`/api/platform/gyms/${w.anvil.id}/athletes/?search=sam.morgan@`)).json();
    expect(byEmail.results.map((a: { fullName: string }) => a.fullName)).toEqual(['Sam Morgan']);

    // The profileId is what POST /api/auth/impersonate/ takes.
    const c = await t.as(w.platformStaff);
    const res = await c.post('/api/auth/impersonate/', { profileId: alex.results[0].profileId });
    expect(res.json()).toMatchObject({ role: 'athlete', isImpersonating: true, user: { email: 'alex.morgan@test.example.com' } });
  });

  it("lists a gym's staff, owners first, with role and coach flag", async () => {
    const res = (await platform.get(`/api/platform/gyms/${w.anvil.id}/staff/`)).json();
    expect(res.results[0]).toMatchObject({ fullName: 'Marcus Reyes', email: w.owner.email, role: 'owner', isCoach: true, loginEnabled: true });
    expect(res.results.filter((s: { role: string }) => s.role === 'owner')).toHaveLength(1);
    const dana = (await platform.get(`/api/platform/gyms/${w.anvil.id}/staff/?search=whitfield`)).json();
    expect(dana.results).toEqual([
      {
        profileId: w.staff.profileId,
        staffId: w.staff.staffId,
        fullName: 'Dana Whitfield',
        email: w.staff.email,
        loginEnabled: true,
        role: 'staff',
        isCoach: true,
      },
    ]);
    expect((await platform.get(`/api/platform/gyms/${w.anvil.id}/staff/?search=nobody-here`)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('answers the sales team for demo gyms only: a real gym is not found (404)', async () => {
    for (const path of ['', 'athletes/', 'staff/', 'impersonations/']) {
      const res = await sales.get(`/api/platform/gyms/${w.anvil.id}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(platformMessages.gymNotFound);
      expect((await sales.get(`/api/platform/gyms/${w.peak.id}/${path}`)).statusCode, path).toBe(200);
    }
    const staff = (await sales.get(`/api/platform/gyms/${w.peak.id}/staff/`)).json();
    expect(staff.results[0]).toMatchObject({ fullName: 'Devon Park', role: 'owner' });
  });

  it('is refused to gym roles', async () => {
    for (const [role, c] of Object.entries(await gymRoles())) {
      for (const path of ['', 'athletes/', 'staff/', 'impersonations/']) {
        expect((await c.get(`/api/platform/gyms/${w.anvil.id}/${path}`)).statusCode, `${role} ${path}`).toBe(403);
      }
    }
  });
});

describe('GET /api/platform/gyms/{gymId}/impersonations/', () => {
  it('lists every start and stop, newest first, with who, which profile, when and from where', async () => {
    const before = (await platform.get(`/api/platform/gyms/${w.dockside.id}/impersonations/`)).json();
    expect(before.count).toBe(0);
    const owner = (await platform.get(`/api/platform/gyms/${w.dockside.id}/staff/?search=Eleanor`)).json().results[0];
    const c = await t.as(w.platformStaff);
    const started = await c.post('/api/auth/impersonate/', { profileId: owner.profileId });
    expect(started.statusCode).toBe(200);
    tick();
    expect((await c.delete('/api/auth/stop-impersonation/')).statusCode).toBe(200);

    const res = (await platform.get(`/api/platform/gyms/${w.dockside.id}/impersonations/`)).json();
    expect(res.count).toBe(2);
    expect(res.results.map((a: { action: string }) => a.action)).toEqual(['stop', 'start']);
    for (const entry of res.results) {
      expect(entry).toMatchObject({
        platformStaff: { userId: w.platformStaff.userId, fullName: 'Pat Support', email: w.platformStaff.email },
        profile: { profileId: owner.profileId, fullName: 'Eleanor Hughes', role: 'owner' },
        ip: '127.0.0.1',
      });
    }
    expect(new Date(res.results[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(res.results[1].createdAt).getTime());
    const paged = (await platform.get(`/api/platform/gyms/${w.dockside.id}/impersonations/?limit=1&offset=1`)).json();
    expect(paged.results.map((a: { action: string }) => a.action)).toEqual(['start']);
    expect(paged.previous).toContain('offset=0');
    // Another gym's trail does not show it.
    expect((await platform.get(`/api/platform/gyms/${w.peak.id}/impersonations/`)).json().count).toBe(0);
  });

  it('records the platform staff member, not the impersonated user, on writes made while impersonating', async () => {
    // Tomorrow's 05:00 class with one member reserved.
    const cls = await t.make.event(w.anvil, { daysAhead: 1, time: '05:00', taxRateId: (await t.make.taxRate(w.anvil.id)).id });
    const [reservationId] = await t.make.reserve(cls, [w.members[0]!.athleteId]);
    const owner = (await platform.get(`/api/platform/gyms/${w.anvil.id}/staff/?search=${encodeURIComponent(w.owner.email)}`)).json().results[0];
    expect(owner.profileId).toBe(w.owner.profileId);
    const c = await t.as(w.platformStaff);
    expect((await c.post('/api/auth/impersonate/', { profileId: owner.profileId })).statusCode).toBe(200);

    expect((await c.put(`/api/athlete-kilo-classes/${reservationId}/`, { isCheckedIn: true })).statusCode).toBe(200);
    const [checkedIn] = await t.db.select().from(reservations).where(eq(reservations.id, reservationId!));
    expect(checkedIn!.updatedByUserId).toBe(w.platformStaff.userId);

    expect((await c.put(`/api/athlete-kilo-classes/${reservationId}/`, { isCheckedIn: false })).statusCode).toBe(200);
    expect((await c.put(`/api/athlete-kilo-classes/${reservationId}/`, { isLateCancel: true })).statusCode).toBe(200);
    const [charge] = await t.db.select().from(charges).where(eq(charges.reservationId, reservationId!));
    expect(charge!.createdByUserId).toBe(w.platformStaff.userId);
  });
});

describe('demo gyms', () => {
  const create = (c: ApiClient, body: Record<string, unknown>) => c.post('/api/platform/demo-gyms/', body);
  const prospect = { prospectName: 'Jamie Rivera', prospectEmail: 'jamie@prospect-gym.example.com' };

  it('lists demo gyms with their derived state, searchable', async () => {
    const res = (await sales.get('/api/platform/demo-gyms/?search=devon')).json();
    expect(res.count).toBe(2);
    const quay = res.results.find((d: { title: string }) => d.title === 'Quay Fitness');
    expect(quay).toMatchObject({
      demoGymId: w.quayDemo.id,
      gymId: w.quay.id,
      type: 'TIME_LIMITED',
      state: 'expired',
      isActive: true,
      remainingSeconds: 0,
      owner: { fullName: 'Devon Park', email: w.demoOwner.email },
      prospect: { name: 'Jordan Prospect', email: 'jordan.prospect@test.example.com', phone: null },
      createdBy: null,
    });
    expect(new Date(quay.expiresAt).getTime()).toBeLessThan(Date.now());
    expect(res.results.find((d: { title: string }) => d.title === 'Peak CrossFit')).toMatchObject({
      type: 'PERSISTENT',
      state: 'active',
      expiresAt: null,
      remainingSeconds: null,
    });
    expect(names(await platform.get('/api/platform/demo-gyms/?search=QUAY'))).toEqual(['Quay Fitness']);
    expect((await platform.get('/api/platform/demo-gyms/?search=zzz-no-such')).json().count).toBe(0);
    const page = (await platform.get('/api/platform/demo-gyms/?limit=1')).json();
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('offset=1');
  });

  it('creates a TIME_LIMITED demo gym with sample data and an owner login shown once', async () => {
    const started = Date.now();
    const res = await create(sales, { title: 'Prospect Barbell', ...prospect, prospectPhone: '312 555 0199' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Prospect Barbell',
      country: 'US',
      timeZone: 'America/New_York',
      type: 'TIME_LIMITED',
      state: 'active',
      isActive: true,
      owner: { fullName: 'Jamie Rivera', email: body.credentials.email },
      prospect: { name: 'Jamie Rivera', email: 'jamie@prospect-gym.example.com', phone: '312 555 0199' },
      createdBy: { fullName: 'Sasha Seller', email: w.salesStaff.email },
    });
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(started + 48 * HOUR - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 48 * HOUR);
    expect(body.remainingSeconds).toBeGreaterThan(48 * 3600 - 60);
    expect(body.credentials.email).toMatch(new RegExp(`^demo-[a-z2-7]{12}@${DEMO_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(isValidPassword(body.credentials.password)).toBe(true);
    expect(body.credentials.password.length).toBeGreaterThanOrEqual(16);

    // The password is stored only as an argon2id hash and never answered again.
    const [owner] = await t.db.select().from(users).where(eq(users.email, body.credentials.email));
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify((await sales.get(`/api/platform/demo-gyms/?search=Prospect%20Barbell`)).json())).not.toContain(body.credentials.password);

    // Believable sample data: people, today's classes in the gym's zone with reservations, appointments.
    const athletes = (await sales.get(`/api/platform/gyms/${body.gymId}/athletes/`)).json();
    expect(athletes.count).toBe(DEMO_GYM_ATHLETES);
    const staff = (await sales.get(`/api/platform/gyms/${body.gymId}/staff/`)).json();
    expect(staff.count).toBe(3);
    expect(staff.results[0]).toMatchObject({ fullName: 'Jamie Rivera', role: 'owner', email: body.credentials.email });
    const today = toZoned(new Date(), 'America/New_York').date;
    const [activity] = await queryRows<{ today: number; reservations: number; appointments: number; past: number; future: number }>(
      t.db,
      sql`select
      (select count(*)::int from events where gym_id = ${body.gymId} and kind = 'class' and start_date = ${today}) as today,
      (select count(*)::int from events where gym_id = ${body.gymId} and kind = 'class' and start_date < ${today}) as past,
      (select count(*)::int from events where gym_id = ${body.gymId} and kind = 'class' and start_date > ${today}) as future,
      (select count(*)::int from reservations r join events e on e.id = r.event_id where r.gym_id = ${body.gymId} and e.kind = 'class') as reservations,
      (select count(*)::int from events where gym_id = ${body.gymId} and kind = 'appointment' and start_date = ${today}) as appointments`,
    );
    expect(activity!.today).toBeGreaterThan(3);
    expect(activity!.past).toBeGreaterThan(0);
    expect(activity!.future).toBeGreaterThan(0);
    expect(activity!.reservations).toBeGreaterThan(100);
    expect(activity!.appointments).toBe(4);
  });

  it('creates a PERSISTENT demo gym in another country and zone', async () => {
    const res = await create(platform, { title: 'Thames Strength', type: 'PERSISTENT', country: 'GB', timeZone: 'Europe/London', ...prospect });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'PERSISTENT',
      state: 'active',
      expiresAt: null,
      remainingSeconds: null,
      country: 'GB',
      timeZone: 'Europe/London',
      createdBy: { fullName: 'Pat Support' },
    });
    const canada = await create(platform, { title: 'Lakeshore Lift', country: 'CA', ...prospect });
    expect(canada.json()).toMatchObject({ country: 'CA', timeZone: 'America/Toronto', type: 'TIME_LIMITED' });
  });

  it('refuses bad input with field messages', async () => {
    const empty = await create(platform, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation_error');
    expect(empty.json().fields).toMatchObject({
      title: [platformMessages.titleRequired],
      prospectName: [messages.nameRequired],
      prospectEmail: [messages.emailRequired],
    });
    const bad = await create(platform, {
      title: ' ',
      prospectName: 'J@mie',
      prospectEmail: 'nope',
      type: 'FOREVER',
      country: 'FR',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: [platformMessages.titleRequired],
      prospectName: [messages.nameInvalid],
      prospectEmail: [messages.emailInvalid],
      timeZone: [platformMessages.timeZoneInvalid],
    });
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['type', 'country']));
    expect((await create(platform, { title: 'X', ...prospect, timeZone: 'EST' })).json().fields.timeZone).toEqual([platformMessages.timeZoneInvalid]);
  });

  it('is refused to gym roles', async () => {
    for (const [role, c] of Object.entries(await gymRoles())) {
      expect((await c.get('/api/platform/demo-gyms/')).statusCode, role).toBe(403);
      expect((await create(c, { title: 'X', ...prospect })).statusCode, role).toBe(403);
      for (const action of ['extend', 'deactivate', 'reactivate']) {
        expect((await c.post(`/api/platform/demo-gyms/${w.quayDemo.id}/${action}/`)).statusCode, `${role} ${action}`).toBe(403);
      }
    }
    const [demo] = await t.db.select().from(demoGyms).where(eq(demoGyms.id, w.quayDemo.id));
    expect(demo!.isActive).toBe(true);
  });

  it('answers 404 for unknown demo gyms and 400 for extending a PERSISTENT one', async () => {
    for (const action of ['extend', 'deactivate', 'reactivate']) {
      const res = await platform.post(`/api/platform/demo-gyms/00000000-0000-4000-8000-000000000000/${action}/`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe(platformMessages.demoGymNotFound);
    }
    const persistent = await platform.post(`/api/platform/demo-gyms/${w.peakDemo.id}/extend/`);
    expect(persistent.statusCode).toBe(400);
    expect(persistent.json()).toMatchObject({ code: 'demo_not_time_limited', message: platformMessages.notTimeLimited });
  });

  it('extends from the current expiry while time is left, and from now once it has passed', async () => {
    const created = (await create(sales, { title: 'Extend Gym', ...prospect })).json();
    const extended = (await sales.post(`/api/platform/demo-gyms/${created.demoGymId}/extend/`)).json();
    expect(new Date(extended.expiresAt).getTime()).toBe(new Date(created.expiresAt).getTime() + 48 * HOUR);
    const quay = (await sales.post(`/api/platform/demo-gyms/${w.quayDemo.id}/extend/`)).json();
    expect(quay.state).toBe('active');
    expect(Math.abs(new Date(quay.expiresAt).getTime() - (Date.now() + 48 * HOUR))).toBeLessThan(60_000);
  });

  it('lets the new owner log in with the returned password; access follows expiry, extend, deactivate and reactivate', async () => {
    const created = (await create(sales, { title: 'Lifecycle Gym', ...prospect })).json();
    const owner = t.client();
    const login = await owner.post('/api/auth/login/', { email: created.credentials.email, password: created.credentials.password });
    expect(login.statusCode).toBe(200);
    // A demo profile cannot be a default (spec 6): the owner lands on profile selection.
    const session = await owner.session();
    expect(session).toMatchObject({ role: null, profile: null, user: { email: created.credentials.email } });
    const profiles = (await owner.get(`/api/profiles/?user=${session.user.userId}`)).json();
    expect(profiles.results).toEqual([
      expect.objectContaining({
        role: 'owner',
        gymTitle: 'Lifecycle Gym',
        fullName: 'Jamie Rivera',
        demoGym: expect.objectContaining({ type: 'TIME_LIMITED', isActive: true }),
      }),
    ]);
    const selected = await owner.post('/api/auth/select-profile/', { profileId: profiles.results[0].profileId });
    expect(selected.json()).toMatchObject({
      role: 'owner',
      gym: { title: 'Lifecycle Gym' },
      demoGym: { type: 'TIME_LIMITED', expiresAt: created.expiresAt, isActive: true },
    });

    const today = toZoned(new Date(), created.timeZone).date;
    const kiosk = `/api/events/kiosk-events/?date=${today}`;
    const open = await owner.get(kiosk);
    expect(open.statusCode).toBe(200);
    expect(open.json().count).toBeGreaterThan(0);

    await t.db
      .update(demoGyms)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(demoGyms.id, created.demoGymId));
    const expired = await owner.get(kiosk);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 'demo_expired', message: DEMO_EXPIRED_MESSAGE });
    // The session still answers, so the web app can tell the owner why (the Demo Period Expired dialog).
    expect(await owner.session()).toMatchObject({ role: 'owner', demoGym: { isActive: true, expiresAt: expect.any(String) } });
    expect((await platform.get(`/api/platform/gyms/${created.gymId}/`)).json().demoGym.state).toBe('expired');

    const extended = await platform.post(`/api/platform/demo-gyms/${created.demoGymId}/extend/`);
    expect(extended.json()).toMatchObject({ state: 'active', isActive: true });
    expect((await owner.get(kiosk)).statusCode).toBe(200);

    const deactivated = await sales.post(`/api/platform/demo-gyms/${created.demoGymId}/deactivate/`);
    expect(deactivated.json()).toMatchObject({ state: 'inactive', isActive: false });
    const inactive = await owner.get(kiosk);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({ code: 'demo_inactive', message: DEMO_INACTIVE_MESSAGE });
    expect((await owner.session()).demoGym).toMatchObject({ isActive: false });
    // Extending does not switch a deactivated demo back on.
    expect((await sales.post(`/api/platform/demo-gyms/${created.demoGymId}/extend/`)).json().state).toBe('inactive');

    const reactivated = await sales.post(`/api/platform/demo-gyms/${created.demoGymId}/reactivate/`);
    expect(reactivated.json()).toMatchObject({ state: 'active', isActive: true });
    expect((await owner.get(kiosk)).statusCode).toBe(200);
  });

  it('lets the sales team impersonate a new demo gym owner, and lists that in its audit trail', async () => {
    const created = (await create(sales, { title: 'Audit Gym', ...prospect })).json();
    const owner = (await sales.get(`/api/platform/gyms/${created.gymId}/staff/?search=jamie`)).json().results[0];
    const c = await t.as(w.salesStaff);
    expect((await c.post('/api/auth/impersonate/', { profileId: owner.profileId })).statusCode).toBe(200);
    tick();
    expect((await c.delete('/api/auth/stop-impersonation/')).statusCode).toBe(200);
    const audit = (await sales.get(`/api/platform/gyms/${created.gymId}/impersonations/`)).json();
    expect(audit.results).toEqual([
      expect.objectContaining({ action: 'stop', platformStaff: expect.objectContaining({ fullName: 'Sasha Seller', email: w.salesStaff.email }) }),
      expect.objectContaining({ action: 'start', profile: { profileId: owner.profileId, fullName: 'Jamie Rivera', role: 'owner' } }),
    ]);
  });
});
