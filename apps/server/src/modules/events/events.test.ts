import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  oneYearAfter,
  appointmentSchema,
  dayOfWeek,
  eventMessages,
  kiloClassPreviewPageSchema,
  kiloClassSchema,
  taxRatePageSchema,
} from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';

fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let uk: KioskGym;
let staff: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 6 });
  uk = await t.make.kioskGym({ timeZone: 'Europe/London', country: 'GB', athletes: 1 });
  staff = await t.as(w.staff);
});
afterAll(async () => {
  await t.close();
});

const today = () => todayOf(w.gym);
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '05:00', ...o });
type Preview = {
  kiloClassId: string;
  startDate: string;
  startTime: string;
  isReserved: boolean;
  location: { locationId: string } | null;
  kiloClassType: { kiloClassTypeId: string };
};

describe('GET /api/kilo-classes/{id}/', () => {
  it('answers a class with its type, location, fee settings as money, tax rate and the reservations holding a place', async () => {
    const cls = await makeClass({ capacity: 12, time: '06:30' });
    const [a, b, c, late] = w.members;
    const [first] = await t.make.reserve(cls, [a!.athleteId, b!.athleteId]);
    await t.make.reserve(cls, [c!.athleteId], { isReserved: false, isCheckedIn: true, registrationDatetime: new Date(Date.now() - 30_000) });
    await t.make.reserve(cls, [late!.athleteId], { isLateCancel: true });
    // Earliest registration first: a, b, then the walk-in c.
    const res = await staff.get(`/api/kilo-classes/${cls.id}/`);
    expect(res.statusCode).toBe(200);
    expect(kiloClassSchema.parse(res.json())).toEqual(res.json());
    expect(res.json()).toMatchObject({
      kiloClassId: cls.id,
      kiloClassType: { kiloClassTypeId: w.classType.id, name: 'Olympic Lifting' },
      rootId: null,
      startDate: '2026-03-05',
      startTime: '06:30:00',
      startsAt: '2026-03-05T12:30:00.000Z',
      endsAt: '2026-03-05T13:30:00.000Z',
      duration: 60,
      capacity: 12,
      attendeeCount: 3,
      isFull: false,
      location: { locationId: w.location.id, name: 'Main Floor' },
      reservationAndCancellationSettings: { cancellationFee: '15.00', noShowFee: '30.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 2 },
      taxRate: { taxRateId: w.taxRate.id, name: 'Sales Tax', percent: '8.25' },
    });
    expect(res.json().athleteKiloClasses).toEqual([
      { reservationId: first, athlete: { athleteId: a!.athleteId, fullName: a!.fullName }, isReserved: true, isCheckedIn: false },
      { reservationId: expect.any(String), athlete: { athleteId: b!.athleteId, fullName: b!.fullName }, isReserved: true, isCheckedIn: false },
      { reservationId: expect.any(String), athlete: { athleteId: c!.athleteId, fullName: c!.fullName }, isReserved: false, isCheckedIn: true },
    ]);
    const ukOwner = await t.as(uk.owner);
    const foreign = await ukOwner.get(`/api/kilo-classes/${cls.id}/`);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, eventMessages.classNotFound]);
  });

  it('is full when the places held reach its capacity, and knows no appointment', async () => {
    const cls = await makeClass({ capacity: 2, locationId: null, taxRateId: null });
    await t.make.reserve(
      cls,
      w.members.slice(0, 2).map((m) => m.athleteId),
    );
    expect((await staff.get(`/api/kilo-classes/${cls.id}/`)).json()).toMatchObject({ isFull: true, attendeeCount: 2, location: null, taxRate: null });
    const appointment = await t.make.event(w.gym, { kind: 'appointment', daysAhead: 1 });
    const res = await staff.get(`/api/kilo-classes/${appointment.id}/`);
    expect([res.statusCode, res.json().message]).toEqual([404, eventMessages.classNotFound]);
  });
});

describe('GET /api/appointments/{id}/', () => {
  it('answers an appointment with its type, its own cancellation settings, tax rate and reservations', async () => {
    const type = await t.make.appointmentType(w.gym.id, {
      name: 'Personal Training',
      cancellationFeeMinor: 3000,
      noShowFeeMinor: 4500,
      cancellationCreditDeduction: 1,
      noShowCreditDeduction: 1,
    });
    // An appointment keeps the fee settings it was made with (its type's then).
    const appointment = await t.make.event(w.gym, {
      kind: 'appointment',
      appointmentTypeId: type.id,
      daysAhead: 2,
      time: '10:00',
      durationMinutes: 30,
      capacity: 1,
      taxRateId: w.taxRate.id,
      cancellationFeeMinor: 3000,
      noShowFeeMinor: 4500,
      cancellationCreditDeduction: 1,
      noShowCreditDeduction: 1,
    });
    const [reservationId] = await t.make.reserve(appointment, [w.members[0]!.athleteId]);
    const res = await staff.get(`/api/appointments/${appointment.id}/`);
    expect(res.statusCode).toBe(200);
    expect(appointmentSchema.parse(res.json())).toEqual(res.json());
    expect(res.json()).toEqual({
      appointmentId: appointment.id,
      appointmentType: { appointmentTypeId: type.id, name: 'Personal Training' },
      startDate: '2026-03-06',
      startTime: '10:00:00',
      startsAt: '2026-03-06T16:00:00.000Z',
      endsAt: '2026-03-06T16:30:00.000Z',
      duration: 30,
      capacity: 1,
      attendeeCount: 1,
      location: null,
      taxRate: { taxRateId: w.taxRate.id, name: 'Sales Tax', percent: '8.25' },
      cancellationSettings: { cancellationFee: '30.00', noShowFee: '45.00', cancellationCreditDeduction: 1, noShowCreditDeduction: 1 },
      athleteAppointments: [
        { reservationId, athlete: { athleteId: w.members[0]!.athleteId, fullName: w.members[0]!.fullName }, isReserved: true, isCheckedIn: false },
      ],
    });
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.get(`/api/appointments/${appointment.id}/`)).statusCode).toBe(404);
    const cls = await makeClass();
    const wrongKind = await staff.get(`/api/appointments/${cls.id}/`);
    expect([wrongKind.statusCode, wrongKind.json().message]).toEqual([404, eventMessages.appointmentNotFound]);
  });
});

describe('GET /api/kilo-classes/ (bulk preview)', () => {
  it('lists classes on the weekdays between the dates at the start time, type and location', async () => {
    const g = await t.make.kioskGym({ athletes: 0 });
    const make = (o: Parameters<TestApp['make']['event']>[1]) =>
      t.make.event(g.gym, { classTypeId: g.classType.id, locationId: g.location.id, time: '06:00', ...o });
    const series = [];
    for (let day = 0; day <= 15; day++) series.push(await make({ daysAhead: day }));
    const otherType = await make({ daysAhead: 1, classTypeId: (await t.make.classType(g.gym.id)).id });
    const otherTime = await make({ daysAhead: 1, time: '07:00' });
    const noLocation = await make({ daysAhead: 3, locationId: null, time: '08:15' });
    await t.make.event(g.gym, { kind: 'appointment', daysAhead: 1, time: '06:00' });
    const c = await t.as(g.staff);
    const start = addDays(todayOf(g.gym), 1);
    const end = addDays(todayOf(g.gym), 14);
    const code = dayOfWeek(start) + 1;
    const codes = [code, (code % 7) + 1];
    const res = await c.get(
      `/api/kilo-classes/?days=${codes.join(',')}&start=${start}&end=${end}&start_time=06:00&kilo_class_type=${g.classType.id}&exclude_root=True`,
    );
    expect(res.statusCode).toBe(200);
    expect(kiloClassPreviewPageSchema.parse(res.json())).toEqual(res.json());
    const expected = series.filter((e) => e.startDate >= start && e.startDate <= end && codes.includes(dayOfWeek(e.startDate) + 1));
    expect(expected).toHaveLength(4);
    expect(res.json().count).toBe(4);
    expect(res.json().results.map((k: Preview) => k.kiloClassId)).toEqual(expected.map((e) => e.id));
    for (const k of res.json().results as Preview[]) {
      expect(k).toMatchObject({
        startTime: '06:00:00',
        kiloClassType: { kiloClassTypeId: g.classType.id },
        isReserved: false,
        location: { locationId: g.location.id },
      });
    }
    // Without a type or time: the other type's and the other time's classes too; never an appointment.
    const anyType = (await c.get(`/api/kilo-classes/?start=${start}&end=${start}`)).json();
    expect(anyType.results.map((k: Preview) => k.kiloClassId).sort()).toEqual([series[1]!.id, otherType.id, otherTime.id].sort());
    const none = (await c.get(`/api/kilo-classes/?days=1,2,3,4,5,6,7&start=${start}&end=${end}&location=None`)).json();
    expect(none.results.map((k: Preview) => k.kiloClassId)).toEqual([noLocation.id]);
    expect((await c.get(`/api/kilo-classes/?start=${start}&end=${end}&location=null`)).json().count).toBe(1);
    const located = (await c.get(`/api/kilo-classes/?start=${start}&end=${end}&location=${g.location.id}`)).json();
    expect(located.count).toBe(16);
    expect(located.results.every((k: Preview) => k.location?.locationId === g.location.id)).toBe(true);
    // Without dates: from today in the gym's zone, for a year.
    expect((await c.get(`/api/kilo-classes/?start_time=06:00&kilo_class_type=${g.classType.id}&limit=100`)).json().count).toBe(16);
    expect((await c.get(`/api/kilo-classes/?end=${addDays(todayOf(g.gym), 2)}&start_time=06:00&kilo_class_type=${g.classType.id}`)).json().count).toBe(3);
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.get(`/api/kilo-classes/?start=${start}&end=${end}&kilo_class_type=${g.classType.id}`)).json().count).toBe(0);
  });

  it("marks the athlete's reserved classes, pages in the same number of statements, and refuses bad ranges and weekdays", async () => {
    const cls = await makeClass({ daysAhead: 2, time: '05:15' });
    const athlete = w.members[5]!;
    await t.make.reserve(cls, [athlete.athleteId]);
    const marked = (await staff.get(`/api/kilo-classes/?start=${cls.startDate}&end=${cls.startDate}&start_time=05:15&athlete=${athlete.athleteId}`)).json();
    expect(marked.results).toHaveLength(1);
    expect(marked.results[0]).toMatchObject({
      kiloClassId: cls.id,
      isReserved: true,
      attendeeCount: 1,
      bookability: { action: null, reason: { code: 'already_reserved', message: 'The athlete already has a booking for this class.' } },
    });
    expect(
      (await staff.get(`/api/kilo-classes/?start=${cls.startDate}&end=${cls.startDate}&start_time=05:15&athlete=${w.members[4]!.athleteId}`)).json().results[0],
    ).toMatchObject({ isReserved: false, bookability: { action: 'book', reason: null } });

    for (let day = 3; day < 13; day++) await makeClass({ daysAhead: day, time: '05:15' });
    const counts: number[] = [];
    for (const limit of [1, 5, 100]) {
      const { count, result } = await countDriverQueries(t.db, () =>
        staff.get(`/api/kilo-classes/?start_time=05:15&athlete=${athlete.athleteId}&limit=${limit}`),
      );
      expect(result.json().results).toHaveLength(Math.min(limit, 11));
      counts.push(count);
    }
    // The session, the count, the page, and the athlete's reservations of it.
    expect(counts).toEqual([4, 4, 4]);

    const backwards = await staff.get(`/api/kilo-classes/?start=${cls.startDate}&end=${addDays(cls.startDate, -1)}`);
    expect([backwards.statusCode, backwards.json()]).toEqual([
      400,
      expect.objectContaining({ message: eventMessages.endBeforeStart, fields: { end: [eventMessages.endBeforeStart] } }),
    ]);
    expect((await staff.get(`/api/kilo-classes/?start=${cls.startDate}&end=${oneYearAfter(cls.startDate)}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/kilo-classes/?start=${cls.startDate}&end=${addDays(oneYearAfter(cls.startDate), 1)}`)).json().message).toBe(
      eventMessages.rangeOverOneYear,
    );
    expect((await staff.get('/api/kilo-classes/?days=0,8')).json().message).toBe(eventMessages.weekdaysInvalid);
    expect((await staff.get('/api/kilo-classes/?days=')).json().message).toBe(eventMessages.weekdaysRequired);
    expect((await staff.get('/api/kilo-classes/?start_time=25:00')).json().message).toBe(eventMessages.timeFormat);
    expect((await staff.get(`/api/kilo-classes/?start=${today()}x`)).json().message).toBe(eventMessages.dateFormat);
  });
});

describe('GET /api/tax-rates/', () => {
  it("lists the gym's active tax rates with their percent by name, searched by name, and no other gym's", async () => {
    const g = await t.make.kioskGym({ athletes: 0 });
    await t.make.taxRate(g.gym.id, { name: 'No tax', percent: '0.0000' });
    await t.make.taxRate(g.gym.id, { name: 'Old rate', percent: '7.0000', isActive: false });
    await t.make.taxRate(g.gym.id, { name: 'City levy', percent: '2.5000' });
    const c = await t.as(g.staff);
    const res = (await c.get('/api/tax-rates/?limit=100&offset=0&search=')).json();
    expect(taxRatePageSchema.parse(res)).toEqual(res);
    expect(res.results).toEqual([
      { taxRateId: expect.any(String), name: 'City levy', percent: '2.5' },
      { taxRateId: expect.any(String), name: 'No tax', percent: '0' },
      { taxRateId: g.taxRate.id, name: 'Sales Tax', percent: '8.25' },
    ]);
    expect((await c.get('/api/tax-rates/?search=SALES')).json().results.map((r: { name: string }) => r.name)).toEqual(['Sales Tax']);
    expect((await c.get('/api/tax-rates/?search=old')).json().count).toBe(0);
    const page = (await c.get('/api/tax-rates/?limit=2')).json();
    expect([page.count, page.results.length, page.next]).toEqual([3, 2, expect.stringContaining('offset=2')]);
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.get('/api/tax-rates/')).json().results.map((r: { name: string }) => r.name)).toEqual(['Sales Tax']);
    expect((await ukOwner.get('/api/tax-rates/')).json().results[0].taxRateId).toBe(uk.taxRate.id);
  });
});
