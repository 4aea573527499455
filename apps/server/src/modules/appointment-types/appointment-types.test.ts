import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  appointmentTypePageSchema,
  appointmentTypeSavedSchema,
  appointmentTypeSchema,
  messages,
  setupMessages,
  type AppointmentTypeInput,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';
import type { StaffMember } from '../../../test/factories';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
let coachA: StaffMember;
let coachB: StaffMember;
let frontDesk: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 1 });
  await t.db.update(s.gyms).set({ classTaxRateId: w.taxRate.id }).where(eq(s.gyms.id, w.gym.id));
  owner = await t.as(w.owner);
  coachA = await t.make.staff(w.gym.id, { firstName: 'Alex', lastName: 'Stone' });
  coachB = await t.make.staff(w.gym.id, { firstName: 'Bea', lastName: 'Lift' });
  frontDesk = await t.make.staff(w.gym.id, { firstName: 'Desk', lastName: 'Only' });
  await t.db.update(s.staff).set({ isCoach: false }).where(eq(s.staff.id, frontDesk.staffId));
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/appointment-types/';
const full: AppointmentTypeInput = {
  name: 'Personal Training 60',
  color: 'violet',
  description: 'One to one.',
  durationMinutes: 60,
  priceMinor: 8500,
  bufferMinutes: 15,
  capacity: 1,
  lateCancelCutoffMinutes: 1440,
  cancellationFeeMinor: 4000,
  noShowFeeMinor: 8500,
  cancellationCreditDeduction: 1,
  noShowCreditDeduction: 1,
  taxRateId: null,
  coachIds: [],
};
let serial = 0;
const create = async (body: Partial<AppointmentTypeInput> = {}, client = owner) => {
  const res = await client.post(URL, { ...full, name: `Appointment ${++serial}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return appointmentTypeSchema.parse(res.json());
};

describe('appointment types (issue 16)', () => {
  it('creates one offered by coaches, reads it, and replaces the coaches on update', async () => {
    const created = await create({ name: 'Intro Session', coachIds: [coachB.staffId, coachA.staffId], taxRateId: w.taxRate.id });
    expect(created).toMatchObject({
      name: 'Intro Session',
      color: 'violet',
      durationMinutes: 60,
      priceMinor: 8500,
      bufferMinutes: 15,
      capacity: 1,
      lateCancelCutoffMinutes: 1440,
      cancellationFeeMinor: 4000,
      noShowFeeMinor: 8500,
      taxRate: { taxRateId: w.taxRate.id },
      coaches: [
        { staffId: coachA.staffId, fullName: 'Alex Stone' },
        { staffId: coachB.staffId, fullName: 'Bea Lift' },
      ],
      isArchived: false,
      inUse: false,
    });
    expect(appointmentTypeSchema.parse((await owner.get(`${URL}${created.appointmentTypeId}/`)).json())).toEqual(created);
    const saved = appointmentTypeSavedSchema.parse(
      (await owner.put(`${URL}${created.appointmentTypeId}/`, { ...full, name: 'Intro Session', coachIds: [coachB.staffId] })).json(),
    );
    expect(saved.appointmentType.coaches.map((c) => c.staffId)).toEqual([coachB.staffId]);
    const cleared = appointmentTypeSavedSchema.parse(
      (await owner.put(`${URL}${created.appointmentTypeId}/`, { ...full, name: 'Intro Session', coachIds: [] })).json(),
    );
    expect(cleared.appointmentType.coaches).toEqual([]);
  });

  it('offers only coaches of this gym, each once; refusals change nothing', async () => {
    const other = await t.make.kioskGym({ athletes: 0 });
    const before = await databaseDigest(t.db, ['sessions']);
    for (const coachIds of [[frontDesk.staffId], [other.staff.staffId], [randomUUID()], [coachA.staffId, frontDesk.staffId]]) {
      const res = await owner.post(URL, { ...full, name: 'Refused Coaches', coachIds });
      expect([res.statusCode, res.json().fields]).toEqual([400, { coachIds: [setupMessages.coachNotFound] }]);
    }
    const twice = await owner.post(URL, { ...full, name: 'Twice', coachIds: [coachA.staffId, coachA.staffId] });
    expect([twice.statusCode, twice.json().message]).toEqual([400, setupMessages.coachTwice]);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('validates every setting with a clear message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.nameRequired],
      [{ name: 'PT <1:1>' }, 'name', messages.nameInvalid],
      [{ durationMinutes: 0 }, 'durationMinutes', setupMessages.appointmentDurationMin],
      [{ priceMinor: -100 }, 'priceMinor', setupMessages.priceNegative],
      [{ priceMinor: 12.5 }, 'priceMinor', setupMessages.wholeNumber],
      [{ bufferMinutes: -1 }, 'bufferMinutes', setupMessages.minutesNegative],
      [{ bufferMinutes: 241 }, 'bufferMinutes', setupMessages.bufferMax],
      [{ capacity: 0 }, 'capacity', setupMessages.capacityMin],
      [{ lateCancelCutoffMinutes: -1 }, 'lateCancelCutoffMinutes', setupMessages.minutesNegative],
      [{ cancellationFeeMinor: -1 }, 'cancellationFeeMinor', setupMessages.feeNegative],
      [{ cancellationCreditDeduction: 101 }, 'cancellationCreditDeduction', setupMessages.creditsTooHigh],
      [{ color: 'dark' }, 'color', setupMessages.colorInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post(URL, { ...full, name: 'Valid Name', ...body });
      expect([res.statusCode, res.json().message, res.json().fields?.[field]], JSON.stringify(body)).toEqual([400, message, [message]]);
    }
    await create({ name: 'Massage' });
    const twin = await owner.post(URL, { ...full, name: 'MASSAGE' });
    expect([twin.statusCode, twin.json().fields]).toEqual([400, { name: [setupMessages.appointmentTypeNameTaken] }]);
  });

  it('copies a fee change onto appointments still to come and not cancelled', async () => {
    const type = await create({ name: 'Fee Reach', cancellationFeeMinor: 1000 });
    const at = (o: Parameters<TestApp['make']['event']>[1]) => t.make.event(w.gym, { kind: 'appointment', appointmentTypeId: type.appointmentTypeId, ...o });
    const future = await at({ daysAhead: 1, time: '09:00' });
    const started = await at({ daysAhead: 0, time: '14:00' });
    const past = await at({ daysAhead: -1, time: '09:00' });
    const cancelled = await at({ daysAhead: 2, time: '09:00', cancelledAt: new Date() });
    const res = appointmentTypeSavedSchema.parse(
      (await owner.put(`${URL}${type.appointmentTypeId}/`, { ...full, name: 'Fee Reach', cancellationFeeMinor: 5500 })).json(),
    );
    expect(res).toMatchObject({ eventsUpdated: 1, appointmentType: { cancellationFeeMinor: 5500, upcomingCount: 1, inUse: true } });
    const fee = async (id: string) => (await t.db.select().from(s.events).where(eq(s.events.id, id)))[0]!;
    expect(await fee(future.id)).toMatchObject({ cancellationFeeMinor: 5500, noShowFeeMinor: 8500, taxRateId: w.taxRate.id });
    for (const e of [started, past, cancelled]) expect((await fee(e.id)).cancellationFeeMinor).toBe(1500);
    // Price or coaches alone: no appointment changes.
    expect(
      appointmentTypeSavedSchema.parse(
        (
          await owner.put(`${URL}${type.appointmentTypeId}/`, {
            ...full,
            name: 'Fee Reach',
            cancellationFeeMinor: 5500,
            priceMinor: 9900,
            coachIds: [coachA.staffId],
          })
        ).json(),
      ).eventsUpdated,
    ).toBe(0);
  });

  it('archives, restores, deletes only while no appointment uses it, and keeps other gyms out', async () => {
    const unused = await create({ coachIds: [coachA.staffId] });
    expect((await owner.post(`${URL}${unused.appointmentTypeId}/archive/`)).json()).toMatchObject({ isArchived: true, archivedAt: TEST_NOW });
    const archivedList = appointmentTypePageSchema.parse((await owner.get(`${URL}?status=archived`)).json());
    expect(archivedList.results.map((r) => r.appointmentTypeId)).toContain(unused.appointmentTypeId);
    expect((await owner.post(`${URL}${unused.appointmentTypeId}/restore/`)).json()).toMatchObject({ isArchived: false });

    const used = await create();
    await t.make.event(w.gym, { kind: 'appointment', appointmentTypeId: used.appointmentTypeId, daysAhead: -10 });
    const before = await databaseDigest(t.db, ['sessions']);
    const refused = await owner.delete(`${URL}${used.appointmentTypeId}/`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, setupMessages.appointmentTypeInUse]);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);

    const stranger = await t.as((await t.make.kioskGym({ athletes: 0 })).owner);
    for (const [method, url] of [
      ['GET', `${URL}${unused.appointmentTypeId}/`],
      ['PUT', `${URL}${unused.appointmentTypeId}/`],
      ['POST', `${URL}${unused.appointmentTypeId}/archive/`],
      ['DELETE', `${URL}${unused.appointmentTypeId}/`],
    ] as const) {
      const res = await stranger.request(method, url, method === 'PUT' ? { ...full, name: 'Hijack' } : method === 'POST' ? {} : undefined);
      expect([res.statusCode, res.json().message]).toEqual([404, setupMessages.appointmentTypeNotFound]);
    }

    expect((await owner.delete(`${URL}${unused.appointmentTypeId}/`)).statusCode).toBe(200);
    expect((await owner.get(`${URL}${unused.appointmentTypeId}/`)).statusCode).toBe(404);
    const links = await t.db.select().from(s.appointmentTypeCoaches).where(eq(s.appointmentTypeCoaches.appointmentTypeId, unused.appointmentTypeId));
    expect(links).toEqual([]);
  });

  it('lists a page with coaches in the same number of statements whatever its size, and exports the filtered set', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    const coach = await t.make.staff(gym.gym.id, { firstName: 'Cory', lastName: 'Coach' });
    for (let i = 0; i < 6; i++) await create({ name: `Listed ${i}`, coachIds: i % 2 ? [coach.staffId] : [], priceMinor: 1000 + i }, client);
    const one = await countDriverQueries(t.db, () => client.get(`${URL}?limit=1`));
    const many = await countDriverQueries(t.db, () => client.get(`${URL}?limit=20`));
    const page = appointmentTypePageSchema.parse(many.result.json());
    expect(page.results).toHaveLength(6);
    expect(page.results[1]!.coaches).toEqual([{ staffId: coach.staffId, fullName: 'Cory Coach' }]);
    expect(many.count).toBe(one.count);

    const csv = await client.get('/api/appointment-types/export/?search=listed');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="appointment-types-active-2026-03-04.csv"');
    const [header, ...rows] = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header).toContain('Price (USD)');
    expect(rows).toHaveLength(6);
    expect(rows[1]![header!.indexOf('Coaches')]).toBe('Cory Coach');
    expect(rows[1]![header!.indexOf('Price (USD)')]).toBe('10.01');
  });
});
