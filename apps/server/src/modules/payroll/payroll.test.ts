import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  myPaySchema,
  payAssignmentSchema,
  payRateSchema,
  payrollMessages,
  payrollReportSchema,
  workEntrySchema,
  type PayRateInput,
  type PayrollReport,
} from '@spotter/shared';
import { productSales } from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { StaffMember } from '../../../test/factories';

// 2026-03-04 14:30 in Chicago: February is a past period; the US moves to daylight saving on 2026-03-08.
fixClock(TEST_NOW);
let t: TestApp;
let w: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let owner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 14 });
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await t.close();
});

const newRate = async (input: PayRateInput, client = owner) => {
  const res = await client.post('/api/payroll/pay-rates/', input);
  expect(res.statusCode, res.body).toBe(201);
  return payRateSchema.parse(res.json());
};
const assign = async (body: Record<string, unknown>, client = owner) => {
  const res = await client.post('/api/payroll/assignments/', body);
  expect(res.statusCode, res.body).toBe(201);
  return payAssignmentSchema.parse(res.json());
};
const categoryId = async (name: string, client = owner) => {
  const list = (await client.get('/api/payroll/work-categories/')).json() as { results: { workCategoryId: string; name: string }[] };
  return list.results.find((c) => c.name === name)!.workCategoryId;
};
const report = async (query: string, client = owner): Promise<PayrollReport> => {
  const res = await client.get(`/api/payroll/report/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return payrollReportSchema.parse(res.json());
};

describe('pay rates (issue 37)', () => {
  it('creates each kind, keeps only the fields a kind reads, and validates money in minor units with bounds', async () => {
    const flat = await newRate({
      name: 'Rates flat',
      kind: 'class_flat',
      amountMinor: 2500,
      perAthleteMinor: 300,
      athleteThreshold: 5,
      capMinor: 4000,
      commissionBasisPoints: 900,
    });
    expect(flat).toMatchObject({
      kind: 'class_flat',
      amountMinor: 2500,
      perAthleteMinor: 300,
      athleteThreshold: 5,
      capMinor: 4000,
      commissionBasisPoints: 0,
      inUse: false,
      isArchived: false,
    });
    const tiered = await newRate({
      name: 'Rates tiers',
      kind: 'class_tiered',
      amountMinor: 999,
      tiers: [
        { fromAthletes: 10, amountMinor: 3500 },
        { fromAthletes: 0, amountMinor: 1500 },
      ],
    });
    expect(tiered).toMatchObject({
      amountMinor: 0,
      tiers: [
        { fromAthletes: 0, amountMinor: 1500 },
        { fromAthletes: 10, amountMinor: 3500 },
      ],
    });
    const negative = await owner.post('/api/payroll/pay-rates/', { name: 'Bad', kind: 'hourly', amountMinor: -1 });
    expect([negative.statusCode, Object.keys(negative.json().fields)]).toEqual([400, ['amountMinor']]);
    const huge = await owner.post('/api/payroll/pay-rates/', { name: 'Bad', kind: 'hourly', amountMinor: 10_000_001 });
    expect(huge.statusCode).toBe(400);
    const fraction = await owner.post('/api/payroll/pay-rates/', { name: 'Bad', kind: 'hourly', amountMinor: 10.5 });
    expect(fraction.statusCode).toBe(400);
    const noZeroTier = await owner.post('/api/payroll/pay-rates/', { name: 'Bad', kind: 'class_tiered', tiers: [{ fromAthletes: 3, amountMinor: 100 }] });
    expect(noZeroTier.json().fields).toHaveProperty('tiers');
    const twin = await owner.post('/api/payroll/pay-rates/', { name: 'RATES FLAT', kind: 'hourly', amountMinor: 100 });
    expect([twin.statusCode, twin.json().fields]).toEqual([400, { name: [payrollMessages.rateNameTaken] }]);
  });

  it('fixes the amounts of an assigned rate, archives it instead of deleting it, and refuses to assign an archived rate', async () => {
    const rate = await newRate({ name: 'Fixed once used', kind: 'hourly', amountMinor: 1800 });
    const unused = await newRate({ name: 'Never used', kind: 'hourly', amountMinor: 1800 });
    expect((await owner.request('DELETE', `/api/payroll/pay-rates/${unused.payRateId}/`)).statusCode).toBe(200);
    await assign({
      staffId: w.staff.staffId,
      target: 'work_category',
      targetId: await categoryId('Cleaning'),
      payRateId: rate.payRateId,
      startsOn: '2026-01-01',
    });
    const changed = await owner.put(`/api/payroll/pay-rates/${rate.payRateId}/`, { name: 'Fixed once used', kind: 'hourly', amountMinor: 1900 });
    expect([changed.statusCode, changed.json().message]).toEqual([409, payrollMessages.rateInUse]);
    const renamed = await owner.put(`/api/payroll/pay-rates/${rate.payRateId}/`, { name: 'Cleaning hourly', kind: 'hourly', amountMinor: 1800 });
    expect(payRateSchema.parse(renamed.json())).toMatchObject({ name: 'Cleaning hourly', amountMinor: 1800, inUse: true });
    const deleted = await owner.request('DELETE', `/api/payroll/pay-rates/${rate.payRateId}/`);
    expect([deleted.statusCode, deleted.json().message]).toEqual([409, payrollMessages.rateInUseDelete]);
    const archived = payRateSchema.parse((await owner.post(`/api/payroll/pay-rates/${rate.payRateId}/archive/`)).json());
    expect(archived.isArchived).toBe(true);
    const late = await owner.post('/api/payroll/assignments/', {
      staffId: w.owner.staffId,
      target: 'work_category',
      targetId: await categoryId('Cleaning'),
      payRateId: rate.payRateId,
      startsOn: '2026-02-01',
    });
    expect([late.statusCode, late.json().fields]).toEqual([400, { payRateId: [payrollMessages.rateArchived] }]);
  });

  it('refuses a rate of the wrong kind for its target, and another gym’s staff or types', async () => {
    const commission = await newRate({ name: 'Wrong kind', kind: 'commission', commissionBasisPoints: 500 });
    const wrong = await owner.post('/api/payroll/assignments/', {
      staffId: w.staff.staffId,
      target: 'class_type',
      targetId: w.classType.id,
      payRateId: commission.payRateId,
      startsOn: '2026-02-01',
    });
    expect([wrong.statusCode, wrong.json().fields]).toEqual([400, { payRateId: [payrollMessages.rateKindForTarget] }]);
    const other = await t.make.kioskGym({ athletes: 0 });
    const foreignStaff = await owner.post('/api/payroll/assignments/', {
      staffId: other.staff.staffId,
      target: 'commission',
      targetId: null,
      payRateId: commission.payRateId,
      startsOn: '2026-02-01',
    });
    expect(foreignStaff.json().fields).toEqual({ staffId: [payrollMessages.staffNotFound] });
    const foreignType = await owner.post('/api/payroll/assignments/', {
      staffId: w.staff.staffId,
      target: 'class_type',
      targetId: other.classType.id,
      payRateId: (await newRate({ name: 'Hourly x', kind: 'hourly', amountMinor: 100 })).payRateId,
      startsOn: '2026-02-01',
    });
    expect(foreignType.json().fields).toEqual({ targetId: [payrollMessages.targetNotFound] });
    // The other gym's owner sees none of this gym's rates.
    const theirs = await (await t.as(other.owner)).get('/api/payroll/pay-rates/?status=all');
    expect(theirs.json().results).toEqual([]);
  });
});

describe('log work (issue 37)', () => {
  it('lets a staff member log, edit and delete their own time until it is approved, and refuses overlaps', async () => {
    const me = await t.make.staff(w.gym.id, { permissions: [] });
    const client = await t.as(me);
    const desk = await categoryId('Front desk', client);
    const first = await client.post('/api/payroll/work-entries/', {
      workCategoryId: desk,
      date: '2026-03-02',
      startTime: '09:00',
      endTime: '11:30',
      note: 'Opening shift',
    });
    expect(first.statusCode, first.body).toBe(201);
    const entry = workEntrySchema.parse(first.json());
    expect(entry).toMatchObject({ minutes: 150, status: 'pending', canEdit: true, startsAt: '2026-03-02T15:00:00.000Z', endsAt: '2026-03-02T17:30:00.000Z' });
    const overlap = await client.post('/api/payroll/work-entries/', { workCategoryId: desk, date: '2026-03-02', startTime: '11:00', endTime: '12:00' });
    expect([overlap.statusCode, overlap.json().message]).toEqual([409, payrollMessages.entryOverlaps]);
    // Back to back is no overlap; a duration-only entry has no times.
    expect(
      (await client.post('/api/payroll/work-entries/', { workCategoryId: desk, date: '2026-03-02', startTime: '11:30', endTime: '12:00' })).statusCode,
    ).toBe(201);
    const duration = workEntrySchema.parse(
      (await client.post('/api/payroll/work-entries/', { workCategoryId: desk, date: '2026-03-03', durationMinutes: 45 })).json(),
    );
    expect(duration).toMatchObject({ minutes: 45, startsAt: null });
    const badEnd = await client.post('/api/payroll/work-entries/', { workCategoryId: desk, date: '2026-03-03', startTime: '10:00', endTime: '09:00' });
    expect(badEnd.json().fields).toEqual({ endTime: [payrollMessages.endAfterStart] });
    const neither = await client.post('/api/payroll/work-entries/', { workCategoryId: desk, date: '2026-03-03' });
    expect(neither.json().fields).toEqual({ durationMinutes: [payrollMessages.timeOrDuration] });
    // Someone else cannot touch it; the staff member without PayrollMutate cannot see everyone's or review.
    const colleague = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
    expect(
      (await colleague.put(`/api/payroll/work-entries/${entry.workEntryId}/`, { workCategoryId: desk, date: '2026-03-02', durationMinutes: 10 })).statusCode,
    ).toBe(404);
    expect((await client.get('/api/payroll/work-entries/?scope=all')).statusCode).toBe(403);
    expect((await client.post(`/api/payroll/work-entries/${entry.workEntryId}/review/`, { decision: 'approve' })).statusCode).toBe(403);
    // The owner rejects with a reason (required), the staff member edits it back to pending, the owner approves.
    const noReason = await owner.post(`/api/payroll/work-entries/${entry.workEntryId}/review/`, { decision: 'reject' });
    expect(noReason.json().fields).toEqual({ reason: [payrollMessages.reasonRequired] });
    const rejected = workEntrySchema.parse(
      (await owner.post(`/api/payroll/work-entries/${entry.workEntryId}/review/`, { decision: 'reject', reason: 'Shift was 2 hours' })).json(),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reviewReason: 'Shift was 2 hours', canEdit: false });
    const edited = workEntrySchema.parse(
      (
        await client.put(`/api/payroll/work-entries/${entry.workEntryId}/`, { workCategoryId: desk, date: '2026-03-02', startTime: '09:00', endTime: '11:00' })
      ).json(),
    );
    expect(edited).toMatchObject({ status: 'pending', minutes: 120, reviewReason: '' });
    const approved = workEntrySchema.parse((await owner.post(`/api/payroll/work-entries/${entry.workEntryId}/review/`, { decision: 'approve' })).json());
    expect(approved.status).toBe('approved');
    const late = await client.put(`/api/payroll/work-entries/${entry.workEntryId}/`, { workCategoryId: desk, date: '2026-03-02', durationMinutes: 10 });
    expect([late.statusCode, late.json().message]).toEqual([409, payrollMessages.entryApproved]);
    expect((await client.request('DELETE', `/api/payroll/work-entries/${entry.workEntryId}/`)).statusCode).toBe(409);
    expect((await client.request('DELETE', `/api/payroll/work-entries/${duration.workEntryId}/`)).statusCode).toBe(200);
    const mine = (await client.get('/api/payroll/work-entries/')).json().results as { workEntryId: string }[];
    expect(mine).toHaveLength(2);
    const all = (await owner.get('/api/payroll/work-entries/?scope=all&status=approved')).json().results as { workEntryId: string }[];
    expect(all.map((e) => e.workEntryId)).toContain(entry.workEntryId);
  });

  it('counts the real minutes of a shift across the change to daylight saving, in the gym’s zone', async () => {
    const client = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
    const res = await client.post('/api/payroll/work-entries/', {
      workCategoryId: await categoryId('Admin', client),
      date: '2026-03-08',
      startTime: '01:00',
      endTime: '04:00',
    });
    // 01:00 CST to 04:00 CDT: the clocks skip 02:00–03:00.
    expect(workEntrySchema.parse(res.json())).toMatchObject({ minutes: 120, startsAt: '2026-03-08T07:00:00.000Z', endsAt: '2026-03-08T09:00:00.000Z' });
  });
});

describe('payroll report (issue 37)', () => {
  let coach: StaffMember;
  let sub: StaffMember;

  beforeAll(async () => {
    const gym = w.gym;
    coach = await t.make.staff(gym.id, { firstName: 'Avery', lastName: 'Coach', permissions: [] });
    sub = await t.make.staff(gym.id, { firstName: 'Blake', lastName: 'Sub', permissions: [] });
    const ids = w.members.map((m) => m.athleteId);
    const classAt = async (date: string, checkedIn: number, o: { staffId?: string; durationMinutes?: number; cancelled?: boolean; time?: string } = {}) => {
      const event = await t.make.event(gym, {
        classTypeId: w.classType.id,
        date,
        time: o.time ?? '18:00',
        durationMinutes: o.durationMinutes ?? 60,
        coachIds: [o.staffId ?? coach.staffId],
        ...(o.cancelled ? { cancelledAt: new Date('2026-02-01T00:00:00Z') } : {}),
      });
      if (checkedIn) await t.make.reserve(event, ids.slice(0, checkedIn), { isCheckedIn: true });
      // Reserved but not checked in: not counted.
      await t.make.reserve(event, ids.slice(checkedIn, checkedIn + 1));
      return event;
    };
    const flat = await newRate({ name: 'Flat plus', kind: 'class_flat', amountMinor: 2500, perAthleteMinor: 300, athleteThreshold: 5, capMinor: 4000 });
    const tiers = await newRate({
      name: 'Tiers',
      kind: 'class_tiered',
      tiers: [
        { fromAthletes: 0, amountMinor: 1500 },
        { fromAthletes: 5, amountMinor: 2500 },
        { fromAthletes: 10, amountMinor: 3500 },
      ],
    });
    const hourly = await newRate({ name: 'Coach hourly', kind: 'hourly', amountMinor: 2000 });
    const perAppointment = await newRate({ name: 'Per session', kind: 'appointment_flat', amountMinor: 3000 });
    const commission = await newRate({ name: 'Ten percent', kind: 'commission', commissionBasisPoints: 1000 });
    const desk = await categoryId('Front desk');
    // The coach: flat from February 1st, tiers from the 16th (a change mid-period).
    await assign({ staffId: coach.staffId, target: 'class_type', targetId: w.classType.id, payRateId: flat.payRateId, startsOn: '2026-02-01' });
    await assign({ staffId: coach.staffId, target: 'class_type', targetId: w.classType.id, payRateId: tiers.payRateId, startsOn: '2026-02-16' });
    await assign({ staffId: sub.staffId, target: 'class_type', targetId: w.classType.id, payRateId: hourly.payRateId, startsOn: '2026-01-01' });
    await assign({ staffId: coach.staffId, target: 'work_category', targetId: desk, payRateId: hourly.payRateId, startsOn: '2026-01-01' });
    await assign({ staffId: coach.staffId, target: 'commission', targetId: null, payRateId: commission.payRateId, startsOn: '2026-01-01' });
    const apptType = await t.make.appointmentType(gym.id, { name: 'Personal training' });
    await assign({ staffId: coach.staffId, target: 'appointment_type', targetId: apptType.id, payRateId: perAppointment.payRateId, startsOn: '2026-01-01' });
    await assign({ staffId: sub.staffId, target: 'appointment_type', targetId: apptType.id, payRateId: hourly.payRateId, startsOn: '2026-01-01' });

    await classAt('2026-02-10', 8); // flat: 2500 + 3 × 300 = 3400
    await classAt('2026-02-12', 12); // flat: 2500 + 7 × 300 = 4600, capped at 4000
    await classAt('2026-02-20', 7); // tiers: 5+ → 2500
    await classAt('2026-02-22', 3); // tiers: 0+ → 1500
    await classAt('2026-02-24', 9, { staffId: sub.staffId, durationMinutes: 90 }); // the substitute, hourly: 1.5 × 2000 = 3000
    await classAt('2026-02-25', 10, { cancelled: true }); // cancelled: nothing
    await classAt('2026-03-01', 10); // outside February
    await t.make.event(gym, { kind: 'appointment', appointmentTypeId: apptType.id, date: '2026-02-11', time: '08:00', coachIds: [coach.staffId] }); // 3000
    await t.make.event(gym, {
      kind: 'appointment',
      appointmentTypeId: apptType.id,
      date: '2026-02-11',
      time: '09:00',
      durationMinutes: 45,
      coachIds: [sub.staffId],
    }); // 0.75 × 2000 = 1500
    // Hours: approved 2.5 h front desk = 5000; a pending and a rejected entry pay nothing.
    const coachClient = await t.as(coach);
    const logged = async (date: string, startTime: string, endTime: string) =>
      workEntrySchema.parse((await coachClient.post('/api/payroll/work-entries/', { workCategoryId: desk, date, startTime, endTime })).json()).workEntryId;
    await owner.post(`/api/payroll/work-entries/${await logged('2026-02-13', '09:00', '11:30')}/review/`, { decision: 'approve' });
    await logged('2026-02-14', '09:00', '10:00');
    await owner.post(`/api/payroll/work-entries/${await logged('2026-02-15', '09:00', '10:00')}/review/`, { decision: 'reject', reason: 'Not scheduled' });
    // Sales the coach made: 123.45 net → 10% = 12.35 (12.345 rounds half up); tax is not commissioned.
    const product = await t.make.product(gym.id, { priceMinor: 12345 });
    await t.db.insert(productSales).values({
      gymId: gym.id,
      productId: product.id,
      quantity: 1,
      unitPriceMinor: 12345,
      netMinor: 12345,
      taxMinor: 1000,
      totalMinor: 13345,
      soldByUserId: coach.userId,
      createdAt: new Date('2026-02-14T18:00:00Z'),
    });
  });

  it('pays each fact at the rate in force on its date, the substitute not the named coach, with lines that sum to the totals', async () => {
    const feb = await report('from=2026-02-01&to=2026-02-28');
    const avery = feb.rows.find((r) => r.staffId === coach.staffId)!;
    const blake = feb.rows.find((r) => r.staffId === sub.staffId)!;
    expect(avery.lines.filter((l) => l.kind === 'class').map((l) => [l.date, l.checkedIn, l.rateName, l.amountMinor])).toEqual([
      ['2026-02-10', 8, 'Flat plus', 3400],
      ['2026-02-12', 12, 'Flat plus', 4000],
      ['2026-02-20', 7, 'Tiers', 2500],
      ['2026-02-22', 3, 'Tiers', 1500],
    ]);
    expect(avery).toMatchObject({
      classes: 4,
      classMinor: 11400,
      appointments: 1,
      appointmentMinor: 3000,
      workMinutes: 150,
      workMinor: 5000,
      soldMinor: 12345,
      commissionMinor: 1235,
      totalMinor: 20635,
    });
    expect(blake).toMatchObject({ classes: 1, classMinor: 3000, appointments: 1, appointmentMinor: 1500, workMinutes: 0, totalMinor: 4500 });
    for (const row of feb.rows) expect(row.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(row.totalMinor);
    expect(feb.totals.totalMinor).toBe(feb.rows.reduce((s, r) => s + r.totalMinor, 0));
    expect(feb.rows.flatMap((r) => r.lines).every((l) => l.amountMinor >= 0)).toBe(true);
    // Filters: one staff member; one class type (events only).
    expect((await report(`from=2026-02-01&to=2026-02-28&staffId=${sub.staffId}`)).rows.map((r) => r.staffId)).toEqual([sub.staffId]);
    const classesOnly = await report(`from=2026-02-01&to=2026-02-28&classTypeId=${w.classType.id}&staffId=${coach.staffId}`);
    expect(classesOnly.totals).toMatchObject({ classMinor: 11400, appointmentMinor: 0, workMinor: 0, commissionMinor: 0, totalMinor: 11400 });
  });

  it('never changes a past period when rates change later or are archived', async () => {
    const before = await report('from=2026-02-01&to=2026-02-28');
    const raise = await newRate({ name: 'March raise', kind: 'class_flat', amountMinor: 9000 });
    await assign({ staffId: coach.staffId, target: 'class_type', targetId: w.classType.id, payRateId: raise.payRateId, startsOn: '2026-03-01' });
    const tiers = (await owner.get('/api/payroll/pay-rates/')).json().results.find((r: { name: string }) => r.name === 'Tiers');
    expect((await owner.post(`/api/payroll/pay-rates/${tiers.payRateId}/archive/`)).statusCode).toBe(200);
    expect(await report('from=2026-02-01&to=2026-02-28')).toEqual(before);
    // March 1st's class is paid at the new rate.
    const march = await report(`from=2026-03-01&to=2026-03-04&staffId=${coach.staffId}`);
    expect(march.rows[0]!.lines.map((l) => [l.date, l.rateName, l.amountMinor])).toEqual([['2026-03-01', 'March raise', 9000]]);
  });

  it('pays a class cancelled before it started only when the gym chooses to, marked cancelled (gym settings)', async () => {
    const off = await report(`from=2026-02-01&to=2026-02-28&staffId=${coach.staffId}`);
    expect(off.rows[0]!.lines.some((l) => l.date === '2026-02-25' || l.cancelled)).toBe(false);
    expect((await owner.put('/api/gym-settings/payroll/', { payCancelledClasses: true })).statusCode).toBe(200);
    try {
      const on = await report(`from=2026-02-01&to=2026-02-28&staffId=${coach.staffId}`);
      const cancelled = on.rows[0]!.lines.filter((l) => l.cancelled);
      // At its rate on its date (tiers: 10 checked in as recorded → 3500), and nothing else changes.
      expect(cancelled.map((l) => [l.date, l.kind, l.checkedIn, l.rateName, l.amountMinor])).toEqual([['2026-02-25', 'class', 10, 'Tiers', 3500]]);
      expect(on.rows[0]!.totalMinor).toBe(off.rows[0]!.totalMinor + 3500);
      expect(on.rows[0]!.classes).toBe(off.rows[0]!.classes + 1);
      expect(on.rows[0]!.lines.filter((l) => !l.cancelled)).toEqual(off.rows[0]!.lines);
      const csv = await owner.get(`/api/payroll/report/export/?from=2026-02-25&to=2026-02-25&view=lines&staffId=${coach.staffId}`);
      expect(csv.body).toContain('Class (cancelled)');
    } finally {
      await owner.put('/api/gym-settings/payroll/', { payCancelledClasses: false });
    }
    expect(await report(`from=2026-02-01&to=2026-02-28&staffId=${coach.staffId}`)).toEqual(off);
  });

  it('exports the summary and the lines as CSV a payroll service imports, with formula-safe cells', async () => {
    await t.make.staff(w.gym.id, { firstName: '=HYPERLINK("x")', lastName: 'Evil', permissions: [] });
    const summary = await owner.get('/api/payroll/report/export/?from=2026-02-01&to=2026-02-28');
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<string[]>(summary.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Employee name',
      'Email',
      'Period start',
      'Period end',
      'Classes',
      'Class pay',
      'Appointments',
      'Appointment pay',
      'Hours',
      'Hourly pay',
      'Sales',
      'Commission',
      'Gross pay',
    ]);
    expect(rows.find((r) => r[0] === 'Avery Coach')).toEqual([
      'Avery Coach',
      coach.email,
      '2026-02-01',
      '2026-02-28',
      '4',
      '114.00',
      '1',
      '30.00',
      '2.50',
      '50.00',
      '123.45',
      '12.35',
      '206.35',
    ]);
    const lines = await owner.get(`/api/payroll/report/export/?from=2026-02-01&to=2026-02-28&view=lines&staffId=${coach.staffId}`);
    const lineRows = Papa.parse<string[]>(lines.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(lineRows).toHaveLength(1 + 4 + 1 + 1 + 1);
    expect(lineRows[1]).toEqual([
      'Avery Coach',
      coach.email,
      '2026-02-10',
      'Class',
      'Olympic Lifting',
      '8 checked in · 1 h',
      '8',
      '1.00',
      '',
      'Flat plus',
      '34.00',
    ]);
    // A name that starts a formula is exported as text.
    const evil = await t.make.staff(w.gym.id, { firstName: '=cmd', lastName: 'x', permissions: [] });
    await t.make.event(w.gym, { classTypeId: w.classType.id, date: '2026-02-05', coachIds: [evil.staffId] });
    const unsafe = await owner.get(`/api/payroll/report/export/?from=2026-02-01&to=2026-02-28&staffId=${evil.staffId}`);
    expect(unsafe.body).toContain("'=cmd x");
  });

  it('shows a coach without PayrollReportView their own lines and totals only (my pay)', async () => {
    const full = await report('from=2026-02-01&to=2026-02-28');
    const mine = async (client: ApiClient, query = 'from=2026-02-01&to=2026-02-28') => {
      const res = await client.get(`/api/payroll/my-pay/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return myPaySchema.parse(res.json());
    };
    const avery = await mine(await t.as(coach));
    expect(avery.row).toEqual(full.rows.find((r) => r.staffId === coach.staffId));
    expect((await mine(await t.as(sub))).row).toEqual(full.rows.find((r) => r.staffId === sub.staffId));
    // Another gym's coach sees nothing of this gym; a staff member with nothing to pay gets no row.
    const other = await t.make.kioskGym({ athletes: 1 });
    const stranger = await t.make.staff(other.gym.id, { permissions: [] });
    expect((await mine(await t.as(stranger))).row).toBeNull();
    // The owner (no staff record of their own here) gets no one else's lines.
    expect((await mine(owner)).row?.staffId ?? null).not.toBe(coach.staffId);
    const long = await (await t.as(coach)).get('/api/payroll/my-pay/?from=2026-01-01&to=2026-05-01');
    expect([long.statusCode, long.json().fields]).toEqual([400, { to: [payrollMessages.rangeTooLong] }]);
  });

  it('is refused without PayrollReportView, and refuses a range past 93 days or in the wrong order', async () => {
    expect((await (await t.as(coach)).get('/api/payroll/report/?from=2026-02-01&to=2026-02-28')).statusCode).toBe(403);
    const long = await owner.get('/api/payroll/report/?from=2026-01-01&to=2026-05-01');
    expect([long.statusCode, long.json().fields]).toEqual([400, { to: [payrollMessages.rangeTooLong] }]);
    expect((await owner.get('/api/payroll/report/?from=2026-02-02&to=2026-02-01')).statusCode).toBe(400);
  });
});
