import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { classTypePageSchema, classTypeSavedSchema, classTypeSchema, messages, setupMessages, type ClassTypeInput } from '@spotter/shared';
import * as s from '../../db/schema';
import type { Change } from '../../lib/changes';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
/** Staff holding no permission at all: spec 6 gives these routes none. */
let plainStaff: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 2 });
  await t.db.update(s.gyms).set({ classTaxRateId: w.taxRate.id }).where(eq(s.gyms.id, w.gym.id));
  owner = await t.as(w.owner);
  plainStaff = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/class-types/';
const full: ClassTypeInput = {
  name: 'Strongman Saturday',
  color: 'orange',
  description: 'Stones, yokes and sleds.',
  defaultDurationMinutes: 75,
  defaultCapacity: 14,
  cancellationFeeMinor: 1000,
  noShowFeeMinor: 2500,
  cancellationCreditDeduction: 1,
  noShowCreditDeduction: 2,
  taxRateId: null,
  bookingOpensDays: 7,
  bookingClosesMinutes: 30,
  lateCancelCutoffMinutes: 120,
  waitlistEnabled: true,
  waitlistSize: 5,
  promotionCutoffMinutes: 60,
};
let serial = 0;
const named = (name = `Type ${++serial}`) => ({ ...full, name });
const create = async (body: Partial<ClassTypeInput> = {}, client = owner) => {
  const res = await client.post(URL, { ...named(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return classTypeSchema.parse(res.json());
};
const fieldOf = (res: { statusCode: number; json: () => { message: string; fields?: Record<string, string[]> } }) => {
  const body = res.json();
  return { status: res.statusCode, message: body.message, fields: body.fields };
};

describe('class types: create, read, list (issue 16)', () => {
  it('creates a type with every setting, reads it back, and any staff member may (spec 6: no permission)', async () => {
    const created = await create({ name: 'Olympic Technique', taxRateId: w.taxRate.id }, plainStaff);
    expect(created).toMatchObject({
      name: 'Olympic Technique',
      color: 'orange',
      description: 'Stones, yokes and sleds.',
      defaultDurationMinutes: 75,
      defaultCapacity: 14,
      cancellationFeeMinor: 1000,
      noShowFeeMinor: 2500,
      cancellationCreditDeduction: 1,
      noShowCreditDeduction: 2,
      taxRate: { taxRateId: w.taxRate.id, name: 'Sales Tax', percent: '8.25' },
      bookingOpensDays: 7,
      bookingClosesMinutes: 30,
      lateCancelCutoffMinutes: 120,
      waitlistEnabled: true,
      waitlistSize: 5,
      promotionCutoffMinutes: 60,
      isArchived: false,
      archivedAt: null,
      inUse: false,
      upcomingCount: 0,
    });
    const read = await owner.get(`${URL}${created.classTypeId}/`);
    expect(classTypeSchema.parse(read.json())).toEqual(created);
    // Defaults where nothing is said: any-time booking, an unlimited waitlist, no fees, the gym's tax rate.
    const bare = (await owner.post(URL, { name: 'Bare Basics' })).json();
    expect(bare).toMatchObject({
      color: 'blue',
      defaultDurationMinutes: 60,
      defaultCapacity: 12,
      bookingOpensDays: null,
      waitlistEnabled: true,
      waitlistSize: null,
      taxRate: null,
      cancellationFeeMinor: 0,
    });
  });

  it('refuses athletes, and answers 404 for another gym’s type, an unknown one or one of another kind', async () => {
    const athlete = await t.make.athlete(w.gym.id);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get(URL)).statusCode).toBe(403);
    const mine = await create();
    const other = await t.make.kioskGym({ athletes: 0, country: 'GB', timeZone: 'Europe/London' });
    const stranger = await t.as(other.owner);
    const before = await databaseDigest(t.db, ['sessions']);
    for (const [method, url] of [
      ['GET', `${URL}${mine.classTypeId}/`],
      ['PUT', `${URL}${mine.classTypeId}/`],
      ['POST', `${URL}${mine.classTypeId}/archive/`],
      ['POST', `${URL}${mine.classTypeId}/restore/`],
      ['DELETE', `${URL}${mine.classTypeId}/`],
      ['GET', `${URL}${randomUUID()}/`],
    ] as const) {
      const res = await stranger.request(method, url, method === 'PUT' ? named() : method === 'POST' ? {} : undefined);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([404, setupMessages.classTypeNotFound]);
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
    expect((await stranger.get(`${URL}?search=${encodeURIComponent(mine.name)}`)).json().count).toBe(0);
    // The id of another kind (a location) is no class type either.
    expect((await owner.get(`${URL}${w.location.id}/`)).statusCode).toBe(404);
  });

  it('lists by name (case aside), searched, Active or Archived, paged, with inUse and the classes to come', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    for (const name of ['bench press', 'Athletic Conditioning', 'Zone 2 Row', 'Clean Pulls']) await create({ name }, client);
    const used = classTypeSchema.parse((await client.post(URL, { ...named('Back Squat'), defaultCapacity: 10 })).json());
    await t.make.event(gym.gym, { classTypeId: used.classTypeId, daysAhead: 2 });
    await t.make.event(gym.gym, { classTypeId: used.classTypeId, daysAhead: -2 });
    await t.make.event(gym.gym, { classTypeId: used.classTypeId, daysAhead: 3, cancelledAt: new Date() });
    const archived = await create({ name: 'Aerobics' }, client);
    await client.post(`${URL}${archived.classTypeId}/archive/`);

    const page1 = classTypePageSchema.parse((await client.get(`${URL}?limit=3`)).json());
    // The gym's own 'Olympic Lifting' is there too.
    expect(page1.count).toBe(6);
    expect(page1.results.map((r) => r.name)).toEqual(['Athletic Conditioning', 'Back Squat', 'bench press']);
    expect(page1.next).toContain('offset=3');
    const page2 = classTypePageSchema.parse((await client.get(`${URL}?limit=3&offset=3`)).json());
    expect(page2.results.map((r) => r.name)).toEqual(['Clean Pulls', 'Olympic Lifting', 'Zone 2 Row']);
    expect(page2.next).toBeNull();
    const squat = page1.results.find((r) => r.name === 'Back Squat')!;
    expect([squat.inUse, squat.upcomingCount]).toEqual([true, 1]);
    expect(page1.results.find((r) => r.name === 'bench press')!.inUse).toBe(false);

    const search = classTypePageSchema.parse((await client.get(`${URL}?search=${encodeURIComponent('  CLEAN ')}`)).json());
    expect(search.results.map((r) => r.name)).toEqual(['Clean Pulls']);
    const wildcard = classTypePageSchema.parse((await client.get(`${URL}?search=${encodeURIComponent('%')}`)).json());
    expect(wildcard.count).toBe(0);
    const archivedList = classTypePageSchema.parse((await client.get(`${URL}?status=archived`)).json());
    expect(archivedList.results.map((r) => [r.name, r.isArchived])).toEqual([['Aerobics', true]]);
    expect((await client.get(`${URL}?status=deleted`)).statusCode).toBe(400);
  });

  it('reads a page in the same number of statements whatever its size', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    for (let i = 0; i < 8; i++) {
      const type = await create({ name: `Counted ${i}`, taxRateId: gym.taxRate.id }, client);
      if (i % 2 === 0) await t.make.event(gym.gym, { classTypeId: type.classTypeId, daysAhead: 1, time: `0${i}:00` });
    }
    const one = await countDriverQueries(t.db, () => client.get(`${URL}?limit=1`));
    const many = await countDriverQueries(t.db, () => client.get(`${URL}?limit=50`));
    expect(classTypePageSchema.parse(many.result.json()).results).toHaveLength(9);
    expect(many.count).toBe(one.count);
  });
});

describe('class types: validation', () => {
  it('answers each rule with its message on its field, and saves nothing', async () => {
    const foreign = await t.make.taxRate((await t.make.gym()).id);
    const before = await databaseDigest(t.db, ['sessions']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.nameRequired],
      [{ name: '   ' }, 'name', messages.nameRequired],
      [{ name: 'Squats & Pulls' }, 'name', messages.nameInvalid],
      [{ name: 'x'.repeat(101) }, 'name', setupMessages.nameTooLong],
      [{ color: 'chartreuse' }, 'color', setupMessages.colorInvalid],
      [{ description: 'x'.repeat(2001) }, 'description', setupMessages.descriptionTooLong],
      [{ defaultDurationMinutes: 4 }, 'defaultDurationMinutes', setupMessages.classDurationMin],
      [{ defaultDurationMinutes: 1441 }, 'defaultDurationMinutes', setupMessages.classDurationMax],
      [{ defaultDurationMinutes: 30.5 }, 'defaultDurationMinutes', setupMessages.wholeNumber],
      [{ defaultCapacity: 0 }, 'defaultCapacity', setupMessages.capacityMin],
      [{ cancellationFeeMinor: -1 }, 'cancellationFeeMinor', setupMessages.feeNegative],
      [{ noShowFeeMinor: 10_000_001 }, 'noShowFeeMinor', setupMessages.feeTooHigh],
      [{ noShowCreditDeduction: -1 }, 'noShowCreditDeduction', setupMessages.creditsNegative],
      [{ bookingOpensDays: 0 }, 'bookingOpensDays', setupMessages.bookingOpensMin],
      [{ bookingOpensDays: 366 }, 'bookingOpensDays', setupMessages.bookingOpensMax],
      [{ bookingClosesMinutes: -5 }, 'bookingClosesMinutes', setupMessages.minutesNegative],
      [{ bookingOpensDays: 1, bookingClosesMinutes: 1440 }, 'bookingClosesMinutes', setupMessages.bookingWindowEmpty],
      [{ lateCancelCutoffMinutes: 10_081 }, 'lateCancelCutoffMinutes', setupMessages.minutesTooHigh],
      [{ waitlistSize: 0 }, 'waitlistSize', setupMessages.waitlistSizeMin],
      [{ promotionCutoffMinutes: -1 }, 'promotionCutoffMinutes', setupMessages.minutesNegative],
      [{ taxRateId: 'nope' }, 'taxRateId', 'Must be a valid id.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post(URL, { ...named(), ...body });
      expect(fieldOf(res), JSON.stringify(body)).toEqual({ status: 400, message, fields: expect.objectContaining({ [field]: [message] }) });
    }
    for (const taxRateId of [foreign.id, randomUUID()]) {
      expect(fieldOf(await owner.post(URL, { ...named(), taxRateId }))).toEqual({
        status: 400,
        message: setupMessages.taxRateNotFound,
        fields: { taxRateId: [setupMessages.taxRateNotFound] },
      });
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('keeps names unique among active types whatever their case; an archived name is free, and restoring it then is refused', async () => {
    const first = await create({ name: 'Kettlebell Flow' });
    const twin = await owner.post(URL, named('kettlebell flow'));
    expect(fieldOf(twin)).toEqual({ status: 400, message: setupMessages.classTypeNameTaken, fields: { name: [setupMessages.classTypeNameTaken] } });
    const other = await create({ name: 'Kettlebell Strength' });
    expect(fieldOf(await owner.put(`${URL}${other.classTypeId}/`, named('KETTLEBELL FLOW'))).message).toBe(setupMessages.classTypeNameTaken);

    expect((await owner.post(`${URL}${first.classTypeId}/archive/`)).json()).toMatchObject({ isArchived: true, archivedAt: TEST_NOW });
    const reborn = await create({ name: 'Kettlebell Flow' });
    const restore = await owner.post(`${URL}${first.classTypeId}/restore/`);
    expect([restore.statusCode, restore.json().message]).toEqual([409, setupMessages.restoreNameTaken('active class type')]);
    await owner.put(`${URL}${reborn.classTypeId}/`, named('Kettlebell Flow 2'));
    expect((await owner.post(`${URL}${first.classTypeId}/restore/`)).json()).toMatchObject({ isArchived: false, archivedAt: null });
  });

  it('two saves of one name at once: one is created, the other told the name is taken (never a 500)', async () => {
    const [a, b] = await Promise.all([owner.post(URL, named('Twin Session')), plainStaff.post(URL, named('TWIN SESSION'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json()).toMatchObject({ message: setupMessages.classTypeNameTaken, fields: { name: [setupMessages.classTypeNameTaken] } });
  });

  it('lets a name made before the name rule stay while other settings change, but not be given anew', async () => {
    const legacy = await t.make.classType(w.gym.id, { name: 'Mobility & Yoga' });
    const saved = await owner.put(`${URL}${legacy.id}/`, { ...full, name: 'Mobility & Yoga', defaultCapacity: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(classTypeSavedSchema.parse(saved.json()).classType.defaultCapacity).toBe(20);
    expect(fieldOf(await owner.put(`${URL}${legacy.id}/`, { ...full, name: 'Mobility & Stretch' })).message).toBe(messages.nameInvalid);
  });
});

describe('class types: fee changes reach the classes still to come', () => {
  it('copies new fees and tax rate onto classes not started and not cancelled, in the same transaction; the rest keep theirs', async () => {
    const type = await create({ name: 'Fee Test', cancellationFeeMinor: 1500, noShowFeeMinor: 3000, taxRateId: w.taxRate.id });
    const at = (o: Parameters<TestApp['make']['event']>[1]) => t.make.event(w.gym, { classTypeId: type.classTypeId, ...o });
    const future = await at({ daysAhead: 2 });
    const later = await at({ daysAhead: 9, time: '07:00' });
    const laterToday = await at({ daysAhead: 0, time: '18:00' });
    const started = await at({ daysAhead: 0, time: '14:00' });
    const past = await at({ daysAhead: -3 });
    const cancelled = await at({ daysAhead: 4, cancelledAt: new Date() });
    const otherType = await t.make.event(w.gym, { classTypeId: w.classType.id, daysAhead: 2 });

    const changes: Change[] = [];
    const stop = t.app.changes.on((c) => changes.push(c));
    const otherRate = await t.make.taxRate(w.gym.id, { name: 'Reduced', percent: '5.0000' });
    const res = await owner.put(`${URL}${type.classTypeId}/`, {
      ...full,
      name: 'Fee Test',
      cancellationFeeMinor: 2000,
      noShowFeeMinor: 4000,
      cancellationCreditDeduction: 0,
      noShowCreditDeduction: 3,
      taxRateId: otherRate.id,
    });
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(classTypeSavedSchema.parse(res.json())).toMatchObject({
      eventsUpdated: 3,
      classType: { cancellationFeeMinor: 2000, upcomingCount: 3, taxRate: { name: 'Reduced' } },
    });
    expect(changes).toContainEqual({ kind: 'gym', gymId: w.gym.id });

    const feesOf = async (id: string) => {
      const [e] = await t.db.select().from(s.events).where(eq(s.events.id, id));
      return [e!.cancellationFeeMinor, e!.noShowFeeMinor, e!.cancellationCreditDeduction, e!.noShowCreditDeduction, e!.taxRateId];
    };
    for (const e of [future, later, laterToday]) expect(await feesOf(e.id)).toEqual([2000, 4000, 0, 3, otherRate.id]);
    for (const e of [started, past, cancelled, otherType])
      expect(await feesOf(e.id)).toEqual([e.cancellationFeeMinor, e.noShowFeeMinor, e.cancellationCreditDeduction, e.noShowCreditDeduction, e.taxRateId]);

    // No tax rate of its own: the classes to come get the gym's class tax rate.
    const back = classTypeSavedSchema.parse(
      (
        await owner.put(`${URL}${type.classTypeId}/`, {
          ...full,
          name: 'Fee Test',
          cancellationFeeMinor: 2000,
          noShowFeeMinor: 4000,
          cancellationCreditDeduction: 0,
          noShowCreditDeduction: 3,
          taxRateId: null,
        })
      ).json(),
    );
    expect(back.eventsUpdated).toBe(3);
    expect((await feesOf(future.id))[4]).toBe(w.taxRate.id);

    // A change of the booking settings alone touches no class.
    const before = await databaseDigest(t.db, ['sessions', 'class_types']);
    const booking = classTypeSavedSchema.parse(
      (
        await owner.put(`${URL}${type.classTypeId}/`, {
          ...full,
          name: 'Fee Test',
          cancellationFeeMinor: 2000,
          noShowFeeMinor: 4000,
          cancellationCreditDeduction: 0,
          noShowCreditDeduction: 3,
          taxRateId: null,
          bookingOpensDays: 2,
          waitlistEnabled: false,
        })
      ).json(),
    );
    expect(booking).toMatchObject({ eventsUpdated: 0, classType: { bookingOpensDays: 2, waitlistEnabled: false } });
    expect(await databaseDigest(t.db, ['sessions', 'class_types'])).toBe(before);
  });

  it('changes nothing when the save is refused', async () => {
    const type = await create({ name: 'Refused Save' });
    await t.make.event(w.gym, { classTypeId: type.classTypeId, daysAhead: 1 });
    const before = await databaseDigest(t.db, ['sessions']);
    const res = await owner.put(`${URL}${type.classTypeId}/`, { ...full, name: 'Refused Save', cancellationFeeMinor: 9900, taxRateId: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });
});

describe('class types: archive, restore, delete', () => {
  it('archives and restores (twice is harmless), keeping the classes', async () => {
    const type = await create();
    const e = await t.make.event(w.gym, { classTypeId: type.classTypeId, daysAhead: 1 });
    for (let i = 0; i < 2; i++)
      expect((await owner.post(`${URL}${type.classTypeId}/archive/`)).json()).toMatchObject({ isArchived: true, inUse: true, upcomingCount: 1 });
    const [still] = await t.db.select().from(s.events).where(eq(s.events.id, e.id));
    expect(still).toBeDefined();
    for (let i = 0; i < 2; i++) expect((await owner.post(`${URL}${type.classTypeId}/restore/`)).json()).toMatchObject({ isArchived: false });
  });

  it('deletes a type nothing uses; one with a class, a series or a workout is refused with 409 and nothing changes', async () => {
    const unused = await create();
    const res = await owner.delete(`${URL}${unused.classTypeId}/`);
    expect([res.statusCode, res.json()]).toEqual([200, { detail: 'Class type deleted.' }]);
    expect((await owner.get(`${URL}${unused.classTypeId}/`)).statusCode).toBe(404);

    const withClass = await create();
    await t.make.event(w.gym, { classTypeId: withClass.classTypeId, daysAhead: -5, cancelledAt: new Date() });
    const withSeries = await create();
    await t.make.classSeries(w.gym.id, withSeries.classTypeId);
    const withWorkout = await create();
    await t.make.workout(w.gym.id, withWorkout.classTypeId);
    for (const type of [withClass, withSeries, withWorkout]) {
      expect((await owner.get(`${URL}${type.classTypeId}/`)).json().inUse).toBe(true);
      const before = await databaseDigest(t.db, ['sessions']);
      const refused = await owner.delete(`${URL}${type.classTypeId}/`);
      expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([409, 'in_use', setupMessages.classTypeInUse]);
      expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
    }
  });
});

describe('class types: CSV export', () => {
  it('sends the whole filtered set as text/csv with a file name, formula cells defused', async () => {
    const gym = await t.make.kioskGym({ athletes: 0, country: 'GB', timeZone: 'Europe/London' });
    const client = await t.as(gym.owner);
    await create({ name: 'Deadlift Day', description: '=HYPERLINK("http://evil.example","click")', cancellationFeeMinor: 1250 }, client);
    await create({ name: 'Press Day', description: '+1\n-2 @3' }, client);
    for (let i = 0; i < 25; i++) await create({ name: `Extra ${String(i).padStart(2, '0')}` }, client);
    const res = await client.get('/api/class-types/export/?search=day');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="class-types-active-2026-03-04.csv"');
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toContain('Late cancel fee (GBP)');
    expect(rows.map((r) => r[0])).toEqual(['Deadlift Day', 'Press Day']);
    const col = (name: string) => header!.indexOf(name);
    expect(rows[0]![col('Description')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[1]![col('Description')]).toBe("'+1\n-2 @3");
    expect(rows[0]![col('Late cancel fee (GBP)')]).toBe('12.50');
    expect(rows[0]![col('Booking opens (days before)')]).toBe('7');
    // Every row of the filter, beyond one page.
    const all = Papa.parse<string[]>((await client.get('/api/class-types/export/')).body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(all.data).toHaveLength(1 + 28);
  });
});
