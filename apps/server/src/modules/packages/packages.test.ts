import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { messages, packageMessages, packagePageSchema, packageSchema, setupMessages, type PackageInput } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
let plainStaff: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 2 });
  owner = await t.as(w.owner);
  plainStaff = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/packages/';
const membership: PackageInput = {
  name: 'Unlimited Gold',
  kind: 'membership',
  category: 'Memberships',
  description: '<p>All classes, <strong>every day</strong>.</p>',
  billingPlans: [
    { name: 'Monthly', priceMinor: 15_000, interval: 'month' },
    { name: 'Annual', priceMinor: 150_000, interval: 'year', startsOn: 'day_of_month', dayOfMonth: 1, prorate: true },
  ],
};
let serial = 0;
const named = (name = `Package ${++serial}`): PackageInput => ({ ...membership, name });
const create = async (body: Partial<PackageInput> = {}, client = owner) => {
  const res = await client.post(URL, { ...named(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return packageSchema.parse(res.json());
};
const fieldOf = (res: { statusCode: number; json: () => { message: string; fields?: Record<string, string[]> } }) => {
  const body = res.json();
  return { status: res.statusCode, message: body.message, fields: body.fields };
};

describe('packages: create, read (issue 18)', () => {
  it('creates a membership with two billing plans, sanitises its description, and any staff member may', async () => {
    const created = await create(
      { name: 'Unlimited Gold', description: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>', taxRateId: w.taxRate.id, signUpFeeMinor: 4900 },
      plainStaff,
    );
    expect(created).toMatchObject({
      name: 'Unlimited Gold',
      kind: 'membership',
      category: 'Memberships',
      description: '<p>Hi</p>',
      credits: null,
      sessionsLimit: null,
      coversAllClassTypes: true,
      classTypeIds: [],
      signUpFeeMinor: 4900,
      taxRate: { taxRateId: w.taxRate.id, name: 'Sales Tax', percent: '8.25' },
      holders: 0,
      isArchived: false,
    });
    expect(created.billingPlans.map((p) => [p.name, p.priceMinor, p.interval, p.startsOn, p.dayOfMonth, p.paymentCount])).toEqual([
      ['Monthly', 15_000, 'month', 'purchase', null, null],
      ['Annual', 150_000, 'year', 'day_of_month', 1, null],
    ]);
    const read = await owner.get(`${URL}${created.packageId}/`);
    expect(packageSchema.parse(read.json())).toEqual(created);
  });

  it('stores what a package covers: chosen class and appointment types', async () => {
    const pt = await t.make.appointmentType(w.gym.id, { name: 'Personal Training' });
    const yoga = await t.make.classType(w.gym.id, { name: 'Yoga Flow' });
    const created = await create({
      name: 'PT five pack',
      kind: 'class_pack',
      credits: 5,
      validityDays: 90,
      coversAllClassTypes: false,
      classTypeIds: [yoga.id],
      appointmentTypeIds: [pt.id],
      billingPlans: [{ name: 'Once', priceMinor: 30_000, paymentCount: 1 }],
    });
    expect([created.coversAllClassTypes, created.classTypeIds, created.appointmentTypeIds]).toEqual([false, [yoga.id], [pt.id]]);
    // Covering every class type again empties the list.
    const res = await owner.put(`${URL}${created.packageId}/`, {
      ...named('PT five pack'),
      kind: 'class_pack',
      credits: 5,
      validityDays: 90,
      coversAllClassTypes: true,
      classTypeIds: [yoga.id],
      billingPlans: [{ name: 'Once', priceMinor: 30_000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(packageSchema.parse(res.json()).classTypeIds).toEqual([]);
  });

  it('refuses athletes, and answers 404 for another gym’s package or an unknown one, changing nothing', async () => {
    const athlete = await t.make.athlete(w.gym.id);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get(URL)).statusCode).toBe(403);
    const mine = await create();
    const other = await t.make.kioskGym({ athletes: 0, country: 'GB', timeZone: 'Europe/London' });
    const stranger = await t.as(other.owner);
    const theirs = await t.make.classType(other.gym.id);
    const theirPt = await t.make.appointmentType(other.gym.id);
    const before = await databaseDigest(t.db, ['sessions']);
    for (const [method, url] of [
      ['GET', `${URL}${mine.packageId}/`],
      ['PUT', `${URL}${mine.packageId}/`],
      ['POST', `${URL}${mine.packageId}/archive/`],
      ['POST', `${URL}${mine.packageId}/restore/`],
      ['GET', `${URL}${randomUUID()}/`],
    ] as const) {
      const res = await stranger.request(method, url, method === 'PUT' ? named() : method === 'POST' ? {} : undefined);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([404, packageMessages.packageNotFound]);
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
    expect((await stranger.get(`${URL}?search=${encodeURIComponent(mine.name)}`)).json().count).toBe(0);
    // Another gym's class type, tax rate or appointment type is refused on its field.
    expect(fieldOf(await owner.post(URL, { ...named(), coversAllClassTypes: false, classTypeIds: [theirs.id] })).fields).toEqual({
      classTypeIds: [setupMessages.classTypeNotFound],
    });
    expect(fieldOf(await owner.post(URL, { ...named(), taxRateId: other.taxRate.id })).fields).toEqual({ taxRateId: [setupMessages.taxRateNotFound] });
    expect(fieldOf(await owner.post(URL, { ...named(), appointmentTypeIds: [theirPt.id] })).fields).toEqual({
      appointmentTypeIds: [setupMessages.appointmentTypeNotFound],
    });
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });
});

describe('packages: validation', () => {
  it('answers each rule with its message on its field, and saves nothing', async () => {
    const before = await databaseDigest(t.db, ['sessions']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', messages.nameRequired],
      [{ name: 'Gold & Silver' }, 'name', messages.nameInvalid],
      [{ kind: 'subscription' }, 'kind', packageMessages.kindInvalid],
      [{ category: 'x'.repeat(61) }, 'category', packageMessages.categoryTooLong],
      [{ kind: 'class_pack', validityDays: 90 }, 'credits', packageMessages.classPackCredits],
      [{ kind: 'class_pack', credits: 10 }, 'validityDays', packageMessages.classPackValidity],
      [{ kind: 'class_pack', credits: 0, validityDays: 90 }, 'credits', packageMessages.creditsMin],
      [{ kind: 'drop_in', credits: 2 }, 'credits', packageMessages.dropInCredits],
      [{ kind: 'drop_in' }, 'credits', packageMessages.dropInCredits],
      [{ kind: 'trial' }, 'validityDays', packageMessages.trialAllowance],
      [{ kind: 'membership', credits: 10 }, 'credits', packageMessages.membershipCredits],
      [{ sessionsLimit: 3 }, 'sessionsPer', packageMessages.sessionsPerRequired],
      [{ sessionsPer: 'week' }, 'sessionsLimit', packageMessages.sessionsLimitRequired],
      [{ sessionsLimit: 0, sessionsPer: 'week' }, 'sessionsLimit', packageMessages.sessionsMin],
      [{ kind: 'class_pack', credits: 10, validityDays: 30, sessionsLimit: 3, sessionsPer: 'week' }, 'sessionsLimit', packageMessages.sessionsOnlyMembership],
      [{ validityDays: 0 }, 'validityDays', packageMessages.validityMin],
      [{ limitPerDay: 0 }, 'limitPerDay', packageMessages.limitMin],
      [{ limitPerWeek: 1.5 }, 'limitPerWeek', setupMessages.wholeNumber],
      [{ signUpFeeMinor: -1 }, 'signUpFeeMinor', setupMessages.feeNegative],
      [{ signUpFeeMinor: 12.5 }, 'signUpFeeMinor', setupMessages.wholeNumber],
      [{ coversAllClassTypes: false, classTypeIds: [] }, 'classTypeIds', packageMessages.classTypesRequired],
      [{ coversAllClassTypes: false, classTypeIds: [w.classType.id, w.classType.id] }, 'classTypeIds', packageMessages.classTypeTwice],
      [{ cancellationNoticeDays: 366 }, 'cancellationNoticeDays', packageMessages.noticeMax],
      [{ billingPlans: [] }, 'billingPlans', packageMessages.plansRequired],
      [{ billingPlans: [{ name: '', priceMinor: 100 }] }, 'billingPlans.0.name', packageMessages.planNameRequired],
      [{ billingPlans: [{ name: 'A', priceMinor: -1 }] }, 'billingPlans.0.priceMinor', setupMessages.priceNegative],
      [{ billingPlans: [{ name: 'A', priceMinor: 99.5 }] }, 'billingPlans.0.priceMinor', setupMessages.wholeNumber],
      [{ billingPlans: [{ name: 'A', priceMinor: 100, interval: 'day' }] }, 'billingPlans.0.interval', packageMessages.planIntervalInvalid],
      [{ billingPlans: [{ name: 'A', priceMinor: 100, intervalCount: 0 }] }, 'billingPlans.0.intervalCount', packageMessages.intervalCountMin],
      [{ billingPlans: [{ name: 'A', priceMinor: 100, paymentCount: 0 }] }, 'billingPlans.0.paymentCount', packageMessages.paymentCountMin],
      [{ billingPlans: [{ name: 'A', priceMinor: 100, startsOn: 'day_of_month' }] }, 'billingPlans.0.dayOfMonth', packageMessages.dayOfMonthRequired],
      [
        { billingPlans: [{ name: 'A', priceMinor: 100, startsOn: 'day_of_month', dayOfMonth: 29 }] },
        'billingPlans.0.dayOfMonth',
        packageMessages.dayOfMonthRange,
      ],
      [{ billingPlans: [{ name: 'A', priceMinor: 100, dayOfMonth: 5 }] }, 'billingPlans.0.dayOfMonth', packageMessages.dayOfMonthOnlyFixed],
      [
        {
          billingPlans: [
            { name: 'Monthly', priceMinor: 100 },
            { name: 'monthly', priceMinor: 200 },
          ],
        },
        'billingPlans.1.name',
        packageMessages.planNameTwice,
      ],
      [{ billingPlans: [{ billingPlanId: randomUUID(), name: 'A', priceMinor: 100 }] }, 'billingPlans.0.billingPlanId', packageMessages.planNotFound],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post(URL, { ...named(), ...body });
      expect(fieldOf(res), JSON.stringify(body)).toEqual({ status: 400, message, fields: expect.objectContaining({ [field]: [message] }) });
    }
    expect((await owner.post(URL, 'not json')).statusCode).toBeLessThan(500);
    expect((await owner.get(`${URL}?status=deleted`)).statusCode).toBe(400);
    expect((await owner.get(`${URL}?kind=gift`)).statusCode).toBe(400);
    expect((await owner.get(`${URL}not-an-id/`)).statusCode).toBe(400);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);
  });

  it('accepts each kind when its rules hold', async () => {
    await create({
      name: 'Ten pack',
      kind: 'class_pack',
      credits: 10,
      validityDays: 90,
      billingPlans: [{ name: 'Once', priceMinor: 16_000, paymentCount: 1 }],
    });
    await create({ name: 'Drop in', kind: 'drop_in', credits: 1, billingPlans: [{ name: 'Once', priceMinor: 2500, paymentCount: 1 }] });
    await create({ name: 'Two week trial', kind: 'trial', validityDays: 14, billingPlans: [{ name: 'Once', priceMinor: 0, paymentCount: 1 }] });
    const three = await create({ name: 'Three a week', sessionsLimit: 3, sessionsPer: 'week', limitPerDay: 1 });
    expect([three.sessionsLimit, three.sessionsPer, three.limitPerDay]).toEqual([3, 'week', 1]);
  });

  it('keeps names unique among active packages whatever their case; an archived name is free, and restoring it then is refused', async () => {
    const first = await create({ name: 'Founders Rate' });
    expect(fieldOf(await owner.post(URL, named('founders rate')))).toEqual({
      status: 400,
      message: packageMessages.nameTaken,
      fields: { name: [packageMessages.nameTaken] },
    });
    const archived = packageSchema.parse((await owner.post(`${URL}${first.packageId}/archive/`)).json());
    expect(archived.isArchived).toBe(true);
    // Archiving twice changes nothing.
    expect(packageSchema.parse((await owner.post(`${URL}${first.packageId}/archive/`)).json()).archivedAt).toBe(archived.archivedAt);
    const second = await create({ name: 'FOUNDERS RATE' });
    const refused = await owner.post(`${URL}${first.packageId}/restore/`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, packageMessages.restoreNameTaken]);
    await owner.post(`${URL}${second.packageId}/archive/`);
    const restored = packageSchema.parse((await owner.post(`${URL}${first.packageId}/restore/`)).json());
    expect([restored.isArchived, restored.archivedAt]).toEqual([false, null]);
    // Renaming onto a taken name is refused too.
    const third = await create({ name: 'Something Else' });
    const rename = await owner.put(`${URL}${third.packageId}/`, named('Founders Rate'));
    expect(fieldOf(rename).fields).toEqual({ name: [packageMessages.nameTaken] });
  });
});

describe('packages: billing plans replaced on update', () => {
  it('keeps plans sent with their id, adds new ones, archives removed ones athletes hold and deletes unused ones', async () => {
    const created = await create({
      name: 'Plan juggling',
      billingPlans: [
        { name: 'Monthly', priceMinor: 10_000 },
        { name: 'Annual', priceMinor: 100_000, interval: 'year' },
        { name: 'Weekly', priceMinor: 3000, interval: 'week' },
      ],
    });
    const [monthly, annual, weekly] = created.billingPlans;
    // An athlete holds the annual plan.
    await t.db.insert(s.athletePackages).values({
      gymId: w.gym.id,
      athleteId: w.members[0]!.athleteId,
      packageId: created.packageId,
      billingPlanId: annual!.billingPlanId,
      startDate: '2026-03-01',
      priceMinor: 100_000,
    });
    const res = await owner.put(`${URL}${created.packageId}/`, {
      ...named('Plan juggling'),
      billingPlans: [
        { billingPlanId: monthly!.billingPlanId, name: 'Monthly', priceMinor: 11_000 },
        { name: 'Fortnightly', priceMinor: 5500, interval: 'week', intervalCount: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = packageSchema.parse(res.json());
    expect(saved.billingPlans.map((p) => [p.name, p.priceMinor, p.intervalCount])).toEqual([
      ['Monthly', 11_000, 1],
      ['Fortnightly', 5500, 2],
    ]);
    expect(saved.billingPlans[0]!.billingPlanId).toBe(monthly!.billingPlanId);
    expect(saved.holders).toBe(1);
    const rows = await t.db.select().from(s.billingPlans).where(eq(s.billingPlans.packageId, created.packageId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(annual!.billingPlanId)?.archivedAt).not.toBeNull();
    expect(byId.has(weekly!.billingPlanId)).toBe(false);
    // The athlete's package keeps its plan.
    const [held] = await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.packageId, created.packageId));
    expect(held!.billingPlanId).toBe(annual!.billingPlanId);
    // An archived plan's id, or another package's, is no plan of this package.
    const other = await create({ name: 'Other plans' });
    for (const billingPlanId of [annual!.billingPlanId, other.billingPlans[0]!.billingPlanId]) {
      const bad = await owner.put(`${URL}${created.packageId}/`, {
        ...named('Plan juggling'),
        billingPlans: [{ billingPlanId, name: 'Monthly', priceMinor: 1 }],
      });
      expect(fieldOf(bad)).toEqual({
        status: 400,
        message: packageMessages.planNotFound,
        fields: { 'billingPlans.0.billingPlanId': [packageMessages.planNotFound] },
      });
    }
  });
});

describe('packages: list and export', () => {
  it('lists by name, searched, filtered by kind, category and status, sorted, paged, with plans and coverage', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    await create({ name: 'bravo membership' }, client);
    await create(
      {
        name: 'Alpha pack',
        kind: 'class_pack',
        category: 'Class packs',
        credits: 10,
        validityDays: 90,
        coversAllClassTypes: false,
        classTypeIds: [gym.classType.id],
      },
      client,
    );
    await create({ name: 'Charlie drop in', kind: 'drop_in', category: 'Intro offers', credits: 1 }, client);
    const gone = await create({ name: 'Delta old' }, client);
    await client.post(`${URL}${gone.packageId}/archive/`);

    const page1 = packagePageSchema.parse((await client.get(`${URL}?limit=2`)).json());
    expect(page1.count).toBe(3);
    expect(page1.results.map((r) => r.name)).toEqual(['Alpha pack', 'bravo membership']);
    expect(page1.next).toContain('offset=2');
    expect(page1.results[0]!.classTypeIds).toEqual([gym.classType.id]);
    expect(page1.results[0]!.billingPlans).toHaveLength(2);
    const desc = packagePageSchema.parse((await client.get(`${URL}?sort=-name`)).json());
    expect(desc.results.map((r) => r.name)).toEqual(['Charlie drop in', 'bravo membership', 'Alpha pack']);
    const byKind = packagePageSchema.parse((await client.get(`${URL}?kind=class_pack`)).json());
    expect(byKind.results.map((r) => r.name)).toEqual(['Alpha pack']);
    const byCategory = packagePageSchema.parse((await client.get(`${URL}?category=intro%20offers`)).json());
    expect(byCategory.results.map((r) => r.name)).toEqual(['Charlie drop in']);
    const search = packagePageSchema.parse((await client.get(`${URL}?search=${encodeURIComponent(' BRAVO ')}`)).json());
    expect(search.results.map((r) => r.name)).toEqual(['bravo membership']);
    expect(packagePageSchema.parse((await client.get(`${URL}?search=%25`)).json()).count).toBe(0);
    const archived = packagePageSchema.parse((await client.get(`${URL}?status=archived`)).json());
    expect(archived.results.map((r) => [r.name, r.isArchived])).toEqual([['Delta old', true]]);

    const csv = await client.get(`${URL}export/?kind=membership`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toContain('Price (USD)');
    // One line per billing plan.
    expect(parsed.slice(1).map((r) => [r[0], r[12], r[13]])).toEqual([
      ['bravo membership', 'Monthly', '150.00'],
      ['bravo membership', 'Annual', '1500.00'],
    ]);
  });

  it("answers the gym's categories for the list's filter: each once whatever its case, archived ones too, none empty, no other gym's", async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    await create({ name: 'Cat one', category: 'Memberships' }, client);
    await create({ name: 'Cat two', category: 'memberships' }, client);
    await create({ name: 'Cat three', kind: 'class_pack', category: 'Class packs', credits: 5, validityDays: 30 }, client);
    await create({ name: 'Cat four', category: '' }, client);
    const old = await create({ name: 'Cat five', category: 'Intro offers' }, client);
    await client.post(`${URL}${old.packageId}/archive/`);
    const other = await t.make.kioskGym({ athletes: 0 });
    await create({ name: 'Elsewhere', category: 'Other gym only' }, await t.as(other.owner));
    const res = await client.get(`${URL}categories/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(3);
    expect(res.json().results.map((c: string) => c.toLowerCase())).toEqual(['class packs', 'intro offers', 'memberships']);
    expect((await plainStaff.get(`${URL}categories/`)).statusCode).toBe(200);
    const athlete = await t.make.athlete(gym.gym.id);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get(`${URL}categories/`)).statusCode).toBe(403);
  });

  it('reads a page in the same number of statements whatever its size', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    for (let i = 0; i < 8; i++) {
      await create(
        { name: `Counted ${i}`, taxRateId: gym.taxRate.id, coversAllClassTypes: i % 2 === 0, classTypeIds: i % 2 === 0 ? [] : [gym.classType.id] },
        client,
      );
    }
    const one = await countDriverQueries(t.db, () => client.get(`${URL}?limit=1`));
    const many = await countDriverQueries(t.db, () => client.get(`${URL}?limit=50`));
    expect(packagePageSchema.parse(many.result.json()).results).toHaveLength(8);
    expect(many.count).toBe(one.count);
  });
});
