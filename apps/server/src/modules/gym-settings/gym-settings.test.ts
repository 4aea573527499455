import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  classDefaultsSchema,
  defaultClassDefaults,
  defaultKioskSettings,
  selfCheckInMessages,
  gymSettingsMessages,
  gymSettingsSchema,
  kioskSettingsMessages,
  messages,
  permissions,
  replyToMessages,
  senderNameMessages,
  setupMessages,
  zipCodeMessages,
  type ClassDefaults,
  type GymSettings,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { createReservation, type ReservationsContext } from '../reservations';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
/** Staff holding every permission but GymMutate. */
let noMutate: ApiClient;
let withMutate: ApiClient;
let otherOwner: ApiClient;
let otherGymId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 3 });
  owner = await t.as(w.owner);
  noMutate = await t.as(await t.make.staff(w.gym.id, { permissions: permissions.filter((p) => p !== 'GymMutate') }));
  withMutate = await t.as(await t.make.staff(w.gym.id, { permissions: ['GymMutate'] }));
  const other = await t.make.kioskGym({ athletes: 1 });
  otherGymId = other.gym.id;
  otherOwner = await t.as(other.owner);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/gym-settings/';
const read = async (client = owner): Promise<GymSettings> => {
  const res = await client.get(URL);
  expect(res.statusCode, res.body).toBe(200);
  return gymSettingsSchema.parse(res.json());
};
const gymRow = async (id = w.gym.id) => (await t.db.select().from(s.gyms).where(eq(s.gyms.id, id)))[0]!;
const profile = {
  title: 'Iron Temple Barbell',
  email: 'Front@IronTemple.example',
  phone: '(312) 555-0123',
  address: { addressLines: ['1 Main St', ''], locality: 'Chicago', region: 'Illinois', zipCode: '60601' },
};

describe('gym settings: reading and GymMutate (issue 22)', () => {
  it('answers every section for the caller’s gym, with the From address of MAIL_FROM', async () => {
    const settings = await read();
    expect(settings).toMatchObject({
      gymId: w.gym.id,
      country: 'US',
      timeZone: 'America/Chicago',
      classDefaults: defaultClassDefaults,
      kiosk: defaultKioskSettings,
      payroll: { payCancelledClasses: false },
      emailIdentity: { senderName: null, replyTo: null, fromAddress: 'no-reply@spotter.local' },
      isDemo: false,
      classTaxRate: null,
    });
    // Staff holding GymMutate (not owners) may too.
    expect((await withMutate.get(URL)).statusCode).toBe(200);
  });

  it('refuses staff without GymMutate every section (403), and changes nothing', async () => {
    const before = await gymRow();
    expect((await noMutate.get(URL)).statusCode).toBe(403);
    const puts: [string, unknown][] = [
      ['profile/', profile],
      ['region/', { country: 'GB', timeZone: 'Europe/London' }],
      ['tax/', { isTaxInclusive: true, classTaxRateId: null }],
      ['class-defaults/', defaultClassDefaults],
      ['kiosk/', { ...defaultKioskSettings, allowWalkInsWithoutPackage: false }],
      ['email-identity/', { senderName: 'Iron Temple', replyTo: 'hi@example.com' }],
      ['payroll/', { payCancelledClasses: true }],
    ];
    for (const [path, body] of puts) expect((await noMutate.put(`${URL}${path}`, body)).statusCode, path).toBe(403);
    expect(await gymRow()).toEqual(before);
  });

  it('only ever touches the caller’s own gym', async () => {
    const before = await gymRow();
    const res = await otherOwner.put(`${URL}email-identity/`, { senderName: 'Elsewhere', replyTo: 'x@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().gymId).toBe(otherGymId);
    expect(await gymRow()).toEqual(before);
    expect((await gymRow(otherGymId)).senderName).toBe('Elsewhere');
    expect((await otherOwner.get(URL)).json().gymId).toBe(otherGymId);
  });

  it('says whether the gym is a demo', async () => {
    const demo = await t.make.gym();
    await t.make.demoGym(demo.id);
    const demoOwner = await t.as(await t.make.owner(demo.id));
    expect((await read(demoOwner)).isDemo).toBe(true);
  });
});

describe('gym settings: profile', () => {
  it('saves title, email, phone (digits), address with its region and an upper-cased postcode', async () => {
    const res = await owner.put(`${URL}profile/`, { ...profile, address: { ...profile.address, region: 'Illinois' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(gymSettingsSchema.parse(res.json())).toMatchObject({
      title: 'Iron Temple Barbell',
      email: 'front@irontemple.example',
      phone: '13125550123',
      address: { addressLines: ['1 Main St'], locality: 'Chicago', region: 'Illinois', zipCode: '60601' },
    });
  });

  it.each([
    ['a phone not of the gym’s country', { phone: 'not a phone' }, 'phone', messages.phoneInvalid],
    ['a region of another country', { address: { ...profile.address, region: 'Ontario' } }, 'address.region', gymSettingsMessages.regionInvalid],
    ['a postcode of another country', { address: { ...profile.address, zipCode: 'SW1A 1AA' } }, 'address.zipCode', zipCodeMessages.US],
    ['an empty title', { title: '  ' }, 'title', gymSettingsMessages.titleRequired],
    ['a bad email', { email: 'nope' }, 'email', messages.emailInvalid],
  ])('refuses %s with the spec’s message, changing nothing', async (_what, change, field, message) => {
    const before = await gymRow();
    const res = await owner.put(`${URL}profile/`, { ...profile, title: 'Changed', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(JSON.stringify(res.json().fields ?? {})).toContain(field.split('.').pop()!);
    expect(await gymRow()).toEqual(before);
  });

  it('accepts a UK postcode in lower case for a UK gym, upper-cased', async () => {
    const uk = await t.make.kioskGym({ country: 'GB', timeZone: 'Europe/London', athletes: 0 });
    const ukOwner = await t.as(uk.owner);
    const res = await ukOwner.put(`${URL}profile/`, {
      title: 'Northside',
      email: '',
      phone: '020 7946 0018',
      address: { addressLines: [], locality: 'London', region: 'Greater London', zipCode: 'sw1a 1aa' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: '', phone: '442079460018', address: { region: 'Greater London', zipCode: 'SW1A 1AA' } });
  });
});

describe('gym settings: region', () => {
  it('changing the country clears the region and postcode; an unknown time zone is refused', async () => {
    const gym = await t.make.gym({ region: 'Illinois', zipCode: '60601' });
    const gymOwner = await t.as(await t.make.owner(gym.id));
    const bad = await gymOwner.put(`${URL}region/`, { country: 'CA', timeZone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(gymSettingsMessages.timeZoneInvalid);
    expect((await gymRow(gym.id)).country).toBe('US');
    const same = await gymOwner.put(`${URL}region/`, { country: 'US', timeZone: 'America/New_York' });
    expect(same.json()).toMatchObject({ country: 'US', timeZone: 'America/New_York', address: { region: 'Illinois', zipCode: '60601' } });
    const moved = await gymOwner.put(`${URL}region/`, { country: 'CA', timeZone: 'America/Toronto' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ country: 'CA', timeZone: 'America/Toronto', address: { region: '', zipCode: '' } });
    expect((await gymOwner.put(`${URL}region/`, { country: 'GB', timeZone: 'UTC' })).json()).toMatchObject({ timeZone: 'UTC' });
  });

  it('a changed time zone moves nothing already booked, and the session sees the new zone', async () => {
    const g = await t.make.kioskGym({ athletes: 2 });
    const gOwner = await t.as(g.owner);
    const event = await t.make.event(g.gym, { daysAhead: 3, time: '07:00' });
    const reservationIds = await t.make.reserve(
      event,
      g.members.map((m) => m.athleteId),
    );
    const before = {
      event: (await t.db.select().from(s.events).where(eq(s.events.id, event.id)))[0]!,
      reservations: await t.db.select().from(s.reservations).where(eq(s.reservations.eventId, event.id)),
    };
    const res = await gOwner.put(`${URL}region/`, { country: 'US', timeZone: 'America/Los_Angeles' });
    expect(res.statusCode, res.body).toBe(200);
    const after = {
      event: (await t.db.select().from(s.events).where(eq(s.events.id, event.id)))[0]!,
      reservations: await t.db.select().from(s.reservations).where(eq(s.reservations.eventId, event.id)),
    };
    expect(after.event.startsAt.toISOString()).toBe(before.event.startsAt.toISOString());
    expect(after).toEqual(before);
    expect(after.reservations.map((r) => r.id).sort()).toEqual([...reservationIds].sort());
    // The session's copy of the gym took the new zone (what every date of the app is shown in).
    expect((await gOwner.get(`/api/gyms/${g.gym.id}/`)).json().timeZone).toBe('America/Los_Angeles');
  });
});

describe('gym settings: tax, class defaults, kiosk, email identity', () => {
  it('sets the class tax rate to an active rate of the gym only', async () => {
    const ok = await owner.put(`${URL}tax/`, { isTaxInclusive: true, classTaxRateId: w.taxRate.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isTaxInclusive: true, classTaxRate: { taxRateId: w.taxRate.id, name: 'Sales Tax' } });
    const archived = await t.make.taxRate(w.gym.id, { isActive: false });
    const elsewhere = await t.make.taxRate(otherGymId);
    for (const id of [archived.id, elsewhere.id, randomUUID()]) {
      const res = await owner.put(`${URL}tax/`, { isTaxInclusive: false, classTaxRateId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(gymSettingsMessages.taxRateUnknown);
    }
    expect(await gymRow()).toMatchObject({ isTaxInclusive: true, classTaxRateId: w.taxRate.id });
    expect((await owner.put(`${URL}tax/`, { isTaxInclusive: false, classTaxRateId: null })).json()).toMatchObject({
      isTaxInclusive: false,
      classTaxRate: null,
    });
  });

  it('saves class defaults by the class-type rules, and a new class type starts with them', async () => {
    const defaults: ClassDefaults = {
      ...defaultClassDefaults,
      bookingOpensDays: 7,
      bookingClosesMinutes: 30,
      lateCancelCutoffMinutes: 120,
      cancellationFeeMinor: 1000,
      noShowCreditDeduction: 2,
      waitlistSize: 4,
    };
    const bad = await owner.put(`${URL}class-defaults/`, { ...defaults, bookingOpensDays: 1, bookingClosesMinutes: 1440 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(setupMessages.bookingWindowEmpty);
    const res = await owner.put(`${URL}class-defaults/`, defaults);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classDefaults).toEqual(defaults);
    // Any staff member who may create class types reads what the form starts with.
    const plain = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
    const read = await plain.get('/api/class-types/defaults/');
    expect(read.statusCode, read.body).toBe(200);
    expect(classDefaultsSchema.parse(read.json())).toEqual(defaults);
    expect((await otherOwner.get('/api/class-types/defaults/')).json()).toEqual(defaultClassDefaults);
    // A waitlist that is off keeps no size.
    const off = await owner.put(`${URL}class-defaults/`, { ...defaults, waitlistEnabled: false, waitlistSize: 9 });
    expect(off.json().classDefaults).toMatchObject({ waitlistEnabled: false, waitlistSize: null });
  });

  it('saves the kiosk settings, which the kiosk reads (Kiosk permission)', async () => {
    const kiosk = {
      athleteModeShowsAppointments: false,
      athleteModeShowsPhotos: false,
      athleteModeShowsEligible: true,
      allowWalkInsWithoutPackage: true,
      selfCheckInOpensMinutes: 90,
      selfCheckInClosesMinutes: 15,
    };
    const res = await owner.put(`${URL}kiosk/`, kiosk);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kiosk).toEqual(kiosk);
    const desk = await t.as(w.staff);
    expect((await desk.get('/api/kiosk/settings/')).json()).toEqual(kiosk);
    // Issue 32: the self check-in window is whole minutes from 0 to a day, on its field; a body without it keeps the defaults.
    for (const [field, value] of [
      ['selfCheckInOpensMinutes', -1],
      ['selfCheckInOpensMinutes', 1441],
      ['selfCheckInClosesMinutes', 2.5],
      ['selfCheckInClosesMinutes', '10'],
    ] as const) {
      const bad = await owner.put(`${URL}kiosk/`, { ...kiosk, [field]: value });
      expect(bad.statusCode, `${field} ${value}`).toBe(400);
      expect(bad.json().fields[field]).toEqual([selfCheckInMessages.minutes]);
    }
    expect((await desk.get('/api/kiosk/settings/')).json()).toEqual(kiosk);
    const { selfCheckInOpensMinutes: _o, selfCheckInClosesMinutes: _c, ...older } = kiosk;
    expect((await owner.put(`${URL}kiosk/`, older)).json().kiosk).toMatchObject({ selfCheckInOpensMinutes: 60, selfCheckInClosesMinutes: 0 });
    expect((await (await t.as(await t.make.staff(w.gym.id, { permissions: [] }))).get('/api/kiosk/settings/')).statusCode).toBe(403);
    await owner.put(`${URL}kiosk/`, defaultKioskSettings);
  });

  it('saves whether cancelled classes are paid (issue 37), off by default, for the caller’s gym only', async () => {
    expect((await read()).payroll).toEqual({ payCancelledClasses: false });
    const on = await owner.put(`${URL}payroll/`, { payCancelledClasses: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(gymSettingsSchema.parse(on.json()).payroll).toEqual({ payCancelledClasses: true });
    expect((await gymRow()).payCancelledClasses).toBe(true);
    expect((await gymRow(otherGymId)).payCancelledClasses).toBe(false);
    expect((await owner.put(`${URL}payroll/`, { payCancelledClasses: 'yes' })).statusCode).toBe(400);
    const off = await withMutate.put(`${URL}payroll/`, { payCancelledClasses: false });
    expect(gymSettingsSchema.parse(off.json()).payroll).toEqual({ payCancelledClasses: false });
  });

  it('saves the email identity by spec 5’s sender rules', async () => {
    const before = await gymRow();
    for (const [body, message] of [
      [{ senderName: '', replyTo: 'a@example.com' }, senderNameMessages.required],
      [{ senderName: 'Iron <Temple>', replyTo: 'a@example.com' }, senderNameMessages.invalid],
      [{ senderName: 'Iron Temple', replyTo: '' }, replyToMessages.required],
      [{ senderName: 'Iron Temple', replyTo: 'not-an-email' }, replyToMessages.invalid],
    ] as const) {
      const res = await owner.put(`${URL}email-identity/`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await gymRow()).toEqual(before);
    const res = await owner.put(`${URL}email-identity/`, { senderName: 'Iron Temple Front Desk', replyTo: 'Desk@IronTemple.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().emailIdentity).toEqual({
      senderName: 'Iron Temple Front Desk',
      replyTo: 'desk@irontemple.example',
      fromAddress: 'no-reply@spotter.local',
    });
  });
});

describe('kiosk: walk-ins without a package (issue 22)', () => {
  const ctx = (fastWrites: boolean): ReservationsContext => ({ db: t.db, changes: t.app.changes, jobs: t.app.jobs, appUrl: t.app.config.appUrl, fastWrites });

  it.each([true, false])('refuses an uncovered walk-in when the gym says so (fast path %s), allows a covered one and a booking', async (fastWrites) => {
    const g = await t.make.kioskGym({ athletes: 3 });
    const [uncovered, covered, booked] = g.members;
    await t.make.membership(g.gym.id, [covered!.athleteId]);
    const event = await t.make.event(g.gym, { time: '23:00' });
    const writer = { gymId: g.gym.id, timeZone: g.gym.timeZone, actorUserId: g.staff.userId, ownAthleteId: null };
    const walkIn = (athleteId: string) =>
      createReservation(ctx(fastWrites), writer, 'class', { id: randomUUID(), athleteId, eventId: event.id, isReserved: false, isCheckedIn: true });
    await t.db
      .update(s.gyms)
      .set({ kioskSettings: { ...defaultKioskSettings, allowWalkInsWithoutPackage: false } })
      .where(eq(s.gyms.id, g.gym.id));
    await expect(walkIn(uncovered!.athleteId)).rejects.toMatchObject({
      statusCode: 409,
      code: 'walk_in_needs_package',
      message: kioskSettingsMessages.walkInNeedsPackage(uncovered!.fullName),
    });
    expect(await t.db.select().from(s.reservations).where(eq(s.reservations.athleteId, uncovered!.athleteId))).toEqual([]);
    expect((await walkIn(covered!.athleteId)).record).toMatchObject({ isCheckedIn: true, isCredited: true });
    // The front desk may still book (reserve) someone uncovered; only walk-ins are refused.
    const reserved = await createReservation(ctx(fastWrites), writer, 'class', {
      id: randomUUID(),
      athleteId: booked!.athleteId,
      eventId: event.id,
      isReserved: true,
      isCheckedIn: false,
    });
    expect(reserved.record).toMatchObject({ isReserved: true, isCredited: false });
    // Allowed again: the walk-in is recorded, uncredited.
    await t.db.update(s.gyms).set({ kioskSettings: defaultKioskSettings }).where(eq(s.gyms.id, g.gym.id));
    expect((await walkIn(uncovered!.athleteId)).record).toMatchObject({ isCheckedIn: true, isCredited: false });
  });

  it('answers the refusal over HTTP to the desk and to several walk-ins at once', async () => {
    const g = await t.make.kioskGym({ athletes: 4 });
    const desk = await t.as(g.staff);
    const gOwner = await t.as(g.owner);
    await gOwner.put(`${URL}kiosk/`, { ...defaultKioskSettings, allowWalkInsWithoutPackage: false });
    await t.make.membership(g.gym.id, [g.members[0]!.athleteId, g.members[1]!.athleteId]);
    const cls = await t.make.event(g.gym, { time: '23:00' });
    const answers = await Promise.all(
      g.members.map((m) =>
        desk.post('/api/athlete-kilo-classes/', {
          athleteKiloClassId: randomUUID(),
          athlete: m.athleteId,
          kiloClass: cls.id,
          isReserved: false,
          isCheckedIn: true,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 409, 409]);
    expect(answers[2]!.json()).toMatchObject({ code: 'walk_in_needs_package', message: kioskSettingsMessages.walkInNeedsPackage(g.members[2]!.fullName) });
    const rows = await t.db.select().from(s.reservations).where(eq(s.reservations.eventId, cls.id));
    expect(rows.map((r) => r.athleteId).sort()).toEqual([g.members[0]!.athleteId, g.members[1]!.athleteId].sort());
  });
});
