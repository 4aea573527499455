import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { RESERVATION_DELETED_MESSAGE, addDays, oneYearAfter, dayOfWeek, eventMessages, reservationMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, interceptDriverQueries, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf, type Athlete } from '../../../test/factories';
import { athletes, charges, reservations } from '../../db/schema';
import { createReservation, updateReservation, type ReservationsContext, type Writer } from './reservations.service';

const clock = fixClock(TEST_NOW);
/** Decision 016: with FAST_WRITES=off this file runs on the locked path only, with the same answers (decision 043: write-paths.differential.test.ts compares both). */
const fastWrites = (process.env.FAST_WRITES ?? 'on') === 'on';

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let uk: KioskGym;
let staff: ApiClient;
let me: Athlete;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  uk = await t.make.kioskGym({ timeZone: 'Europe/London', country: 'GB', athletes: 2 });
  staff = await t.as(w.staff);
  me = await t.make.athlete(w.gym.id, { firstName: 'Alex', lastName: 'Morgan' });
  // Issue 18: an athlete books their own classes on a package.
  await t.make.membership(w.gym.id, [me.athleteId]);
});
afterAll(async () => {
  await t.close();
});

const today = () => todayOf(w.gym);
/** An athlete of the gym no other test uses. */
const member = () => t.make.athlete(w.gym.id, { login: false });
const members = (n: number) => t.make.athletes(w.gym.id, n);
/** A class of the gym's type and room with its tax rate, tomorrow at 05:00 unless told (capacity 10). */
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '05:00', ...o });

const reservationOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const chargeOf = async (reservationId: string) => (await t.db.select().from(charges).where(eq(charges.reservationId, reservationId)))[0];
const countOf = async (eventId: string) => (await t.db.select({ n: count() }).from(reservations).where(eq(reservations.eventId, eventId)))[0]!.n;

const asMe = () => t.as({ userId: me.userId!, profileId: me.profileId });
const ctx = (): ReservationsContext => ({ db: t.db, changes: t.app.changes, jobs: t.app.jobs, appUrl: t.app.config.appUrl, fastWrites });
const writer = (): Writer => ({ gymId: w.gym.id, timeZone: w.gym.timeZone, actorUserId: w.staff.userId, ownAthleteId: null });

/** Statements sent to the database while `run` runs, not counting the change feed's own notifications (PostgreSQL). */
/** Round trips of `run`: statements sent outside a transaction, and each transaction as one (a grouped write's group). */
async function statements<T>(run: () => Promise<T>): Promise<{ count: number; result: T }> {
  let n = 0;
  const restore = interceptDriverQueries(t.db, (text) => {
    if (!/^select pg_notify/.test(text)) n++;
    return undefined;
  });
  const db = t.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = db.transaction;
  db.transaction = function (this: unknown, ...args: unknown[]) {
    n++;
    return transaction.apply(this, args);
  };
  try {
    const result = await run();
    return { count: n, result };
  } finally {
    restore();
    db.transaction = transaction;
  }
}

describe('POST /api/athlete-kilo-classes/', () => {
  it('reserves, answers the same record for the same id, and 409s a second id for the same athlete', async () => {
    const cls = await makeClass();
    const a = await member();
    const id = randomUUID();
    const res = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: a.athleteId, kiloClass: cls.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      athleteKiloClassId: id,
      kiloClass: cls.id,
      athlete: a.athleteId,
      gym: w.gym.id,
      isWaitlisted: false,
      waitlistPosition: null,
      isReserved: true,
      isCheckedIn: false,
      isLateCancel: false,
      isNoShow: false,
      chargeNow: false,
      chargeDate: null,
      chargeFee: null,
      taxRate: null,
      deductCredit: false,
      isCredited: false,
      registrationDatetime: TEST_NOW,
      hasPastDueBills: false,
      hasUnsignedDocuments: false,
    });
    const again = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: a.athleteId, kiloClass: cls.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const other = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: a.athleteId, kiloClass: cls.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'already_reserved', message: `${a.fullName} already has a reservation for this class.` });
    const taken = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: (await member()).athleteId, kiloClass: cls.id });
    expect([taken.statusCode, taken.json().code, taken.json().message]).toEqual([409, 'reservation_id_taken', reservationMessages.reservationIdTaken]);
    const generated = await staff.post('/api/athlete-kilo-classes/', { athlete: (await member()).athleteId, kiloClass: cls.id });
    expect(generated.statusCode).toBe(201);
    expect(generated.json().athleteKiloClassId).toEqual(expect.any(String));
    expect(await countOf(cls.id)).toBe(2);
  });

  it('checks in a walk-in with its own id, even into a full class; refuses a reservation of a full class', async () => {
    const cls = await makeClass({ capacity: 2 });
    await t.make.reserve(
      cls,
      (await members(2)).map((m) => m.athleteId),
    );
    const full = await staff.post('/api/athlete-kilo-classes/', { athlete: (await member()).athleteId, kiloClass: cls.id, isReserved: true });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'event_full', message: reservationMessages.classFull });
    const walkIn = await staff.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: (await member()).athleteId,
      kiloClass: cls.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect(walkIn.statusCode).toBe(201);
    expect(walkIn.json()).toMatchObject({ isReserved: false, isCheckedIn: true });
    expect((await reservationOf(walkIn.json().athleteKiloClassId))!.checkedInAt).toEqual(new Date(TEST_NOW));
    const detail = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(detail.event).toMatchObject({ attendeeCount: 3, athletesAttended: 1, capacity: 2 });
  });

  it('refuses bad payloads, other gyms, other kinds and inactive athletes with clear messages', async () => {
    const cls = await makeClass();
    const neither = await staff.post('/api/athlete-kilo-classes/', {
      athlete: (await member()).athleteId,
      kiloClass: cls.id,
      isReserved: false,
      isCheckedIn: false,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(reservationMessages.reservedOrCheckedIn);
    const missing = await staff.post('/api/athlete-kilo-classes/', { kiloClass: cls.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.athlete).toBeDefined();
    const ukAthlete = uk.members[0]!.athleteId;
    const foreignAthlete = await staff.post('/api/athlete-kilo-classes/', { athlete: ukAthlete, kiloClass: cls.id });
    expect([foreignAthlete.statusCode, foreignAthlete.json().message]).toEqual([404, reservationMessages.athleteNotFound]);
    const ukOwner = await t.as(uk.owner);
    const foreignClass = await ukOwner.post('/api/athlete-kilo-classes/', { athlete: ukAthlete, kiloClass: cls.id });
    expect([foreignClass.statusCode, foreignClass.json().message]).toEqual([404, eventMessages.classNotFound]);
    // An appointment is not a class, nor a class an appointment (one table, two kinds).
    const appointment = await t.make.event(w.gym, { kind: 'appointment', daysAhead: 1 });
    const wrongKind = await staff.post('/api/athlete-kilo-classes/', { athlete: (await member()).athleteId, kiloClass: appointment.id });
    expect([wrongKind.statusCode, wrongKind.json().message]).toEqual([404, eventMessages.classNotFound]);
    const wrongKind2 = await staff.post('/api/athlete-appointments/', { athlete: (await member()).athleteId, appointment: cls.id });
    expect([wrongKind2.statusCode, wrongKind2.json().message]).toEqual([404, eventMessages.appointmentNotFound]);
    const inactive = await t.make.athlete(w.gym.id, { login: false, isActive: false });
    const refused = await staff.post('/api/athlete-kilo-classes/', { athlete: inactive.athleteId, kiloClass: cls.id });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([400, 'athlete_inactive', reservationMessages.athleteInactive]);
    expect(await countOf(cls.id)).toBe(0);
    expect(await countOf(appointment.id)).toBe(0);
  });

  it('answers walk-ins with the same rules and record as reservations (one INSERT … SELECT with FAST_WRITES)', async () => {
    const cls = await makeClass();
    const walkIn = (athlete: string, id: string = randomUUID(), client: ApiClient = staff, kiloClass: string = cls.id) =>
      client.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete, kiloClass, isReserved: false, isCheckedIn: true });
    // An athlete with a past-due bill and an unsigned document: the warnings come back with the record.
    const flagged = await member();
    await t.make.invoice(w.gym.id, flagged.athleteId);
    await t.make.document(w.gym.id, flagged.athleteId);
    // Bills and documents of others, and the same athlete's paid bill and signed document elsewhere, flag no one else.
    const clear = await member();
    await t.make.invoice(w.gym.id, clear.athleteId, { status: 'paid' });
    await t.make.document(w.gym.id, clear.athleteId, { signedAt: new Date() });
    await csrfReady(staff);
    const id = randomUUID();
    const { count: sent, result: first } = await statements(() => walkIn(flagged.athleteId, id));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      athleteKiloClassId: id,
      kiloClass: cls.id,
      athlete: flagged.athleteId,
      gym: w.gym.id,
      isReserved: false,
      isCheckedIn: true,
      hasPastDueBills: true,
      hasUnsignedDocuments: true,
    });
    const { count: replaySent, result: replay } = await statements(() => walkIn(flagged.athleteId, id));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    if (fastWrites) {
      // The session and the walk-ins group (one transaction: locks, the eligibility rule, the insert); a replay reads the record once more.
      expect(sent).toBe(2);
      expect(replaySent).toBe(3);
    }
    expect((await walkIn(flagged.athleteId)).json()).toMatchObject({ code: 'already_reserved' });
    expect((await walkIn((await member()).athleteId, id)).json()).toMatchObject({ code: 'reservation_id_taken' });
    const clearWalkIn = await walkIn(clear.athleteId);
    expect(clearWalkIn.json()).toMatchObject({ athlete: clear.athleteId, hasPastDueBills: false, hasUnsignedDocuments: false });
    const clearTap = await staff.put(`/api/athlete-kilo-classes/${clearWalkIn.json().athleteKiloClassId}/`, { isCheckedIn: true });
    expect(clearTap.json()).toMatchObject({ hasPastDueBills: false, hasUnsignedDocuments: false });

    const ukAthlete = uk.members[1]!.athleteId;
    const foreignAthlete = await walkIn(ukAthlete);
    expect([foreignAthlete.statusCode, foreignAthlete.json().message]).toEqual([404, reservationMessages.athleteNotFound]);
    const foreignClass = await walkIn(ukAthlete, randomUUID(), await t.as(uk.owner));
    expect([foreignClass.statusCode, foreignClass.json().message]).toEqual([404, eventMessages.classNotFound]);
    const unknownClass = await walkIn((await member()).athleteId, randomUUID(), staff, randomUUID());
    expect([unknownClass.statusCode, unknownClass.json().message]).toEqual([404, eventMessages.classNotFound]);
    const inactive = await t.make.athlete(w.gym.id, { login: false, isActive: false });
    const refused = await walkIn(inactive.athleteId);
    expect([refused.statusCode, refused.json().message]).toEqual([400, reservationMessages.athleteInactive]);
    const someoneElse = await walkIn((await member()).athleteId, randomUUID(), await asMe());
    expect([someoneElse.statusCode, someoneElse.json().code]).toEqual([403, 'own_reservations_only']);
    const rows = await t.db.select({ athleteId: reservations.athleteId }).from(reservations).where(eq(reservations.eventId, cls.id));
    expect(rows.map((r) => r.athleteId).sort()).toEqual([flagged.athleteId, clear.athleteId].sort());
  });

  it('refuses a walk-in with an id to a cancelled class, as a walk-in without one (issue 33: the grouped path asked only eligibility)', async () => {
    const cls = await makeClass({ cancelledAt: new Date() });
    await csrfReady(staff);
    for (const athleteKiloClassId of [randomUUID(), undefined]) {
      const res = await staff.post('/api/athlete-kilo-classes/', {
        athleteKiloClassId,
        athlete: (await member()).athleteId,
        kiloClass: cls.id,
        isReserved: false,
        isCheckedIn: true,
      });
      expect([res.statusCode, res.json().code]).toEqual([409, 'cancelled']);
    }
    expect(await countOf(cls.id)).toBe(0);
  });

  it('answers the same walk-in sent twice at once with one record: one 201, one 200 with the same answer', async () => {
    const cls = await makeClass();
    const body = { athleteKiloClassId: randomUUID(), athlete: (await member()).athleteId, kiloClass: cls.id, isReserved: false, isCheckedIn: true };
    await csrfReady(staff);
    const both = await Promise.all([1, 2].map(() => staff.post('/api/athlete-kilo-classes/', body)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    // A different athlete with the same id is not the same request: it is refused, and the replay still answers.
    const [other, same] = await Promise.all([
      staff.post('/api/athlete-kilo-classes/', { ...body, athlete: (await member()).athleteId }),
      staff.post('/api/athlete-kilo-classes/', body),
    ]);
    expect([other.statusCode, other.json().code]).toEqual([409, 'reservation_id_taken']);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(both[0]!.json());
    const rows = await t.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.eventId, cls.id));
    expect(rows).toEqual([{ id: body.athleteKiloClassId }]);
  });

  it('reserves and checks in appointments the same way', async () => {
    const appointment = await t.make.event(w.gym, { kind: 'appointment', capacity: 2, daysAhead: 1, time: '10:00', taxRateId: w.taxRate.id });
    const id = randomUUID();
    const res = await staff.post('/api/athlete-appointments/', { athleteAppointmentId: id, athlete: (await member()).athleteId, appointment: appointment.id });
    expect([res.statusCode, res.json().message]).toEqual([201, undefined]);
    expect(res.json()).toMatchObject({ athleteAppointmentId: id, appointment: appointment.id, isReserved: true, gym: w.gym.id });
    expect(res.json()).not.toHaveProperty('isWaitlisted');
    expect(res.json()).not.toHaveProperty('athleteKiloClassId');
    const again = await staff.post('/api/athlete-appointments/', { athleteAppointmentId: id, athlete: res.json().athlete, appointment: appointment.id });
    expect([again.statusCode, again.json()]).toEqual([200, res.json()]);
    expect((await staff.post('/api/athlete-appointments/', { athlete: (await member()).athleteId, appointment: appointment.id })).statusCode).toBe(201);
    const full = await staff.post('/api/athlete-appointments/', { athlete: (await member()).athleteId, appointment: appointment.id });
    expect(full.json()).toMatchObject({ code: 'event_full', message: reservationMessages.appointmentFull });
    const put = await staff.put(`/api/athlete-appointments/${id}/`, { isCheckedIn: true });
    expect(put.json()).toMatchObject({ athleteAppointmentId: id, isCheckedIn: true, isReserved: true });
    // A class route does not find an appointment's reservation (one table, two kinds).
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: false })).statusCode).toBe(404);
    expect((await staff.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(404);
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.put(`/api/athlete-appointments/${id}/`, { isCheckedIn: false })).statusCode).toBe(404);
    expect((await ukOwner.delete(`/api/athlete-appointments/${id}/`)).statusCode).toBe(404);
    expect((await reservationOf(id))!.isCheckedIn).toBe(true);
    const late = await staff.put(`/api/athlete-appointments/${id}/`, { isCheckedIn: false });
    expect(late.statusCode).toBe(200);
    expect((await staff.delete(`/api/athlete-appointments/${id}/`)).json()).toEqual({ detail: RESERVATION_DELETED_MESSAGE });
    expect(await reservationOf(id)).toBeUndefined();
  });
});

/** The client's CSRF token, fetched before a statement count so that the count is the write's own. */
async function csrfReady(client: ApiClient) {
  if (!client.csrfToken) await client.get('/api/auth/csrf/');
}

describe('PUT /api/athlete-kilo-classes/{id}/', () => {
  it('toggles the check-in and keeps isReserved and registrationDatetime whatever is sent', async () => {
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const before = (await reservationOf(id!))!;
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, {
      isCheckedIn: true,
      isReserved: false,
      registrationDatetime: '2000-01-01T00:00:00Z',
      athlete: (await member()).athleteId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isCheckedIn: true,
      isReserved: true,
      registrationDatetime: before.registrationDatetime.toISOString(),
      athlete: before.athleteId,
    });
    const after = (await reservationOf(id!))!;
    expect(after.checkedInAt).toEqual(new Date(TEST_NOW));
    expect(after.updatedByUserId).toBe(w.staff.userId);
    try {
      // A minute later, two kiosks tap the same athlete again at once: still checked in, at the first tap's time.
      clock.set(new Date(Date.parse(TEST_NOW) + 60_000));
      const again = await Promise.all([1, 2].map(() => staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })));
      expect(again.map((r) => [r.statusCode, r.json().isCheckedIn])).toEqual([
        [200, true],
        [200, true],
      ]);
      expect(again[1]!.json()).toEqual(again[0]!.json());
      expect((await reservationOf(id!))!.checkedInAt).toEqual(new Date(TEST_NOW));
    } finally {
      clock.set(TEST_NOW);
    }
    const off = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: false });
    expect(off.json().isCheckedIn).toBe(false);
    expect((await reservationOf(id!))!.checkedInAt).toBeNull();
  });

  it("answers each tap of a pair with the same record, and refuses another gym's caller either way", async () => {
    const cls = await makeClass();
    const [id, otherId] = await t.make.reserve(
      cls,
      (await members(2)).map((m) => m.athleteId),
    );
    const owner = { ...writer(), actorUserId: w.owner.userId };
    const mixed = await Promise.all([
      updateReservation(ctx(), writer(), 'class', otherId!, { isCheckedIn: true }),
      updateReservation(ctx(), owner, 'class', otherId!, { isCheckedIn: true }),
      updateReservation(ctx(), writer(), 'class', id!, { isCheckedIn: true }),
    ]);
    expect(mixed.map((r) => [r.id, r.isCheckedIn])).toEqual([
      [otherId, true],
      [otherId, true],
      [id, true],
    ]);
    expect(mixed[1]).toEqual(mixed[0]);
    expect((await reservationOf(otherId!))!.updatedByUserId).toEqual(expect.stringMatching(new RegExp(`^(${w.staff.userId}|${w.owner.userId})$`)));
    // A failure reaches both callers: a reservation of another gym is not found either way.
    const other = { ...writer(), gymId: uk.gym.id };
    const failed = await Promise.allSettled([1, 2].map(() => updateReservation(ctx(), other, 'class', id!, { isCheckedIn: false })));
    expect(failed.map((f) => f.status === 'rejected' && (f.reason as { statusCode: number }).statusCode)).toEqual([404, 404]);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(true);
  });

  it('marks a late cancel with the default fee and tax rate, records the charge, and clears it again', async () => {
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isLateCancel: true,
      isNoShow: false,
      chargeFee: '15.00',
      taxRate: w.taxRate.id,
      chargeDate: today(),
      chargeNow: false,
      deductCredit: false,
    });
    expect(await chargeOf(id!)).toMatchObject({
      reason: 'late_cancel',
      amountMinor: 1500,
      taxRateId: w.taxRate.id,
      collectOn: today(),
      chargeNow: false,
      creditDeduction: 0,
      createdByUserId: w.staff.userId,
      gymId: w.gym.id,
    });
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json().count).toBe(0);

    const later = addDays(today(), 5);
    const changed = await staff.put(`/api/athlete-kilo-classes/${id}/`, {
      isLateCancel: true,
      chargeDate: later,
      chargeFee: '7.5',
      taxRate: null,
      deductCredit: true,
    });
    expect(changed.json()).toMatchObject({ chargeFee: '7.50', chargeDate: later, taxRate: null, deductCredit: true });
    expect(await chargeOf(id!)).toMatchObject({ amountMinor: 750, collectOn: later, taxRateId: null, creditDeduction: 1 });
    expect((await t.db.select().from(charges).where(eq(charges.reservationId, id!))).length).toBe(1);
    // The same terms again: the charge is kept as it is (its id too).
    const charge = (await chargeOf(id!))!;
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true })).json()).toMatchObject({
      chargeFee: '7.50',
      chargeDate: later,
      taxRate: null,
    });
    expect((await chargeOf(id!))!.id).toBe(charge.id);

    const cleared = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: false });
    expect(cleared.json()).toMatchObject({ isLateCancel: false, chargeFee: null, chargeDate: null, taxRate: null, deductCredit: false });
    expect(await chargeOf(id!)).toBeUndefined();
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json().count).toBe(1);
  });

  it('marks a no show charged now at a chosen fee, deducting the no-show credits', async () => {
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, {
      isNoShow: true,
      chargeNow: true,
      chargeDate: addDays(today(), 9),
      chargeFee: 12,
      deductCredit: true,
    });
    expect(res.json()).toMatchObject({ isNoShow: true, chargeNow: true, chargeDate: today(), chargeFee: '12.00' });
    expect(await chargeOf(id!)).toMatchObject({ reason: 'no_show', amountMinor: 1200, chargeNow: true, collectOn: today(), creditDeduction: 2 });
    const waived = await staff.put(`/api/athlete-kilo-classes/${id}/`, { chargeFee: '0' });
    expect(waived.json()).toMatchObject({ chargeFee: '0.00', chargeNow: true });
    expect(await chargeOf(id!)).toMatchObject({ amountMinor: 0 });
  });

  it('refuses late cancel with no show, uncredited and checked-in reservations, and check-ins of marked ones', async () => {
    const cls = await makeClass();
    const [credited, uncredited, checkedIn] = await t.make.reserve(
      cls,
      (await members(3)).map((m) => m.athleteId),
    );
    await t.db.update(reservations).set({ isCredited: false }).where(eq(reservations.id, uncredited!));
    await t.db.update(reservations).set({ isCheckedIn: true }).where(eq(reservations.id, checkedIn!));

    const both = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: true, isNoShow: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(reservationMessages.lateCancelXorNoShow);
    expect((await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: true })).statusCode).toBe(200);
    const switched = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isNoShow: true });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({
      message: reservationMessages.lateCancelXorNoShow,
      fields: { isNoShow: [reservationMessages.lateCancelXorNoShow] },
    });
    const checkIn = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isCheckedIn: true });
    expect([checkIn.statusCode, checkIn.json().message]).toEqual([400, reservationMessages.clearMarkBeforeCheckIn]);
    const both2 = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: false, isCheckedIn: true });
    expect(both2.json()).toMatchObject({ isLateCancel: false, isCheckedIn: true });

    const notCredited = await staff.put(`/api/athlete-kilo-classes/${uncredited}/`, { isNoShow: true });
    expect([notCredited.statusCode, notCredited.json().code, notCredited.json().message]).toEqual([400, 'not_credited', reservationMessages.notCredited]);
    const afterCheckIn = await staff.put(`/api/athlete-kilo-classes/${checkedIn}/`, { isLateCancel: true });
    expect([afterCheckIn.statusCode, afterCheckIn.json().message]).toEqual([400, reservationMessages.checkedInCannotBeMarked]);
    expect(await chargeOf(uncredited!)).toBeUndefined();
    expect(await chargeOf(checkedIn!)).toBeUndefined();
  });

  it('validates the collection date, the fee and the tax rate', async () => {
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const past = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeDate: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: reservationMessages.chargeDateBeforeToday,
      fields: { chargeDate: [reservationMessages.chargeDateBeforeToday] },
    });
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: '-1.00' })).json().message).toBe(
      reservationMessages.feeNegative,
    );
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: -3 })).json().message).toBe(reservationMessages.feeNegative);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: '1.234' })).json().message).toBe(
      reservationMessages.feeFormat,
    );
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: 'ten' })).json().message).toBe(reservationMessages.feeFormat);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeDate: '2026-02-31' })).json().message).toBe(
      eventMessages.dateInvalid,
    );
    const foreignRate = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, taxRate: uk.taxRate.id });
    expect(foreignRate.json()).toMatchObject({ message: reservationMessages.taxRateNotFound, fields: { taxRate: [reservationMessages.taxRateNotFound] } });
    expect((await reservationOf(id!))!.isLateCancel).toBe(false);
    expect(await chargeOf(id!)).toBeUndefined();
  });

  it('does not let a cleared late cancel overfill the class', async () => {
    const cls = await makeClass({ capacity: 1 });
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true })).statusCode).toBe(200);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: (await member()).athleteId, kiloClass: cls.id })).statusCode).toBe(201);
    const back = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: false });
    expect([back.statusCode, back.json().code, back.json().message]).toEqual([409, 'event_full', reservationMessages.classFull]);
    expect((await reservationOf(id!))!.isLateCancel).toBe(true);
    expect(await chargeOf(id!)).toBeDefined();
  });

  it('lets a waitlisted reservation, which holds no place (rules holdsPlace), be marked and cleared in a full class', async () => {
    const cls = await makeClass({ capacity: 1 });
    await t.make.reserve(cls, [(await member()).athleteId]);
    const [waiting] = await t.make.reserve(cls, [(await member()).athleteId], { isWaitlisted: true });
    expect((await staff.put(`/api/athlete-kilo-classes/${waiting}/`, { isLateCancel: true })).statusCode).toBe(200);
    const cleared = await staff.put(`/api/athlete-kilo-classes/${waiting}/`, { isLateCancel: false });
    expect([cleared.statusCode, cleared.json().isWaitlisted, cleared.json().isLateCancel]).toEqual([200, true, false]);
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/`)).json().event).toMatchObject({ capacity: 1, attendeeCount: 1 });
  });

  it('answers 404 for unknown ids and for other gyms', async () => {
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const unknown = await staff.put(`/api/athlete-kilo-classes/${randomUUID()}/`, { isCheckedIn: true });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, reservationMessages.reservationNotFound]);
    const ukOwner = await t.as(uk.owner);
    expect((await ukOwner.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })).statusCode).toBe(404);
    expect((await ukOwner.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(404);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(false);
  });
});

describe('DELETE /api/athlete-kilo-classes/{id}/', () => {
  it('deletes the reservation, frees its place at once, and keeps a recorded charge', async () => {
    const cls = await makeClass({ capacity: 1 });
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const waiting = await member();
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: waiting.athleteId, kiloClass: cls.id })).statusCode).toBe(409);
    await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: true });
    const charge = (await chargeOf(id!))!;
    const res = await staff.delete(`/api/athlete-kilo-classes/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: RESERVATION_DELETED_MESSAGE });
    expect(await reservationOf(id!)).toBeUndefined();
    expect((await t.db.select().from(charges).where(eq(charges.id, charge.id)))[0]).toMatchObject({ reservationId: null, amountMinor: 3000 });
    const again = await staff.delete(`/api/athlete-kilo-classes/${id}/`);
    expect([again.statusCode, again.json().message]).toEqual([404, reservationMessages.reservationNotFound]);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: waiting.athleteId, kiloClass: cls.id })).statusCode).toBe(201);
  });
});

describe('an athlete profile', () => {
  it('changes only its own reservations and cannot mark late cancels or no shows', async () => {
    const athlete = await asMe();
    const cls = await makeClass();
    const [others] = await t.make.reserve(cls, [(await member()).athleteId]);
    const mine = await athlete.post('/api/athlete-kilo-classes/', { athlete: me.athleteId, kiloClass: cls.id });
    expect(mine.statusCode).toBe(201);
    const forOther = await athlete.post('/api/athlete-kilo-classes/', { athlete: (await member()).athleteId, kiloClass: cls.id });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toMatchObject({ code: 'own_reservations_only', message: reservationMessages.athletesOwnOnly });
    expect((await athlete.put(`/api/athlete-kilo-classes/${others}/`, { isCheckedIn: true })).statusCode).toBe(403);
    expect((await athlete.delete(`/api/athlete-kilo-classes/${others}/`)).statusCode).toBe(403);
    expect(await reservationOf(others!)).toMatchObject({ isCheckedIn: false });
    // Issue 32: tomorrow's class is outside the self check-in window (self-check-in.test.ts).
    expect((await athlete.put(`/api/athlete-kilo-classes/${mine.json().athleteKiloClassId}/`, { isCheckedIn: true })).json().code).toBe(
      'self_check_in_not_open',
    );
    await t.db.update(reservations).set({ isCredited: true, isCheckedIn: false }).where(eq(reservations.id, mine.json().athleteKiloClassId));
    const mark = await athlete.put(`/api/athlete-kilo-classes/${mine.json().athleteKiloClassId}/`, { isLateCancel: true });
    expect([mark.statusCode, mark.json().code, mark.json().message]).toEqual([403, 'staff_only', reservationMessages.staffOnlyCharges]);
    const bulkForOther = await athlete.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: (await member()).athleteId,
      startDate: today(),
      endDate: addDays(today(), 7),
      days: '1,2,3,4,5,6,7',
      startTime: '05:00',
      kiloClassType: w.classType.id,
      location: w.location.id,
    });
    expect(bulkForOther.statusCode).toBe(403);
    // Nor for themselves: bulk booking skips the booking window and the package rule, a front-desk tool only.
    const bulkForMe = await athlete.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: me.athleteId,
      startDate: today(),
      endDate: addDays(today(), 7),
      days: '1,2,3,4,5,6,7',
      startTime: '05:00',
      kiloClassType: w.classType.id,
      location: w.location.id,
    });
    expect([bulkForMe.statusCode, bulkForMe.json().code, bulkForMe.json().message]).toEqual([403, 'staff_only', reservationMessages.staffOnlyBulk]);
    expect((await athlete.delete(`/api/athlete-kilo-classes/${mine.json().athleteKiloClassId}/`)).statusCode).toBe(200);
  });
});

describe('an athlete profile with no athlete record', () => {
  it('changes no reservation: 403, nothing changed', async () => {
    const user = await t.make.user();
    const profile = await t.make.profile({ userId: user.id, gymId: w.gym.id, role: 'athlete' });
    const c = await t.as({ userId: user.id, profileId: profile.id });
    const cls = await makeClass();
    const [id] = await t.make.reserve(cls, [(await member()).athleteId]);
    const tap = await c.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true });
    expect([tap.statusCode, tap.json().code]).toEqual([403, 'own_reservations_only']);
    const walkIn = await c.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: (await member()).athleteId,
      kiloClass: cls.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect(walkIn.statusCode).toBe(403);
    expect((await c.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(403);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(false);
    expect(await countOf(cls.id)).toBe(1);
  });
});

describe('POST /api/athlete-kilo-classes/create-bulk/', () => {
  it('reserves every matching class, skipping reserved, full and started ones, and answers what it created', async () => {
    const a = await member();
    const time = '04:30';
    const made = [];
    for (const daysAhead of [0, 1, 2, 3, 8, 9]) made.push(await makeClass({ daysAhead, time, capacity: 2 }));
    const [started, reserved, full, ...rest] = made;
    // Today's 04:30 class began ten hours ago (the clock reads 14:30 in the gym).
    await t.make.reserve(reserved!, [a.athleteId]);
    await t.make.reserve(
      full!,
      (await members(2)).map((m) => m.athleteId),
    );
    // Classes of another type, time or room on the same days are not the series.
    const otherType = await makeClass({ daysAhead: 1, time, classTypeId: (await t.make.classType(w.gym.id)).id });
    const otherTime = await makeClass({ daysAhead: 2, time: '04:45' });
    const otherRoom = await makeClass({ daysAhead: 3, time, locationId: (await t.make.location(w.gym.id)).id });
    const codes = [...new Set(made.map((m) => dayOfWeek(m.startDate) + 1))].join(',');
    const body = {
      athlete: a.athleteId,
      startDate: today(),
      endDate: addDays(today(), 10),
      days: codes,
      startTime: time,
      kiloClassType: w.classType.id,
      location: w.location.id,
    };
    // Issue 33: the preview says per class what the create then does (one rule: bulkBookabilityOf).
    const preview = await staff.get(
      `/api/kilo-classes/?days=${codes}&start=${body.startDate}&end=${body.endDate}&start_time=${time}&kilo_class_type=${w.classType.id}&location=${w.location.id}&athlete=${a.athleteId}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const said = new Map(
      (preview.json().results as { kiloClassId: string; bookability: { action: string | null; reason: { code: string } | null } }[]).map((k) => [
        k.kiloClassId,
        k.bookability.action ?? k.bookability.reason?.code,
      ]),
    );
    expect(said).toEqual(
      new Map([[started!.id, 'started'], [reserved!.id, 'already_reserved'], [full!.id, 'full'], ...rest.map((m) => [m.id, 'book'] as const)]),
    );
    const res = await staff.post('/api/athlete-kilo-classes/create-bulk/', body);
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result.count).toBe(rest.length);
    expect(result.results.map((r: { kiloClass: string }) => r.kiloClass).sort()).toEqual(rest.map((m) => m.id).sort());
    expect(result.results[0]).toMatchObject({
      athlete: a.athleteId,
      gym: w.gym.id,
      isReserved: true,
      isCheckedIn: false,
      isCredited: false,
      isWaitlisted: false,
    });
    expect(result.skipped).toEqual([
      { kiloClassId: started!.id, startDate: started!.startDate, reason: 'started' },
      { kiloClassId: reserved!.id, startDate: reserved!.startDate, reason: 'already_reserved' },
      { kiloClassId: full!.id, startDate: full!.startDate, reason: 'full' },
    ]);
    for (const other of [otherType, otherTime, otherRoom]) expect(await countOf(other.id)).toBe(0);
    const again = (await staff.post('/api/athlete-kilo-classes/create-bulk/', { ...body, startTime: `${time}:00` })).json();
    expect(again.count).toBe(0);
    expect(again.skipped).toHaveLength(made.length);
    expect(again.skipped.filter((s: { reason: string }) => s.reason === 'already_reserved')).toHaveLength(rest.length + 1);
  });

  it('refuses a start before today, an end before the start or beyond a year, bad weekdays and times, and other gyms', async () => {
    const base = {
      athlete: (await member()).athleteId,
      startDate: today(),
      endDate: addDays(today(), 7),
      days: '1,3,5',
      startTime: '06:00',
      kiloClassType: w.classType.id,
      location: null,
    };
    const post = (body: Record<string, unknown>) => staff.post('/api/athlete-kilo-classes/create-bulk/', { ...base, ...body });
    expect((await post({ startDate: addDays(today(), -1) })).json()).toMatchObject({
      message: reservationMessages.startBeforeToday,
      fields: { startDate: [reservationMessages.startBeforeToday] },
    });
    expect((await post({ endDate: addDays(today(), -1) })).json().message).toBe(eventMessages.endBeforeStart);
    expect((await post({ endDate: addDays(oneYearAfter(today()), 1) })).json().message).toBe(reservationMessages.endAfterOneYear);
    expect((await post({ endDate: oneYearAfter(today()) })).statusCode).toBe(201);
    expect((await post({ days: '' })).json().message).toBe(eventMessages.weekdaysRequired);
    expect((await post({ days: '1,9' })).json().message).toBe(eventMessages.weekdaysInvalid);
    expect((await post({ startTime: '6pm' })).json().message).toBe(eventMessages.timeFormat);
    const inactive = await t.make.athlete(w.gym.id, { login: false, isActive: false });
    const cls = await makeClass({ daysAhead: 1, time: '06:00' });
    const refused = await post({ athlete: inactive.athleteId, days: String(dayOfWeek(cls.startDate) + 1), location: w.location.id });
    expect([refused.statusCode, refused.json().message]).toEqual([400, reservationMessages.athleteInactive]);
    const ukOwner = await t.as(uk.owner);
    // Dates valid in the UK gym's own zone: the athlete is not its.
    const ukToday = todayOf(uk.gym);
    const foreign = await ukOwner.post('/api/athlete-kilo-classes/create-bulk/', { ...base, startDate: ukToday, endDate: addDays(ukToday, 7) });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, reservationMessages.athleteNotFound]);
  });
});

describe('a class start: check-ins and walk-ins at once', () => {
  it('leaves one record when two kiosks send the same walk-in id at once', async () => {
    const cls = await makeClass({ capacity: 5 });
    const a = await member();
    const id = randomUUID();
    const [k1, k2] = [staff, await t.as(w.owner)];
    const body = { athleteKiloClassId: id, athlete: a.athleteId, kiloClass: cls.id, isReserved: false, isCheckedIn: true };
    await Promise.all([csrfReady(k1), csrfReady(k2)]);
    const answers = await Promise.all([
      k1.post('/api/athlete-kilo-classes/', body),
      k2.post('/api/athlete-kilo-classes/', body),
      k1.post('/api/athlete-kilo-classes/', body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.eventId, cls.id), eq(reservations.athleteId, a.athleteId)));
    expect(rows).toHaveLength(1);
  });

  it('checks in a burst of walk-ins side by side: each sent twice, one record each; a second id for one is refused', async () => {
    const cls = await makeClass({ capacity: 5 });
    const walkIns = (await members(20)).map((m) => ({
      athleteKiloClassId: randomUUID(),
      athlete: m.athleteId,
      kiloClass: cls.id,
      isReserved: false,
      isCheckedIn: true,
    }));
    const other = { ...walkIns[0]!, athleteKiloClassId: randomUUID() };
    await csrfReady(staff);
    const answers = await Promise.all([...walkIns, ...walkIns].map((body) => staff.post('/api/athlete-kilo-classes/', body)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect((await staff.post('/api/athlete-kilo-classes/', other)).statusCode).toBe(409);
    const rows = await t.db.select({ isCheckedIn: reservations.isCheckedIn }).from(reservations).where(eq(reservations.eventId, cls.id));
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.isCheckedIn)).toBe(true);
  });

  it('answers 20 check-ins and 10 walk-ins sent at once (two grouped statements with FAST_WRITES); taps the locked path decides keep their answers', async () => {
    const cls = await makeClass({ capacity: 30 });
    const [reserved, walking] = [await members(20), await members(10)];
    const reservationIds = await t.make.reserve(
      cls,
      reserved.map((a) => a.athleteId),
    );
    const walkInIds = walking.map(() => randomUUID());
    const start = () =>
      Promise.all([
        Promise.all(reservationIds.map((id) => updateReservation(ctx(), writer(), 'class', id, { isCheckedIn: true }))),
        Promise.all(
          walking.map((a, i) =>
            createReservation(ctx(), writer(), 'class', { id: walkInIds[i], athleteId: a.athleteId, eventId: cls.id, isReserved: false, isCheckedIn: true }),
          ),
        ),
      ]);
    const {
      count: sent,
      result: [checkedIn, walkedIn],
    } = await statements(start);
    // One UPDATE for the 20 taps and one transaction for the 10 walk-ins.
    if (fastWrites) expect(sent).toBe(2);
    expect(checkedIn.map((r) => [r.id, r.athleteId, r.isCheckedIn, r.isReserved])).toEqual(
      reservationIds.map((id, i) => [id, reserved[i]!.athleteId, true, true]),
    );
    expect(walkedIn.map((r) => [r.created, r.record.id, r.record.athleteId, r.record.isCheckedIn, r.record.isReserved])).toEqual(
      walkInIds.map((id, i) => [true, id, walking[i]!.athleteId, true, false]),
    );
    const rows = await t.db.select().from(reservations).where(eq(reservations.eventId, cls.id));
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.isCheckedIn && r.checkedInAt !== null && r.updatedByUserId === w.staff.userId)).toBe(true);

    // Together with them: a late-cancelled reservation, another gym's caller, an athlete's tap on someone else's
    // reservation, a walk-in of an athlete already checked in, an inactive athlete and an unknown class. Each gets
    // the answer it gets alone, and the others still pass.
    const [marked] = await t.make.reserve(cls, [(await member()).athleteId], { isLateCancel: true });
    const [tapped] = await t.make.reserve(cls, [(await member()).athleteId]);
    const inactive = await t.make.athlete(w.gym.id, { login: false, isActive: false });
    const [late, fresh] = await members(2);
    const athlete = { ...writer(), actorUserId: me.userId!, ownAthleteId: me.athleteId };
    const walkIn = (athleteId: string, eventId = cls.id) =>
      createReservation(ctx(), writer(), 'class', { id: randomUUID(), athleteId, eventId, isReserved: false, isCheckedIn: true });
    const settled = await Promise.allSettled([
      updateReservation(ctx(), writer(), 'class', marked!, { isCheckedIn: true }),
      updateReservation(ctx(), { ...writer(), gymId: uk.gym.id }, 'class', tapped!, { isCheckedIn: true }),
      updateReservation(ctx(), athlete, 'class', tapped!, { isCheckedIn: true }),
      updateReservation(ctx(), writer(), 'class', reservationIds[0]!, { isCheckedIn: false }),
      walkIn(walking[0]!.athleteId),
      walkIn(inactive.athleteId),
      walkIn(late!.athleteId, randomUUID()),
      walkIn(fresh!.athleteId),
    ]);
    const outcome = (s: PromiseSettledResult<unknown>) => (s.status === 'rejected' ? (s.reason as { statusCode: number }).statusCode : 'ok');
    expect(settled.map(outcome)).toEqual([400, 404, 403, 'ok', 409, 400, 404, 'ok']);
    expect((await reservationOf(marked!))!.isCheckedIn).toBe(false);
    expect((await reservationOf(tapped!))!.isCheckedIn).toBe(false);
    expect((await reservationOf(reservationIds[0]!))!).toMatchObject({ isCheckedIn: false, checkedInAt: null });
  });

  it.runIf(fastWrites)('runs a group that the database ends in a deadlock on the locked path; any other failure fails its requests only', async () => {
    const cls = await makeClass({ capacity: 30 });
    const reservationIds = await t.make.reserve(
      cls,
      (await members(6)).map((m) => m.athleteId),
    );
    const taps = (ids: string[]) => Promise.allSettled(ids.map((id) => updateReservation(ctx(), writer(), 'class', id, { isCheckedIn: true })));
    // The next grouped statement fails as the driver would fail it (Drizzle wraps the driver's error).
    const failNextGroup = (code: string) => {
      let groups = 0;
      const restore = interceptDriverQueries(t.db, (text) => {
        if (!text.includes('json_to_recordset')) return undefined;
        groups++;
        return groups === 1 ? Promise.reject(Object.assign(new Error('deadlock detected'), { code })) : undefined;
      });
      return { groups: () => groups, restore };
    };

    const deadlock = failNextGroup('40P01');
    const done = await taps(reservationIds.slice(0, 3)).finally(deadlock.restore);
    expect(done.map((d) => d.status === 'fulfilled' && d.value.isCheckedIn)).toEqual([true, true, true]);
    // The group ran once; its three requests then took the locked path, one at a time.
    expect(deadlock.groups()).toBe(1);

    const other = failNextGroup('53300');
    const failed = await taps(reservationIds.slice(3)).finally(other.restore);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(other.groups()).toBe(1);
    const states = await t.db.select({ isCheckedIn: reservations.isCheckedIn }).from(reservations).where(eq(reservations.eventId, cls.id));
    expect(states.filter((r) => r.isCheckedIn)).toHaveLength(3);
    // The next group runs as usual.
    expect((await taps(reservationIds.slice(3))).map((d) => d.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('refuses a walk-in of an athlete the gym has since deactivated, and takes one past capacity', async () => {
    const cls = await makeClass({ capacity: 1 });
    await t.make.reserve(cls, [(await member()).athleteId]);
    const a = await member();
    await t.db.update(athletes).set({ isActive: false }).where(eq(athletes.id, a.athleteId));
    const body = { athleteKiloClassId: randomUUID(), athlete: a.athleteId, kiloClass: cls.id, isReserved: false, isCheckedIn: true };
    expect((await staff.post('/api/athlete-kilo-classes/', body)).statusCode).toBe(400);
    await t.db.update(athletes).set({ isActive: true }).where(eq(athletes.id, a.athleteId));
    expect((await staff.post('/api/athlete-kilo-classes/', body)).statusCode).toBe(201);
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/`)).json().event).toMatchObject({ capacity: 1, attendeeCount: 2 });
  });
});

describe('the waitlist of a full class (issue 16)', () => {
  const book = (athleteId: string, eventId: string, joinWaitlist = true) =>
    staff.post('/api/athlete-kilo-classes/', { athlete: athleteId, kiloClass: eventId, joinWaitlist });

  it('joins the line in order when asked, refuses when not asked, and answers each place in line', async () => {
    const cls = await makeClass({ capacity: 1 });
    const [a, b, c, d] = await members(4);
    expect((await book(a!.athleteId, cls.id)).json()).toMatchObject({ isReserved: true, isWaitlisted: false, waitlistPosition: null });
    const refused = await book(b!.athleteId, cls.id, false);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([409, 'event_full', reservationMessages.classFull]);
    const first = await book(b!.athleteId, cls.id);
    expect([first.statusCode, first.json().isReserved, first.json().isWaitlisted, first.json().waitlistPosition]).toEqual([201, false, true, 1]);
    expect((await book(c!.athleteId, cls.id)).json().waitlistPosition).toBe(2);
    expect((await book(d!.athleteId, cls.id)).json().waitlistPosition).toBe(3);
    // Waiting holds no place: the kiosk still counts one.
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/`)).json().event).toMatchObject({ capacity: 1, attendeeCount: 1 });
    // Leaving the line moves those behind up.
    expect((await staff.delete(`/api/athlete-kilo-classes/${first.json().athleteKiloClassId}/`)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.eventId, cls.id), eq(reservations.isWaitlisted, true)));
    expect(rows.map((r) => r.athleteId).sort()).toEqual([c!.athleteId, d!.athleteId].sort());
    const [cAgain] = await t.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.eventId, cls.id), eq(reservations.athleteId, c!.athleteId)));
    expect((await staff.put(`/api/athlete-kilo-classes/${cAgain!.id}/`, {})).json().waitlistPosition).toBe(1);
  });

  it('promotes the first in line when a place frees: a cancel, then a late cancel', async () => {
    const cls = await makeClass({ capacity: 2 });
    const [a, b, c, d] = await members(4);
    // Credited places (only those can be marked a late cancel), then two in line.
    const held = await t.make.reserve(cls, [a!.athleteId, b!.athleteId]);
    const waiting = [(await book(c!.athleteId, cls.id)).json(), (await book(d!.athleteId, cls.id)).json()];
    expect(waiting.map((r) => r.waitlistPosition)).toEqual([1, 2]);
    await staff.delete(`/api/athlete-kilo-classes/${held[0]}/`);
    expect(await reservationOf(waiting[0].athleteKiloClassId)).toMatchObject({ isReserved: true, isWaitlisted: false, waitlistSeq: null });
    expect(await reservationOf(waiting[1].athleteKiloClassId)).toMatchObject({ isReserved: false, isWaitlisted: true });
    expect((await staff.put(`/api/athlete-kilo-classes/${held[1]}/`, { isLateCancel: true })).statusCode).toBe(200);
    expect(await reservationOf(waiting[1].athleteKiloClassId)).toMatchObject({ isReserved: true, isWaitlisted: false });
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/`)).json().event).toMatchObject({ capacity: 2, attendeeCount: 2 });
  });

  it('promotes nobody once the class has started, and a check-in takes someone off the line as a walk-in', async () => {
    const cls = await makeClass({ capacity: 1, daysAhead: 0, time: '00:01' });
    const [a, b, c] = await members(3);
    const [heldId] = await t.make.reserve(cls, [a!.athleteId]);
    const [waitingId, otherId] = await t.make.reserve(cls, [b!.athleteId, c!.athleteId], { isWaitlisted: true });
    await staff.delete(`/api/athlete-kilo-classes/${heldId}/`);
    expect(await reservationOf(waitingId!)).toMatchObject({ isWaitlisted: true, isReserved: false });
    const walkedIn = await staff.put(`/api/athlete-kilo-classes/${otherId}/`, { isCheckedIn: true });
    expect([walkedIn.statusCode, walkedIn.json().isWaitlisted, walkedIn.json().isCheckedIn, walkedIn.json().waitlistPosition]).toEqual([
      200,
      false,
      true,
      null,
    ]);
    expect((await staff.put(`/api/athlete-kilo-classes/${waitingId}/`, {})).json().waitlistPosition).toBe(1);
  });

  it('has no waitlist for appointments', async () => {
    const appt = await t.make.event(w.gym, { kind: 'appointment', daysAhead: 1, time: '09:00', capacity: 1 });
    const [a, b] = await members(2);
    await t.make.reserve(appt, [a!.athleteId]);
    const res = await staff.post('/api/athlete-appointments/', { athlete: b!.athleteId, appointment: appt.id, joinWaitlist: true });
    expect([res.statusCode, res.json().code]).toEqual([409, 'event_full']);
  });
});

describe("the class type's booking and waitlist settings (issue 16)", () => {
  // The fixed clock is 14:30 in Chicago: a class at 15:30 today starts in an hour.
  const classOf = async (settings: Parameters<TestApp['make']['classType']>[1], o: Parameters<TestApp['make']['event']>[1] = {}) => {
    const type = await t.make.classType(w.gym.id, settings);
    return t.make.event(w.gym, { classTypeId: type.id, taxRateId: w.taxRate.id, cancellationFeeMinor: 1500, ...o });
  };
  const athleteClient = async () => {
    const a = await t.make.athlete(w.gym.id);
    return { a, client: await t.as({ userId: a.userId!, profileId: a.profileId }) };
  };

  it('lets athletes book only inside the window; the front desk books at any time', async () => {
    const far = await classOf({ bookingOpensDays: 2 }, { daysAhead: 3, time: '06:00' });
    const soon = await classOf({ bookingClosesMinutes: 120 }, { daysAhead: 0, time: '15:30' });
    const { a, client } = await athleteClient();
    const early = await client.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: far.id });
    expect([early.statusCode, early.json().code, early.json().message]).toEqual([409, 'booking_not_open', reservationMessages.bookingNotOpen]);
    const late = await client.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: soon.id });
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([409, 'booking_closed', reservationMessages.bookingClosed]);
    expect(await countOf(far.id)).toBe(0);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: far.id })).statusCode).toBe(201);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: a.athleteId, kiloClass: soon.id })).statusCode).toBe(201);
  });

  it('refuses a line where the class type has none or it is full, and promotes nobody after the promotion cut-off', async () => {
    const none = await classOf({ waitlistEnabled: false }, { daysAhead: 2, capacity: 1 });
    const small = await classOf({ waitlistSize: 1 }, { daysAhead: 2, capacity: 1 });
    const [x, y, z] = await members(3);
    await t.make.reserve(none, [x!.athleteId]);
    const refused = await staff.post('/api/athlete-kilo-classes/', { athlete: y!.athleteId, kiloClass: none.id, joinWaitlist: true });
    expect([refused.statusCode, refused.json().message]).toEqual([409, reservationMessages.noWaitlist]);
    await t.make.reserve(small, [x!.athleteId]);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: y!.athleteId, kiloClass: small.id, joinWaitlist: true })).json().waitlistPosition).toBe(
      1,
    );
    const full = await staff.post('/api/athlete-kilo-classes/', { athlete: z!.athleteId, kiloClass: small.id, joinWaitlist: true });
    expect([full.statusCode, full.json().code, full.json().message]).toEqual([409, 'waitlist_full', reservationMessages.waitlistFull]);

    const closing = await classOf({ promotionCutoffMinutes: 180 }, { daysAhead: 0, time: '16:30', capacity: 1 });
    const [held] = await t.make.reserve(closing, [x!.athleteId]);
    const [waiting] = await t.make.reserve(closing, [y!.athleteId], { isWaitlisted: true });
    await staff.delete(`/api/athlete-kilo-classes/${held}/`);
    expect(await reservationOf(waiting!)).toMatchObject({ isWaitlisted: true, isReserved: false });
  });

  it("makes an athlete's own cancel inside the cut-off a late cancel with the class's fee, and promotes the first in line", async () => {
    const cls = await classOf({ lateCancelCutoffMinutes: 120 }, { daysAhead: 0, time: '15:30', capacity: 1 });
    const { a, client } = await athleteClient();
    const [mine] = await t.make.reserve(cls, [a.athleteId], { isCredited: false });
    const [waiting] = await t.make.reserve(cls, [(await member()).athleteId], { isWaitlisted: true });
    const schedule = (await client.get(`/api/schedule/${cls.id}/`)).json();
    expect(schedule.event.cancellation).toEqual({ isLate: true, feeMinor: 1500, cutoffMinutes: 120 });
    expect((await client.delete(`/api/athlete-kilo-classes/${mine}/`)).statusCode).toBe(200);
    expect(await reservationOf(mine!)).toMatchObject({ isLateCancel: true, chargeFeeMinor: 1500, chargeDate: today(), taxRateId: w.taxRate.id });
    expect(await chargeOf(mine!)).toMatchObject({ reason: 'late_cancel', amountMinor: 1500, collectOn: today() });
    expect(await reservationOf(waiting!)).toMatchObject({ isReserved: true, isWaitlisted: false });

    // Before the cut-off it is a plain cancel: the reservation goes, no charge.
    const early = await classOf({ lateCancelCutoffMinutes: 120 }, { daysAhead: 1, time: '15:30' });
    const [booked] = await t.make.reserve(early, [a.athleteId]);
    expect((await client.get(`/api/schedule/${early.id}/`)).json().event.cancellation.isLate).toBe(false);
    await client.delete(`/api/athlete-kilo-classes/${booked}/`);
    expect(await reservationOf(booked!)).toBeUndefined();
  });
});
