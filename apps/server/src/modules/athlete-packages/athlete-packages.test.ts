import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, dayOfWeek, ineligibleMessage } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf, type Athlete } from '../../../test/factories';
import { athletePackages, creditLedger, reservations } from '../../db/schema';
import { writeTransaction } from '../../lib/changes';
import { releaseBookings } from '../reservations';
import { runPackagesDaily } from './athlete-packages.service';
import { checkEligibility } from './eligibility';

fixClock(TEST_NOW);

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let other: KioskGym;
let staff: ApiClient;
let owner: ApiClient;
let otherOwner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  other = await t.make.kioskGym({ athletes: 0 });
  staff = await t.as(w.staff);
  owner = await t.as(w.owner);
  otherOwner = await t.as(other.owner);
});
afterAll(async () => {
  await t.close();
});

const today = () => todayOf(w.gym);
/** An athlete of the gym with a login, and a client signed in as them. */
async function athlete(): Promise<{ a: Athlete; client: ApiClient }> {
  const a = await t.make.athlete(w.gym.id);
  return { a, client: await t.as({ userId: a.userId!, profileId: a.profileId }) };
}
/** A class of the gym's type, tomorrow at 05:00 unless told. */
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: 1, time: '05:00', ...o });
const book = (client: ApiClient, athleteId: string, eventId: string, o: Record<string, unknown> = {}) =>
  client.post('/api/athlete-kilo-classes/', { athlete: athleteId, kiloClass: eventId, ...o });
const balanceOf = async (athletePackageId: string) =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.athletePackageId, athletePackageId))
  )[0]!.n;
const ledgerOf = (athletePackageId: string) =>
  t.db.select().from(creditLedger).where(eq(creditLedger.athletePackageId, athletePackageId)).orderBy(creditLedger.createdAt);
const reservationOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const classPack = (athleteId: string, credits: number, o: Parameters<TestApp['make']['athletePackage']>[2] = {}) =>
  t.make.athletePackage(w.gym.id, athleteId, { pkg: { kind: 'class_pack', credits, name: `${credits}-class pack ${randomUUID().slice(0, 6)}` }, ...o });

describe('booking on a package (the one eligibility rule)', () => {
  it('credits an athlete booking on a class pack, refuses when the credits run out, and a cancel gives the credit back', async () => {
    const { a, client } = await athlete();
    const pack = await classPack(a.athleteId, 2);
    const [c1, c2, c3] = [await makeClass(), await makeClass({ time: '07:00' }), await makeClass({ time: '09:00' })];
    const first = await book(client, a.athleteId, c1.id);
    expect([first.statusCode, first.json().isCredited]).toEqual([201, true]);
    expect(await reservationOf(first.json().athleteKiloClassId)).toMatchObject({ isCredited: true, athletePackageId: pack.id });
    expect((await book(client, a.athleteId, c2.id)).statusCode).toBe(201);
    expect(await balanceOf(pack.id)).toBe(0);
    const refused = await book(client, a.athleteId, c3.id);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([409, 'no_credits', `Your ${pack.package.name} has no credits left.`]);
    // Cancelling before the cut-off restores the credit, as a 'cancel_restore' row with its reservation.
    expect((await client.delete(`/api/athlete-kilo-classes/${first.json().athleteKiloClassId}/`)).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(1);
    expect((await ledgerOf(pack.id)).map((r) => [r.reason, r.delta])).toEqual([
      ['grant', 2],
      ['booking', -1],
      ['booking', -1],
      ['cancel_restore', 1],
    ]);
    expect((await book(client, a.athleteId, c3.id)).statusCode).toBe(201);
    expect(await balanceOf(pack.id)).toBe(0);
  });

  it('refuses an athlete without a package; the front desk and the kiosk book them anyway, uncredited', async () => {
    const { a, client } = await athlete();
    const cls = await makeClass();
    const refused = await book(client, a.athleteId, cls.id);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'no_package',
      'You need a package that covers this class to book it.',
    ]);
    const byStaff = await book(staff, a.athleteId, cls.id);
    expect([byStaff.statusCode, byStaff.json().isCredited]).toEqual([201, false]);
    expect(await reservationOf(byStaff.json().athleteKiloClassId)).toMatchObject({ isCredited: false, athletePackageId: null });
    const walkIn = await book(staff, (await t.make.athlete(w.gym.id, { login: false })).athleteId, cls.id, {
      athleteKiloClassId: randomUUID(),
      isReserved: false,
      isCheckedIn: true,
    });
    expect([walkIn.statusCode, walkIn.json().isCredited]).toEqual([201, false]);
  });

  it('credits a kiosk walk-in of an athlete who holds a package (the locked path), deducting its credit', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const pack = await classPack(a.athleteId, 1);
    const cls = await makeClass({ daysAhead: 0, time: '15:00' });
    const res = await book(staff, a.athleteId, cls.id, { athleteKiloClassId: randomUUID(), isReserved: false, isCheckedIn: true });
    expect([res.statusCode, res.json().isCredited]).toEqual([201, true]);
    expect(await balanceOf(pack.id)).toBe(0);
    // The kiosk's list reads the column.
    const kiosk = await staff.get(`/api/kiosk/classes/${cls.id}/reservations/`);
    if (kiosk.statusCode === 200) expect(JSON.stringify(kiosk.json())).toContain('"isCredited":true');
  });

  it('credits walk-ins on an unlimited membership in the grouped class-start statement, as the rule would: covered, not on hold', async () => {
    const walkIn = (athleteId: string, eventId: string) =>
      book(staff, athleteId, eventId, { athleteKiloClassId: randomUUID(), isReserved: false, isCheckedIn: true });
    const member = await t.make.athlete(w.gym.id, { login: false });
    const membership = await t.make.athletePackage(w.gym.id, member.athleteId, { pkg: { name: `Unlimited ${randomUUID().slice(0, 6)}` } });
    const cls = await makeClass({ daysAhead: 0, time: '16:00' });
    const credited = await walkIn(member.athleteId, cls.id);
    expect([credited.statusCode, credited.json().isCredited]).toEqual([201, true]);
    expect(await reservationOf(credited.json().athleteKiloClassId)).toMatchObject({ isCredited: true, athletePackageId: membership.id, isCheckedIn: true });
    expect(await ledgerOf(membership.id)).toEqual([]);
    // A membership that does not cover the class type, or is on hold that day: checked in, uncredited.
    const narrow = await t.make.athlete(w.gym.id, { login: false });
    await t.make.athletePackage(w.gym.id, narrow.athleteId, { pkg: { coversAllClassTypes: false, name: `Yoga only ${randomUUID().slice(0, 4)}` } });
    const notCovered = await walkIn(narrow.athleteId, cls.id);
    expect([notCovered.statusCode, notCovered.json().isCredited]).toEqual([201, false]);
    const resting = await t.make.athlete(w.gym.id, { login: false });
    await t.make.athletePackage(w.gym.id, resting.athleteId, { status: 'on_hold', holdStartsOn: addDays(today(), -1), holdEndsOn: addDays(today(), 3) });
    const onHold = await walkIn(resting.athleteId, cls.id);
    expect([onHold.statusCode, onHold.json().isCredited]).toEqual([201, false]);
    expect(await reservationOf(onHold.json().athleteKiloClassId)).toMatchObject({ isCredited: false, athletePackageId: null, isCheckedIn: true });
  });

  it("credits a family's shared pack once when parent and dependant walk in together with one credit left", async () => {
    const parent = await t.make.athlete(w.gym.id);
    const child = await t.make.athlete(w.gym.id, { login: false });
    await t.make.profileLink(child.profileId, parent.userId!);
    const shared = await classPack(parent.athleteId, 1, {
      pkg: { kind: 'class_pack', credits: 1, familySharing: true, name: `Family pack ${randomUUID().slice(0, 6)}` },
    });
    const cls = await makeClass({ daysAhead: 0, time: '17:00' });
    const [p, c] = await Promise.all(
      [parent, child].map((a) => book(staff, a.athleteId, cls.id, { athleteKiloClassId: randomUUID(), isReserved: false, isCheckedIn: true })),
    );
    expect([p!.statusCode, c!.statusCode]).toEqual([201, 201]);
    expect([p!.json().isCredited, c!.json().isCredited].filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(shared.id)).toBe(0);
    expect((await ledgerOf(shared.id)).map((r) => [r.reason, r.delta])).toEqual([
      ['grant', 1],
      ['booking', -1],
    ]);
  });

  it('refuses a class type the package does not cover, and takes one it lists', async () => {
    const { a, client } = await athlete();
    const yoga = await t.make.classType(w.gym.id, { name: `Yoga ${randomUUID().slice(0, 4)}` });
    const held = await t.make.athletePackage(w.gym.id, a.athleteId, { pkg: { coversAllClassTypes: false, name: `Yoga only ${randomUUID().slice(0, 4)}` } });
    const { packageClassTypes } = await import('../../db/schema');
    await t.db.insert(packageClassTypes).values({ packageId: held.packageId, classTypeId: yoga.id });
    const refused = await book(client, a.athleteId, (await makeClass()).id);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'not_covered',
      `Your ${held.package.name} does not cover this class.`,
    ]);
    expect((await book(client, a.athleteId, (await t.make.event(w.gym, { classTypeId: yoga.id, daysAhead: 1 })).id)).statusCode).toBe(201);
  });

  it('refuses a date on hold, before the start and after the end, with the reason', async () => {
    const { a, client } = await athlete();
    const tomorrow = addDays(today(), 1);
    const onHold = await t.make.athletePackage(w.gym.id, a.athleteId, { holdStartsOn: tomorrow, holdEndsOn: addDays(tomorrow, 2) });
    const refused = await book(client, a.athleteId, (await makeClass()).id);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([409, 'on_hold', `Your ${onHold.package.name} is on hold on this date.`]);
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 4 })).id)).statusCode).toBe(201);
    await t.db
      .update(athletePackages)
      .set({ endDate: addDays(today(), 5) })
      .where(eq(athletePackages.id, onHold.id));
    const late = await book(client, a.athleteId, (await makeClass({ daysAhead: 6 })).id);
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([
      409,
      'expired',
      ineligibleMessage({ code: 'expired', packageName: onHold.package.name, endDate: addDays(today(), 5) }),
    ]);
    await t.db
      .update(athletePackages)
      .set({ status: 'ended', endDate: addDays(today(), -1) })
      .where(eq(athletePackages.id, onHold.id));
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 4, time: '08:00' })).id)).json().code).toBe('expired');
  });

  it('keeps to the per-day limit and the weekly allowance, counted in the week of the class', async () => {
    const { a, client } = await athlete();
    await t.make.athletePackage(w.gym.id, a.athleteId, {
      pkg: { limitPerDay: 1, sessionsLimit: 2, sessionsPer: 'week', name: `Twice a week ${randomUUID().slice(0, 4)}` },
    });
    // 2026-03-04 is a Wednesday: Thursday and Friday are this week, next Monday the next.
    expect((await book(client, a.athleteId, (await makeClass()).id)).statusCode).toBe(201);
    const sameDay = await book(client, a.athleteId, (await makeClass({ time: '08:00' })).id);
    expect([sameDay.statusCode, sameDay.json().code]).toEqual([409, 'limit_day']);
    expect(sameDay.json().message).toMatch(/allows 1 booking a day\.$/);
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 2 })).id)).statusCode).toBe(201);
    const third = await book(client, a.athleteId, (await makeClass({ daysAhead: 3 })).id);
    expect([third.statusCode, third.json().code]).toEqual([409, 'limit_sessions']);
    expect(third.json().message).toMatch(/allows 2 classes a week\.$/);
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 5 })).id)).statusCode).toBe(201);
  });

  it('uses the package ending soonest, and a family member’s shared package', async () => {
    const { a, client } = await athlete();
    const forever = await t.make.athletePackage(w.gym.id, a.athleteId);
    const soon = await t.make.athletePackage(w.gym.id, a.athleteId, { endDate: addDays(today(), 10) });
    const res = await book(client, a.athleteId, (await makeClass()).id);
    expect((await reservationOf(res.json().athleteKiloClassId))!.athletePackageId).toBe(soon.id);
    expect(forever.id).not.toBe(soon.id);

    const parent = await t.make.athlete(w.gym.id);
    const child = await t.make.athlete(w.gym.id, { login: false });
    await t.make.profileLink(child.profileId, parent.userId!);
    const shared = await classPack(parent.athleteId, 3, {
      pkg: { kind: 'class_pack', credits: 3, familySharing: true, name: `Family pack ${randomUUID().slice(0, 4)}` },
    });
    const childBooking = await book(staff, child.athleteId, (await makeClass()).id);
    expect(await reservationOf(childBooking.json().athleteKiloClassId)).toMatchObject({ isCredited: true, athletePackageId: shared.id });
    expect(await balanceOf(shared.id)).toBe(2);
  });

  it('keeps the booking credit on a late cancel or no show, deducts the event’s credits more when asked (never below zero), and gives them back when cleared', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const pack = await classPack(a.athleteId, 3);
    const cls = await makeClass();
    const id = (await book(staff, a.athleteId, cls.id)).json().athleteKiloClassId;
    expect(await balanceOf(pack.id)).toBe(2);
    // The factory's classes deduct 2 credits for a no show.
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: true, deductCredit: true })).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(0);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: true, deductCredit: true, chargeFee: 100 })).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(0);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: false })).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(2);
    // A late cancel deducts 1 more; deleting it then gives back everything the booking holds.
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, deductCredit: true })).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(1);
    // Capped: with 1 left, a no-show deduction of 2 takes 1.
    const b = await t.make.athlete(w.gym.id, { login: false });
    const small = await classPack(b.athleteId, 2);
    const id2 = (await book(staff, b.athleteId, cls.id)).json().athleteKiloClassId;
    expect((await staff.put(`/api/athlete-kilo-classes/${id2}/`, { isNoShow: true, deductCredit: true })).statusCode).toBe(200);
    expect(await balanceOf(small.id)).toBe(0);
    expect((await staff.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(3);
  });

  it('an athlete’s own late cancel keeps the booking credit and takes the class’s late-cancel deduction more (never below zero); an early cancel gives it back', async () => {
    // A class type whose cancels are late from 24 hours before the start; the factory's classes deduct 1 credit for a late cancel.
    const strict = await t.make.classType(w.gym.id, { name: `Strict ${randomUUID().slice(0, 4)}`, lateCancelCutoffMinutes: 24 * 60 });
    const { a, client } = await athlete();
    const pack = await classPack(a.athleteId, 3);
    const soon = await makeClass({ classTypeId: strict.id });
    const id = (await book(client, a.athleteId, soon.id)).json().athleteKiloClassId;
    expect(await balanceOf(pack.id)).toBe(2);
    expect((await client.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(200);
    expect(await reservationOf(id)).toMatchObject({ isLateCancel: true, deductCredit: true });
    expect(await balanceOf(pack.id)).toBe(1);
    expect((await ledgerOf(pack.id)).map((l) => [l.reason, l.delta])).toEqual([
      ['grant', 3],
      ['booking', -1],
      ['late_cancel', -1],
    ]);
    // With nothing left after the booking, the late cancel takes nothing more (the balance never goes below zero).
    const { a: b, client: bClient } = await athlete();
    const one = await classPack(b.athleteId, 1);
    const id2 = (await book(bClient, b.athleteId, (await makeClass({ classTypeId: strict.id, time: '06:00' })).id)).json().athleteKiloClassId;
    expect((await bClient.delete(`/api/athlete-kilo-classes/${id2}/`)).statusCode).toBe(200);
    expect(await balanceOf(one.id)).toBe(0);
    // Outside the cut-off (a week ahead), the cancel is not late: the credit comes back.
    const later = (await book(client, a.athleteId, (await makeClass({ classTypeId: strict.id, daysAhead: 7 })).id)).json().athleteKiloClassId;
    expect(await balanceOf(pack.id)).toBe(0);
    expect((await client.delete(`/api/athlete-kilo-classes/${later}/`)).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(1);
  });

  it('restores every credit of the bookings of a class the gym cancels, in the same transaction', async () => {
    const x = await t.make.athlete(w.gym.id, { login: false });
    const y = await t.make.athlete(w.gym.id, { login: false });
    const px = await classPack(x.athleteId, 1);
    const py = await classPack(y.athleteId, 1);
    const cls = await makeClass();
    const ids = [(await book(staff, x.athleteId, cls.id)).json().athleteKiloClassId, (await book(staff, y.athleteId, cls.id)).json().athleteKiloClassId];
    expect([await balanceOf(px.id), await balanceOf(py.id)]).toEqual([0, 0]);
    await writeTransaction({ db: t.db, changes: t.app.changes }, (tx) => releaseBookings(tx, w.gym.id, ids));
    expect([await balanceOf(px.id), await balanceOf(py.id)]).toEqual([1, 1]);
  });

  it('credits a promoted place in line, and a bulk booking in date order while credits last', async () => {
    const waiting = await t.make.athlete(w.gym.id, { login: false });
    const pack = await classPack(waiting.athleteId, 1);
    const cls = await makeClass({ capacity: 1 });
    const holder = await t.make.athlete(w.gym.id, { login: false });
    const held = (await book(staff, holder.athleteId, cls.id)).json().athleteKiloClassId;
    const line = await book(staff, waiting.athleteId, cls.id, { joinWaitlist: true });
    expect([line.json().isWaitlisted, line.json().isCredited]).toEqual([true, false]);
    expect(await balanceOf(pack.id)).toBe(1);
    expect((await staff.delete(`/api/athlete-kilo-classes/${held}/`)).statusCode).toBe(200);
    expect(await reservationOf(line.json().athleteKiloClassId)).toMatchObject({ isReserved: true, isCredited: true, athletePackageId: pack.id });
    expect(await balanceOf(pack.id)).toBe(0);

    const bulk = await t.make.athlete(w.gym.id, { login: false });
    const bulkPack = await classPack(bulk.athleteId, 2);
    const time = '03:15';
    const days = [1, 2, 3];
    for (const d of days) await makeClass({ daysAhead: d, time });
    const codes = [...new Set(days.map((d) => dayOfWeek(addDays(today(), d)) + 1))].join(',');
    const res = await staff.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: bulk.athleteId,
      startDate: today(),
      endDate: addDays(today(), 3),
      days: codes,
      startTime: time,
      kiloClassType: w.classType.id,
      location: w.location.id,
    });
    expect(res.statusCode).toBe(201);
    const results = res.json().results as { kiloClass: string; athleteKiloClassId: string }[];
    expect(results).toHaveLength(3);
    const rows = await Promise.all(results.map((r) => reservationOf(r.athleteKiloClassId)));
    const byDate = await Promise.all(
      rows.map(async (r) => ({
        credited: r!.isCredited,
        date: (await t.db.query.events.findFirst({ where: (e, { eq: is }) => is(e.id, r!.eventId) }))!.startDate,
      })),
    );
    byDate.sort((p, q) => (p.date < q.date ? -1 : 1));
    expect(byDate.map((r) => r.credited)).toEqual([true, true, false]);
    expect(await balanceOf(bulkPack.id)).toBe(0);
  });

  it('asks a fixed number of statements whatever the athlete holds', async () => {
    const cls = await makeClass();
    const one = await t.make.athlete(w.gym.id, { login: false });
    await classPack(one.athleteId, 5);
    const many = await t.make.athlete(w.gym.id, { login: false });
    for (let i = 0; i < 6; i++) await classPack(many.athleteId, 2, { endDate: addDays(today(), 20 + i) });
    await t.make.athletePackage(w.gym.id, many.athleteId, { status: 'ended', endDate: addDays(today(), -3) });
    const none = await t.make.athlete(w.gym.id, { login: false });
    const counts = [];
    for (const a of [one, many, none]) counts.push((await countDriverQueries(t.db, () => checkEligibility(t.db, w.gym.id, a.athleteId, cls.id))).count);
    expect(counts).toEqual([1, 1, 1]);
    // With the lock (inside a booking's transaction): the lock, then the read.
    expect((await countDriverQueries(t.db, () => checkEligibility(t.db, w.gym.id, many.athleteId, cls.id, { lock: true }))).count).toBe(2);
  });
});

describe('the credits ledger (property)', () => {
  it('keeps the balance the sum of the ledger and never below zero over any sequence of book, cancel, late cancel, no show, clear and adjust', async () => {
    const classes = [
      await makeClass({ daysAhead: 2, time: '10:00' }),
      await makeClass({ daysAhead: 2, time: '11:00' }),
      await makeClass({ daysAhead: 2, time: '12:00' }),
    ];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), i: fc.nat(2) }),
      fc.record({ kind: fc.constant('cancel' as const), i: fc.nat(2) }),
      fc.record({ kind: fc.constant('late' as const), i: fc.nat(2), deduct: fc.boolean() }),
      fc.record({ kind: fc.constant('noShow' as const), i: fc.nat(2), deduct: fc.boolean() }),
      fc.record({ kind: fc.constant('clear' as const), i: fc.nat(2) }),
      fc.record({ kind: fc.constant('adjust' as const), delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.array(op, { maxLength: 10 }), async (start, ops) => {
        const a = await t.make.athlete(w.gym.id, { login: false });
        const pack = await classPack(a.athleteId, start + 1);
        const ids = new Map<number, string>();
        for (const o of ops) {
          if (o.kind === 'book') {
            const res = await book(staff, a.athleteId, classes[o.i]!.id);
            if (res.statusCode === 201) ids.set(o.i, res.json().athleteKiloClassId);
          } else if (o.kind === 'adjust') {
            const res = await staff.post(`/api/athlete-packages/${pack.id}/adjust/`, { delta: o.delta, note: 'Property' });
            expect([200, 400]).toContain(res.statusCode);
          } else {
            const id = ids.get(o.i);
            if (!id) continue;
            if (o.kind === 'cancel') {
              await staff.delete(`/api/athlete-kilo-classes/${id}/`);
              ids.delete(o.i);
            } else if (o.kind === 'clear') await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: false, isNoShow: false });
            else
              await staff.put(
                `/api/athlete-kilo-classes/${id}/`,
                o.kind === 'late'
                  ? { isLateCancel: true, isNoShow: false, deductCredit: o.deduct }
                  : { isNoShow: true, isLateCancel: false, deductCredit: o.deduct },
              );
          }
          const ledger = await ledgerOf(pack.id);
          const sum = ledger.reduce((s, r) => s + r.delta, 0);
          expect(sum).toBeGreaterThanOrEqual(0);
          const answer = (await staff.get(`/api/athlete-packages/${pack.id}/`)).json();
          expect(answer.credits.balance).toBe(sum);
          // Each credited booking still there holds exactly its one credit (plus any mark deduction).
          const live = await t.db
            .select()
            .from(reservations)
            .where(and(eq(reservations.athletePackageId, pack.id)));
          for (const r of live)
            expect(
              ledger.filter((l) => l.reservationId === r.id && l.reason !== 'late_cancel' && l.reason !== 'no_show').reduce((s, l) => s + l.delta, 0),
            ).toBe(-1);
        }
        for (const id of ids.values()) await staff.delete(`/api/athlete-kilo-classes/${id}/`);
        expect(await balanceOf(pack.id)).toBe(start + 1 + (await ledgerOf(pack.id)).filter((l) => l.reason === 'adjustment').reduce((s, l) => s + l.delta, 0));
      }),
      { numRuns: 12 },
    );
  });
});

describe('the athlete packages API', () => {
  it('lists, assigns (idempotent) and shows packages to staff; refuses athletes, other gyms and bad input', async () => {
    const a = await t.make.athlete(w.gym.id);
    const pkg = await t.make.package(w.gym.id, { kind: 'class_pack', credits: 10, validityDays: 90, name: `Ten pack ${randomUUID().slice(0, 4)}` });
    const plan = await t.make.billingPlan(w.gym.id, pkg.id, { priceMinor: 15000, paymentCount: 1 });
    const body = { packageId: pkg.id, billingPlanId: plan.id, startDate: today(), idempotencyKey: randomUUID() };
    const made = await staff.post(`/api/athletes/${a.athleteId}/packages/`, body);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      athleteId: a.athleteId,
      package: { packageId: pkg.id, kind: 'class_pack' },
      billingPlan: { billingPlanId: plan.id, priceMinor: 15000 },
      status: 'active',
      startDate: today(),
      endDate: addDays(today(), 89),
      credits: { balance: 10, granted: 10 },
      sessions: null,
      source: 'staff',
    });
    const again = await staff.post(`/api/athletes/${a.athleteId}/packages/`, body);
    expect([again.statusCode, again.json().athletePackageId]).toEqual([200, made.json().athletePackageId]);
    const list = await staff.get(`/api/athletes/${a.athleteId}/packages/`);
    expect(list.json().results.map((p: { athletePackageId: string }) => p.athletePackageId)).toEqual([made.json().athletePackageId]);
    const id = made.json().athletePackageId;
    expect((await staff.get(`/api/athlete-packages/${id}/ledger/`)).json().results).toMatchObject([
      { delta: 10, reason: 'grant', balanceAfter: 10, reservationId: null, event: null },
    ]);

    // Bad input: 400 with the field; unknown ids: 404.
    const bad = await staff.post(`/api/athletes/${a.athleteId}/packages/`, { ...body, startDate: '2026-02-30', idempotencyKey: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((await staff.post(`/api/athletes/${a.athleteId}/packages/`, { ...body, packageId: randomUUID(), idempotencyKey: randomUUID() })).statusCode).toBe(
      400,
    );
    expect((await staff.get(`/api/athlete-packages/${randomUUID()}/`)).statusCode).toBe(404);
    expect((await staff.post(`/api/athlete-packages/${id}/adjust/`, { delta: 0, note: 'x' })).statusCode).toBe(400);
    expect((await staff.post(`/api/athlete-packages/${id}/hold/`, { startsOn: addDays(today(), 3), endsOn: today() })).statusCode).toBe(400);

    // Another gym's owner sees none of it.
    expect((await otherOwner.get(`/api/athletes/${a.athleteId}/packages/`)).statusCode).toBe(404);
    expect((await otherOwner.get(`/api/athlete-packages/${id}/`)).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/athlete-packages/${id}/adjust/`, { delta: 1, note: 'x' })).statusCode).toBe(404);
    expect((await otherOwner.post(`/api/athletes/${a.athleteId}/packages/`, { ...body, idempotencyKey: randomUUID() })).statusCode).toBe(404);

    // The athlete sees their own (GET one, ledger, /my/packages/) but not the staff list; another athlete sees none.
    const me = await t.as({ userId: a.userId!, profileId: a.profileId });
    expect((await me.get(`/api/athlete-packages/${id}/`)).statusCode).toBe(200);
    expect((await me.get(`/api/athlete-packages/${id}/ledger/`)).statusCode).toBe(200);
    expect((await me.get('/api/my/packages/')).json().results).toHaveLength(1);
    expect((await me.get(`/api/athletes/${a.athleteId}/packages/`)).statusCode).toBe(403);
    expect((await me.post(`/api/athlete-packages/${id}/adjust/`, { delta: 5, note: 'Free credits' })).statusCode).toBe(403);
    const { client: stranger } = await athlete();
    expect((await stranger.get(`/api/athlete-packages/${id}/`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/athlete-packages/${id}/cancel/`, { when: 'period_end', reason: '' })).statusCode).toBe(404);
    // Staff without AthleteView: refused.
    const noView = await t.as(await t.make.staff(w.gym.id, { permissions: ['Kiosk'] }));
    expect((await noView.get(`/api/athlete-packages/${id}/`)).statusCode).toBe(404);
    expect((await noView.get(`/api/athletes/${a.athleteId}/packages/`)).statusCode).toBe(403);
  });

  it('adjusts credits with a note, never below zero; a package without credits has none to adjust', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const pack = await classPack(a.athleteId, 2);
    const down = await owner.post(`/api/athlete-packages/${pack.id}/adjust/`, { delta: -3, note: 'Oops' });
    expect([down.statusCode, down.json().code, down.json().fields?.delta]).toEqual([400, 'below_zero', ['The balance cannot go below zero (it is 2).']]);
    const up = await owner.post(`/api/athlete-packages/${pack.id}/adjust/`, { delta: 3, note: 'Goodwill' });
    expect([up.statusCode, up.json().credits.balance]).toEqual([200, 5]);
    const ledger = (await owner.get(`/api/athlete-packages/${pack.id}/ledger/`)).json().results;
    expect(ledger.at(-1)).toMatchObject({ reason: 'adjustment', delta: 3, note: 'Goodwill', balanceAfter: 5 });
    const unlimited = await t.make.athletePackage(w.gym.id, a.athleteId);
    expect((await owner.post(`/api/athlete-packages/${unlimited.id}/adjust/`, { delta: 1, note: 'x' })).statusCode).toBe(409);
  });

  it('holds a package (billing moves on by the hold’s length) and removes the hold', async () => {
    const { a, client } = await athlete();
    const next = addDays(today(), 10);
    const held = await t.make.athletePackage(w.gym.id, a.athleteId, { nextBillingDate: next });
    const res = await staff.post(`/api/athlete-packages/${held.id}/hold/`, { startsOn: addDays(today(), 1), endsOn: addDays(today(), 7) });
    expect(res.json()).toMatchObject({
      status: 'active',
      holdStartsOn: addDays(today(), 1),
      holdEndsOn: addDays(today(), 7),
      nextBillingDate: addDays(next, 7),
    });
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 2 })).id)).json().code).toBe('on_hold');
    // A hold from today makes it on hold at once.
    const now = await staff.post(`/api/athlete-packages/${held.id}/hold/`, { startsOn: today(), endsOn: addDays(today(), 1) });
    expect(now.json()).toMatchObject({ status: 'on_hold', nextBillingDate: addDays(next, 2) });
    const removed = await staff.delete(`/api/athlete-packages/${held.id}/hold/`);
    expect(removed.json()).toMatchObject({ status: 'active', holdStartsOn: null, holdEndsOn: null, nextBillingDate: next });
    expect((await staff.delete(`/api/athlete-packages/${held.id}/hold/`)).statusCode).toBe(409);
    expect((await book(client, a.athleteId, (await makeClass({ daysAhead: 1, time: '06:00' })).id)).statusCode).toBe(201);
  });

  it('cancels at period end with the notice period (the athlete may too), or at once (staff only: its later bookings uncredited and restored)', async () => {
    const { a, client } = await athlete();
    const notice = await t.make.package(w.gym.id, { cancellationNoticeDays: 14, name: `Notice ${randomUUID().slice(0, 4)}` });
    const plan = await t.make.billingPlan(w.gym.id, notice.id, { interval: 'month' });
    const held = await t.make.athletePackage(w.gym.id, a.athleteId, { packageId: notice.id, billingPlanId: plan.id, nextBillingDate: addDays(today(), 5) });
    const now = await client.post(`/api/athlete-packages/${held.id}/cancel/`, { when: 'now', reason: '' });
    expect([now.statusCode, now.json().code]).toEqual([403, 'period_end_only']);
    // The period ending in 4 days is inside the 14 days' notice: it ends at the next period's end.
    const periodEnd = await client.post(`/api/athlete-packages/${held.id}/cancel/`, { when: 'period_end', reason: 'Moving away' });
    expect(periodEnd.statusCode).toBe(200);
    expect(periodEnd.json()).toMatchObject({ status: 'active', nextBillingDate: null, cancelReason: 'Moving away' });
    expect(periodEnd.json().endDate >= addDays(today(), 14)).toBe(true);
    expect(periodEnd.json().endDate).toBe('2026-04-08');

    const pack = await classPack(a.athleteId, 3);
    await t.db
      .update(athletePackages)
      .set({ endDate: addDays(today(), 1) })
      .where(eq(athletePackages.id, held.id));
    const later = (await book(staff, a.athleteId, (await makeClass({ daysAhead: 3 })).id)).json().athleteKiloClassId;
    expect((await reservationOf(later))!.athletePackageId).toBe(pack.id);
    const cancelled = await staff.post(`/api/athlete-packages/${pack.id}/cancel/`, { when: 'now', reason: 'Refund' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', endDate: today(), credits: { balance: 3 } });
    expect(await reservationOf(later)).toMatchObject({ isCredited: false, athletePackageId: null });
    expect((await staff.post(`/api/athlete-packages/${pack.id}/cancel/`, { when: 'now', reason: '' })).statusCode).toBe(409);
  });

  it('renews a package: a new period and its credits again, once per key', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const pack = await classPack(a.athleteId, 5, {
      pkg: { kind: 'class_pack', credits: 5, validityDays: 30, name: `Five ${randomUUID().slice(0, 4)}` },
      endDate: addDays(today(), -2),
      status: 'ended',
    });
    const key = randomUUID();
    const renewed = await staff.post(`/api/athlete-packages/${pack.id}/renew/`, { idempotencyKey: key });
    expect(renewed.json()).toMatchObject({ status: 'active', endDate: addDays(today(), 29), credits: { balance: 10, granted: 10 } });
    expect((await staff.post(`/api/athlete-packages/${pack.id}/renew/`, { idempotencyKey: key })).json().credits.balance).toBe(10);
    expect((await staff.post(`/api/athlete-packages/${pack.id}/renew/`, { idempotencyKey: 'short' })).statusCode).toBe(400);
  });
});

describe('the packages.daily job', () => {
  it('puts packages on hold and back, and ends expired ones, their leftover credits expiring', async () => {
    const a = await t.make.athlete(w.gym.id, { login: false });
    const holding = await t.make.athletePackage(w.gym.id, a.athleteId, { holdStartsOn: today(), holdEndsOn: addDays(today(), 2) });
    const back = await t.make.athletePackage(w.gym.id, a.athleteId, {
      status: 'on_hold',
      holdStartsOn: addDays(today(), -5),
      holdEndsOn: addDays(today(), -1),
    });
    const expired = await classPack(a.athleteId, 4, { endDate: addDays(today(), -1) });
    const cancelled = await t.make.athletePackage(w.gym.id, a.athleteId, { endDate: addDays(today(), -1), cancelledAt: new Date() });
    const fresh = await t.make.athletePackage(w.gym.id, a.athleteId, { endDate: today() });
    expect(await runPackagesDaily(t.db)).toBeGreaterThanOrEqual(4);
    const statusOf = async (id: string) => (await t.db.select({ s: athletePackages.status }).from(athletePackages).where(eq(athletePackages.id, id)))[0]!.s;
    expect([await statusOf(holding.id), await statusOf(back.id), await statusOf(expired.id), await statusOf(cancelled.id), await statusOf(fresh.id)]).toEqual([
      'on_hold',
      'active',
      'ended',
      'cancelled',
      'active',
    ]);
    expect((await ledgerOf(expired.id)).map((r) => [r.reason, r.delta])).toEqual([
      ['grant', 4],
      ['expiry', -4],
    ]);
    // Run again: nothing more.
    await runPackagesDaily(t.db);
    expect(await balanceOf(expired.id)).toBe(0);
    expect((await ledgerOf(expired.id)).length).toBe(2);
  });
});
