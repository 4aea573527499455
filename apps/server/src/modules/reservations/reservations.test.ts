import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, dayOfWeek, kioskMessages } from '@spotter/shared';
import { countDriverQueries, createTestApp, interceptDriverQueries, type ApiClient, type TestApp } from '../../../test/helper';
import { queryRows } from '../../db/client';
import { appointments, athleteClassReservations, athletes, charges, profiles } from '../../db/schema';
import { athletesOf, ironTemple, makeClass, reserve, todayIn } from './kiosk.fixtures';
import { KINDS } from './kinds';
import { createReservation, oneYearAfter, updateReservation } from './reservations.repository';

let t: TestApp;
let ids: Awaited<ReturnType<typeof ironTemple>>;
let members: { id: string; fullName: string }[];
let staff: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  ids = await ironTemple(t.db);
  members = (await athletesOf(t.db, ids.gymId, 110)).filter((a) => a.id !== ids.athleteId);
  staff = await t.login('staff@example.com');
});
afterAll(async () => {
  await t.close();
});

let next = 0;
/** A member no other test of this file uses. */
const member = () => members[next++]!;

const reservationOf = async (id: string) => (await t.db.select().from(athleteClassReservations).where(eq(athleteClassReservations.id, id)))[0];
const chargeOf = async (reservationId: string) => (await t.db.select().from(charges).where(eq(charges.classReservationId, reservationId)))[0];

async function asAthlete(): Promise<ApiClient> {
  const c = await t.login('athlete@example.com');
  const [profile] = await queryRows<{ id: string }>(t.db, sql`select p.id from profiles p join athletes a on a.profile_id = p.id where a.id = ${ids.athleteId}`);
  expect((await c.post('/api/auth/select-profile/', { profileId: profile!.id })).statusCode).toBe(200);
  return c;
}

describe('POST /api/athlete-kilo-classes/', () => {
  it('reserves, answers the same record for the same id, and 409s a second id for the same athlete', async () => {
    const cls = await makeClass(t.db);
    const a = member();
    const id = randomUUID();
    const res = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: a.id, kiloClass: cls.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      athleteKiloClassId: id, kiloClass: cls.id, athlete: a.id, gym: ids.gymId, isReserved: true, isCheckedIn: false, isWaitlisted: false,
      isLateCancel: false, isNoShow: false, isCredited: false, chargeFee: null, hasPastDueBills: expect.any(Boolean), hasUnsignedDocuments: expect.any(Boolean),
    });
    const again = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: a.id, kiloClass: cls.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const other = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: a.id, kiloClass: cls.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'already_reserved', message: `${a.fullName} already has a reservation for this class.` });
    const taken = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: member().id, kiloClass: cls.id });
    expect(taken.json()).toMatchObject({ code: 'reservation_id_taken', message: kioskMessages.reservationIdTaken });
    const generated = await staff.post('/api/athlete-kilo-classes/', { athlete: member().id, kiloClass: cls.id });
    expect(generated.statusCode).toBe(201);
    expect(generated.json().athleteKiloClassId).toEqual(expect.any(String));
  });

  it('checks in a walk-in with its own id, even into a full class; refuses a reservation of a full class', async () => {
    const cls = await makeClass(t.db, { capacity: 2 });
    await reserve(t.db, ids.gymId, cls.id, [member().id, member().id]);
    const full = await staff.post('/api/athlete-kilo-classes/', { athlete: member().id, kiloClass: cls.id, isReserved: true });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'event_full', message: kioskMessages.classFull });
    const walkIn = await staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: member().id, kiloClass: cls.id, isReserved: false, isCheckedIn: true });
    expect(walkIn.statusCode).toBe(201);
    expect(walkIn.json()).toMatchObject({ isReserved: false, isCheckedIn: true });
    expect((await reservationOf(walkIn.json().athleteKiloClassId))!.checkedInAt).toBeInstanceOf(Date);
    const detail = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(detail.event.attendeeCount).toBe(3);
  });

  it('refuses bad payloads, other gyms and inactive athletes with clear messages', async () => {
    const cls = await makeClass(t.db);
    const neither = await staff.post('/api/athlete-kilo-classes/', { athlete: member().id, kiloClass: cls.id, isReserved: false, isCheckedIn: false });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(kioskMessages.reservedOrCheckedIn);
    const missing = await staff.post('/api/athlete-kilo-classes/', { kiloClass: cls.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.athlete).toBeDefined();
    const [ukAthlete] = await queryRows<{ id: string }>(t.db, sql`select id from athletes where gym_id = ${ids.ukGymId} limit 1`);
    const foreignAthlete = await staff.post('/api/athlete-kilo-classes/', { athlete: ukAthlete!.id, kiloClass: cls.id });
    expect(foreignAthlete.statusCode).toBe(404);
    expect(foreignAthlete.json().message).toBe(kioskMessages.athleteNotFound);
    const uk = await t.login('uk-owner@example.com');
    const foreignClass = await uk.post('/api/athlete-kilo-classes/', { athlete: ukAthlete!.id, kiloClass: cls.id });
    expect(foreignClass.statusCode).toBe(404);
    expect(foreignClass.json().message).toBe(kioskMessages.classNotFound);
    const inactive = member();
    await t.db.update(athletes).set({ isActive: false }).where(eq(athletes.id, inactive.id));
    const refused = await staff.post('/api/athlete-kilo-classes/', { athlete: inactive.id, kiloClass: cls.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(kioskMessages.athleteInactive);
  });

  it('answers walk-ins (one INSERT … SELECT) with the same rules and record as reservations', async () => {
    const cls = await makeClass(t.db);
    const walkIn = (athlete: string, id: string = randomUUID(), client: ApiClient = staff, kiloClass: string = cls.id) =>
      client.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete, kiloClass, isReserved: false, isCheckedIn: true });
    // An athlete with a past-due bill and an unsigned document: the warnings come back from the insert itself.
    const [flagged] = await queryRows<{ id: string }>(t.db, sql`select a.id from athletes a where a.gym_id = ${ids.gymId} and a.is_active
      and exists (select 1 from invoices i where i.athlete_id = a.id and i.status = 'past_due')
      and exists (select 1 from documents d where d.athlete_id = a.id and d.signed_at is null)
      and not exists (select 1 from athlete_kilo_classes r where r.athlete_id = a.id and r.class_id = ${cls.id}) limit 1`);
    const id = randomUUID();
    // The session and the insert; a replay reads the record once more.
    const { count: statements, result: first } = await countDriverQueries(t.db, () => walkIn(flagged!.id, id));
    expect(statements).toBe(2);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ athleteKiloClassId: id, kiloClass: cls.id, athlete: flagged!.id, gym: ids.gymId, isReserved: false, isCheckedIn: true, hasPastDueBills: true, hasUnsignedDocuments: true });
    const { count: replayStatements, result: replay } = await countDriverQueries(t.db, () => walkIn(flagged!.id, id));
    expect(replayStatements).toBe(3);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await walkIn(flagged!.id)).json()).toMatchObject({ code: 'already_reserved' });
    expect((await walkIn(member().id, id)).json()).toMatchObject({ code: 'reservation_id_taken' });
    // An athlete of the same gym with neither: the warnings are the athlete's own, not anyone's in the gym.
    const [clear] = await queryRows<{ id: string }>(t.db, sql`select a.id from athletes a where a.gym_id = ${ids.gymId} and a.is_active
      and not exists (select 1 from invoices i where i.athlete_id = a.id and i.status = 'past_due')
      and not exists (select 1 from documents d where d.athlete_id = a.id and d.signed_at is null)
      and not exists (select 1 from athlete_kilo_classes r where r.athlete_id = a.id and r.class_id = ${cls.id}) limit 1`);
    const clearWalkIn = await walkIn(clear!.id);
    expect(clearWalkIn.json()).toMatchObject({ athlete: clear!.id, hasPastDueBills: false, hasUnsignedDocuments: false });
    const clearTap = await staff.put(`/api/athlete-kilo-classes/${clearWalkIn.json().athleteKiloClassId}/`, { isCheckedIn: true });
    expect(clearTap.json()).toMatchObject({ hasPastDueBills: false, hasUnsignedDocuments: false });

    const [ukAthlete] = await queryRows<{ id: string }>(t.db, sql`select id from athletes where gym_id = ${ids.ukGymId} limit 1`);
    const foreignAthlete = await walkIn(ukAthlete!.id);
    expect([foreignAthlete.statusCode, foreignAthlete.json().message]).toEqual([404, kioskMessages.athleteNotFound]);
    const foreignClass = await walkIn(ukAthlete!.id, randomUUID(), await t.login('uk-owner@example.com'));
    expect([foreignClass.statusCode, foreignClass.json().message]).toEqual([404, kioskMessages.classNotFound]);
    const unknownClass = await walkIn(member().id, randomUUID(), staff, randomUUID());
    expect([unknownClass.statusCode, unknownClass.json().message]).toEqual([404, kioskMessages.classNotFound]);
    const inactive = member();
    await t.db.update(athletes).set({ isActive: false }).where(eq(athletes.id, inactive.id));
    const refused = await walkIn(inactive.id);
    expect([refused.statusCode, refused.json().message]).toEqual([400, kioskMessages.athleteInactive]);
    const someoneElse = await walkIn(member().id, randomUUID(), await asAthlete());
    expect(someoneElse.statusCode).toBe(403);
    const rows = await queryRows<{ athleteId: string }>(t.db, sql`select athlete_id as "athleteId" from athlete_kilo_classes where class_id = ${cls.id} order by registration_datetime`);
    expect(rows).toEqual([{ athleteId: flagged!.id }, { athleteId: clear!.id }]);
  });

  it('answers the same walk-in sent twice at once with one INSERT: the first 201, the second a 200 replay of it', async () => {
    const cls = await makeClass(t.db);
    const athlete = member().id;
    const id = randomUUID();
    // Two calls before either has awaited anything: the second waits for the first instead of a second INSERT.
    const writer = { gymId: ids.gymId, timeZone: 'America/Chicago', actorUserId: ids.staffUserId, ownAthleteId: null };
    const input = { id, athleteId: athlete, eventId: cls.id, isReserved: false, isCheckedIn: true };
    const { count, result } = await countDriverQueries(t.db, () =>
      Promise.all([createReservation(t.db, KINDS.class, writer, input), createReservation(t.db, KINDS.class, writer, input)]),
    );
    expect(count).toBe(1);
    expect(result.map((r) => r.created)).toEqual([true, false]);
    expect(result[1]!.record).toEqual(result[0]!.record);
    // Once it is over, the same walk-in again is an ordinary replay.
    expect((await createReservation(t.db, KINDS.class, writer, input)).created).toBe(false);

    // Over HTTP, however the two interleave: one 201, one 200 with the same record, one row.
    const body = { athleteKiloClassId: randomUUID(), athlete: member().id, kiloClass: cls.id, isReserved: false, isCheckedIn: true };
    const both = await Promise.all([1, 2].map(() => staff.post('/api/athlete-kilo-classes/', body)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    // A different athlete with the same id is not the same request: the database refuses it.
    const [other, same] = await Promise.all([
      staff.post('/api/athlete-kilo-classes/', { ...body, athlete: member().id }),
      staff.post('/api/athlete-kilo-classes/', body),
    ]);
    expect([other.statusCode, other.json().code]).toEqual([409, 'reservation_id_taken']);
    expect(same.statusCode).toBe(200);
    const rows = await queryRows<{ id: string }>(t.db, sql`select id from athlete_kilo_classes where class_id = ${cls.id} order by id`);
    expect(rows).toEqual([{ id }, { id: body.athleteKiloClassId }].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('reserves and checks in appointments the same way', async () => {
    const [appointment] = await queryRows<{ id: string; capacity: number }>(t.db, sql`select id, capacity from appointments where gym_id = ${ids.gymId} and capacity = 3 order by starts_at limit 1`);
    // Seeded full (three of three): two more places, for members the seed did not already book on it.
    await t.db.update(appointments).set({ capacity: 5 }).where(eq(appointments.id, appointment!.id));
    const booked = new Set((await queryRows<{ athleteId: string }>(t.db, sql`select athlete_id as "athleteId" from athlete_appointments where appointment_id = ${appointment!.id}`)).map((r) => r.athleteId));
    const unbooked = () => {
      for (;;) {
        const a = member();
        if (!booked.has(a.id)) return a;
      }
    };
    const id = randomUUID();
    const res = await staff.post('/api/athlete-appointments/', { athleteAppointmentId: id, athlete: unbooked().id, appointment: appointment!.id });
    expect([res.statusCode, res.json().message]).toEqual([201, undefined]);
    expect(res.json()).toMatchObject({ athleteAppointmentId: id, appointment: appointment!.id, isReserved: true });
    expect(res.json()).not.toHaveProperty('isWaitlisted');
    expect((await staff.post('/api/athlete-appointments/', { athlete: unbooked().id, appointment: appointment!.id })).statusCode).toBe(201);
    const full = await staff.post('/api/athlete-appointments/', { athlete: unbooked().id, appointment: appointment!.id });
    expect(full.json()).toMatchObject({ code: 'event_full', message: kioskMessages.appointmentFull });
    const put = await staff.put(`/api/athlete-appointments/${id}/`, { isCheckedIn: true });
    expect(put.json()).toMatchObject({ isCheckedIn: true, isReserved: true });
    const uk = await t.login('uk-owner@example.com');
    expect((await uk.put(`/api/athlete-appointments/${id}/`, { isCheckedIn: false })).statusCode).toBe(404);
    expect((await uk.delete(`/api/athlete-appointments/${id}/`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/athlete-appointments/${id}/`)).json()).toEqual({ detail: 'Reservation successfully deleted.' });
  });
});

describe('PUT /api/athlete-kilo-classes/{id}/', () => {
  it('toggles the check-in and keeps isReserved and registrationDatetime whatever is sent', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const before = (await reservationOf(id!))!;
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true, isReserved: false, registrationDatetime: '2000-01-01T00:00:00Z', athlete: member().id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isCheckedIn: true, isReserved: true, registrationDatetime: before.registrationDatetime.toISOString(), athlete: before.athleteId });
    const after = (await reservationOf(id!))!;
    expect(after.checkedInAt).toBeInstanceOf(Date);
    expect(after.updatedByUserId).toBe(ids.staffUserId);
    // Two kiosks tapping the same athlete again: still checked in, at the first tap's time.
    const again = await Promise.all([1, 2].map(() => staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })));
    expect(again.map((r) => [r.statusCode, r.json().isCheckedIn])).toEqual([[200, true], [200, true]]);
    expect((await reservationOf(id!))!.checkedInAt).toEqual(after.checkedInAt);
    const off = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: false });
    expect(off.json().isCheckedIn).toBe(false);
    expect((await reservationOf(id!))!.checkedInAt).toBeNull();
  });

  it('answers the same check-in tap sent twice at once with one UPDATE; a different tap or caller is its own request', async () => {
    const cls = await makeClass(t.db);
    const [id, otherId] = await reserve(t.db, ids.gymId, cls.id, [member().id, member().id]);
    const writer = { gymId: ids.gymId, timeZone: 'America/Chicago', actorUserId: ids.staffUserId, ownAthleteId: null };
    // Two calls before either has awaited anything: the second waits for the first instead of a second UPDATE.
    const { count, result } = await countDriverQueries(t.db, () =>
      Promise.all([updateReservation(t.db, KINDS.class, writer, id!, { isCheckedIn: true }), updateReservation(t.db, KINDS.class, writer, id!, { isCheckedIn: true })]),
    );
    expect(count).toBe(1);
    expect(result[0]).toMatchObject({ id, isCheckedIn: true });
    expect(result[1]).toEqual(result[0]);
    // Once it is over, the same tap again is a statement of its own.
    expect((await countDriverQueries(t.db, () => updateReservation(t.db, KINDS.class, writer, id!, { isCheckedIn: true }))).count).toBe(1);
    // The opposite tap, another reservation or another caller is not the same request.
    const [owner] = await queryRows<{ id: string }>(t.db, sql`select id from users where email = 'owner@example.com'`);
    const other = { ...writer, actorUserId: owner!.id };
    const mixed = await countDriverQueries(t.db, () =>
      Promise.all([
        updateReservation(t.db, KINDS.class, writer, otherId!, { isCheckedIn: true }),
        updateReservation(t.db, KINDS.class, other, otherId!, { isCheckedIn: true }),
        updateReservation(t.db, KINDS.class, writer, id!, { isCheckedIn: false }),
      ]),
    );
    // The different reservations' taps share one grouped UPDATE (decision 016); the same reservation's second tap
    // never joins the first's group, nor runs beside it.
    expect(mixed.count).toBe(2);
    expect(mixed.result.map((r) => r.isCheckedIn)).toEqual([true, true, false]);
    // A failure reaches both callers and is not kept: a reservation of another gym is not found either way.
    const uk = { ...writer, gymId: randomUUID() };
    const failed = await Promise.allSettled([1, 2].map(() => updateReservation(t.db, KINDS.class, uk, id!, { isCheckedIn: true })));
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(false);

    // Over HTTP, the pair answers 200 twice with the same record, whichever way the two interleave.
    const both = await Promise.all([1, 2].map(() => staff.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    expect((await reservationOf(id!))!.isCheckedIn).toBe(true);
  });

  it('marks a late cancel with the default fee and tax rate, records the charge, and clears it again', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isLateCancel: true, isNoShow: false, chargeFee: '15.00', taxRate: ids.taxRateId, chargeDate: todayIn(), chargeNow: false, deductCredit: false });
    expect(await chargeOf(id!)).toMatchObject({ reason: 'late_cancel', amountMinor: 1500, taxRateId: ids.taxRateId, collectOn: todayIn(), chargeNow: false, creditDeduction: 0, createdByUserId: ids.staffUserId, gymId: ids.gymId });
    expect((await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json().count).toBe(0);

    const later = addDays(todayIn(), 5);
    const changed = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeDate: later, chargeFee: '7.5', taxRate: null, deductCredit: true });
    expect(changed.json()).toMatchObject({ chargeFee: '7.50', chargeDate: later, taxRate: null, deductCredit: true });
    expect(await chargeOf(id!)).toMatchObject({ amountMinor: 750, collectOn: later, taxRateId: null, creditDeduction: 1 });
    expect((await t.db.select().from(charges).where(eq(charges.classReservationId, id!))).length).toBe(1);

    const cleared = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: false });
    expect(cleared.json()).toMatchObject({ isLateCancel: false, chargeFee: null, chargeDate: null });
    expect(await chargeOf(id!)).toBeUndefined();
  });

  it('marks a no show charged now at a chosen fee, deducting the no-show credits', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const res = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: true, chargeNow: true, chargeDate: addDays(todayIn(), 9), chargeFee: 12, deductCredit: true });
    expect(res.json()).toMatchObject({ isNoShow: true, chargeNow: true, chargeDate: todayIn(), chargeFee: '12.00' });
    expect(await chargeOf(id!)).toMatchObject({ reason: 'no_show', amountMinor: 1200, chargeNow: true, collectOn: todayIn(), creditDeduction: 2 });
    const waived = await staff.put(`/api/athlete-kilo-classes/${id}/`, { chargeFee: '0' });
    expect(waived.json()).toMatchObject({ chargeFee: '0.00', chargeNow: true });
    expect(await chargeOf(id!)).toMatchObject({ amountMinor: 0 });
  });

  it('refuses late cancel with no show, uncredited and checked-in reservations, and check-ins of marked ones', async () => {
    const cls = await makeClass(t.db);
    const [credited, uncredited, checkedIn] = await reserve(t.db, ids.gymId, cls.id, [member().id, member().id, member().id]);
    await t.db.update(athleteClassReservations).set({ isCredited: false }).where(eq(athleteClassReservations.id, uncredited!));
    await t.db.update(athleteClassReservations).set({ isCheckedIn: true }).where(eq(athleteClassReservations.id, checkedIn!));

    const both = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: true, isNoShow: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(kioskMessages.lateCancelXorNoShow);
    expect((await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: true })).statusCode).toBe(200);
    const switched = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isNoShow: true });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({ message: kioskMessages.lateCancelXorNoShow, fields: { isNoShow: [kioskMessages.lateCancelXorNoShow] } });
    const checkIn = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isCheckedIn: true });
    expect(checkIn.json().message).toBe(kioskMessages.clearMarkBeforeCheckIn);
    const both2 = await staff.put(`/api/athlete-kilo-classes/${credited}/`, { isLateCancel: false, isCheckedIn: true });
    expect(both2.json()).toMatchObject({ isLateCancel: false, isCheckedIn: true });

    const notCredited = await staff.put(`/api/athlete-kilo-classes/${uncredited}/`, { isNoShow: true });
    expect(notCredited.statusCode).toBe(400);
    expect(notCredited.json().message).toBe(kioskMessages.notCredited);
    const afterCheckIn = await staff.put(`/api/athlete-kilo-classes/${checkedIn}/`, { isLateCancel: true });
    expect(afterCheckIn.statusCode).toBe(400);
    expect(afterCheckIn.json().message).toBe(kioskMessages.checkedInCannotBeMarked);
    expect(await chargeOf(uncredited!)).toBeUndefined();
  });

  it('validates the collection date, the fee and the tax rate', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const past = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeDate: addDays(todayIn(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: kioskMessages.chargeDateBeforeToday, fields: { chargeDate: [kioskMessages.chargeDateBeforeToday] } });
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: '-1.00' })).json().message).toBe(kioskMessages.feeNegative);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: -3 })).json().message).toBe(kioskMessages.feeNegative);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: '1.234' })).json().message).toBe(kioskMessages.feeFormat);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeFee: 'ten' })).json().message).toBe(kioskMessages.feeFormat);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, chargeDate: '2026-02-31' })).json().message).toBe(kioskMessages.dateInvalid);
    const [ukRate] = await queryRows<{ id: string }>(t.db, sql`select id from tax_rates where gym_id = ${ids.ukGymId} limit 1`);
    const foreignRate = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true, taxRate: ukRate!.id });
    expect(foreignRate.json()).toMatchObject({ message: kioskMessages.taxRateNotFound, fields: { taxRate: [kioskMessages.taxRateNotFound] } });
    expect((await reservationOf(id!))!.isLateCancel).toBe(false);
    expect(await chargeOf(id!)).toBeUndefined();
  });

  it('does not let a cleared late cancel overfill the class', async () => {
    const cls = await makeClass(t.db, { capacity: 1 });
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    expect((await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: true })).statusCode).toBe(200);
    expect((await staff.post('/api/athlete-kilo-classes/', { athlete: member().id, kiloClass: cls.id })).statusCode).toBe(201);
    const back = await staff.put(`/api/athlete-kilo-classes/${id}/`, { isLateCancel: false });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(kioskMessages.classFull);
  });

  it('answers 404 for unknown ids and for other gyms', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const unknown = await staff.put(`/api/athlete-kilo-classes/${randomUUID()}/`, { isCheckedIn: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(kioskMessages.reservationNotFound);
    const uk = await t.login('uk-owner@example.com');
    expect((await uk.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true })).statusCode).toBe(404);
    expect((await uk.delete(`/api/athlete-kilo-classes/${id}/`)).statusCode).toBe(404);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(false);
  });
});

describe('DELETE /api/athlete-kilo-classes/{id}/', () => {
  it('deletes the reservation and keeps a recorded charge', async () => {
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    await staff.put(`/api/athlete-kilo-classes/${id}/`, { isNoShow: true });
    const charge = (await chargeOf(id!))!;
    const res = await staff.delete(`/api/athlete-kilo-classes/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Reservation successfully deleted.' });
    expect(await reservationOf(id!)).toBeUndefined();
    expect((await t.db.select().from(charges).where(eq(charges.id, charge.id)))[0]).toMatchObject({ classReservationId: null, amountMinor: 3000 });
    const again = await staff.delete(`/api/athlete-kilo-classes/${id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(kioskMessages.reservationNotFound);
  });
});

describe('an athlete profile', () => {
  it('changes only its own reservations and cannot mark late cancels or no shows', async () => {
    const athlete = await asAthlete();
    const cls = await makeClass(t.db);
    const [others] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const mine = await athlete.post('/api/athlete-kilo-classes/', { athlete: ids.athleteId, kiloClass: cls.id });
    expect(mine.statusCode).toBe(201);
    const forOther = await athlete.post('/api/athlete-kilo-classes/', { athlete: member().id, kiloClass: cls.id });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toMatchObject({ code: 'own_reservations_only', message: kioskMessages.athletesOwnOnly });
    expect((await athlete.put(`/api/athlete-kilo-classes/${others}/`, { isCheckedIn: true })).statusCode).toBe(403);
    expect((await athlete.delete(`/api/athlete-kilo-classes/${others}/`)).statusCode).toBe(403);
    expect((await athlete.put(`/api/athlete-kilo-classes/${mine.json().athleteKiloClassId}/`, { isCheckedIn: true })).json().isCheckedIn).toBe(true);
    await t.db.update(athleteClassReservations).set({ isCredited: true, isCheckedIn: false }).where(eq(athleteClassReservations.id, mine.json().athleteKiloClassId));
    const mark = await athlete.put(`/api/athlete-kilo-classes/${mine.json().athleteKiloClassId}/`, { isLateCancel: true });
    expect(mark.statusCode).toBe(403);
    expect(mark.json().message).toBe(kioskMessages.staffOnlyCharges);
  });
});

describe('an athlete profile with no athlete record', () => {
  it('changes no reservation: 403 before any statement, nothing changed', async () => {
    const [user] = await queryRows<{ id: string }>(t.db, sql`select id from users where email = 'coach3.iron@example.com'`);
    const [profile] = await t.db.insert(profiles).values({ userId: user!.id, gymId: ids.gymId, role: 'athlete' }).returning({ id: profiles.id });
    const c = await t.login('coach3.iron@example.com');
    expect((await c.post('/api/auth/select-profile/', { profileId: profile!.id })).statusCode).toBe(200);
    const cls = await makeClass(t.db);
    const [id] = await reserve(t.db, ids.gymId, cls.id, [member().id]);
    const tap = await c.put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true });
    expect([tap.statusCode, tap.json().code]).toEqual([403, 'own_reservations_only']);
    const walkIn = await c.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: member().id, kiloClass: cls.id, isReserved: false, isCheckedIn: true });
    expect(walkIn.statusCode).toBe(403);
    expect((await reservationOf(id!))!.isCheckedIn).toBe(false);
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from athlete_kilo_classes where class_id = ${cls.id}`);
    expect(n!.n).toBe(1);
  });
});

describe('POST /api/athlete-kilo-classes/create-bulk/', () => {
  it('reserves every matching class, skipping reserved and full ones, and answers what it created', async () => {
    const a = member();
    const time = '04:30';
    const made = [];
    for (const daysAhead of [1, 2, 3, 8, 9]) made.push(await makeClass(t.db, { daysAhead, time, capacity: 2 }));
    const [reserved, full, ...rest] = made;
    await reserve(t.db, ids.gymId, reserved!.id, [a.id]);
    await reserve(t.db, ids.gymId, full!.id, [member().id, member().id]);
    const codes = [...new Set(made.map((m) => dayOfWeek(m.date) + 1))].join(',');
    const res = await staff.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: a.id, startDate: todayIn(), endDate: addDays(todayIn(), 10), days: codes, startTime: time, kiloClassType: ids.classTypeId, location: ids.locationId,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.count).toBe(rest.length);
    expect(body.results.map((r: { kiloClass: string }) => r.kiloClass).sort()).toEqual(rest.map((m) => m.id).sort());
    expect(body.results[0]).toMatchObject({ athlete: a.id, isReserved: true, isCheckedIn: false, isCredited: false });
    expect(body.skipped).toEqual(expect.arrayContaining([
      { kiloClassId: reserved!.id, startDate: reserved!.date, reason: 'already_reserved' },
      { kiloClassId: full!.id, startDate: full!.date, reason: 'full' },
    ]));
    const again = (await staff.post('/api/athlete-kilo-classes/create-bulk/', {
      athlete: a.id, startDate: todayIn(), endDate: addDays(todayIn(), 10), days: codes, startTime: `${time}:00`, kiloClassType: ids.classTypeId, location: ids.locationId,
    })).json();
    expect(again.count).toBe(0);
    expect(again.skipped).toHaveLength(made.length);
  });

  it('refuses a start before today, an end before the start or beyond a year, and no weekdays', async () => {
    const base = { athlete: member().id, startDate: todayIn(), endDate: addDays(todayIn(), 7), days: '1,3,5', startTime: '06:00', kiloClassType: ids.classTypeId, location: null };
    const post = (body: Record<string, unknown>) => staff.post('/api/athlete-kilo-classes/create-bulk/', { ...base, ...body });
    expect((await post({ startDate: addDays(todayIn(), -1) })).json()).toMatchObject({ message: kioskMessages.startBeforeToday, fields: { startDate: [kioskMessages.startBeforeToday] } });
    expect((await post({ endDate: addDays(todayIn(), -1) })).json().message).toBe(kioskMessages.endBeforeStart);
    expect((await post({ endDate: addDays(oneYearAfter(todayIn()), 1) })).json().message).toBe(kioskMessages.endAfterOneYear);
    expect((await post({ endDate: oneYearAfter(todayIn()) })).statusCode).toBe(201);
    expect((await post({ days: '' })).json().message).toBe(kioskMessages.weekdaysRequired);
    expect((await post({ days: '1,9' })).json().message).toBe(kioskMessages.weekdaysInvalid);
    expect((await post({ startTime: '6pm' })).json().message).toBe(kioskMessages.timeFormat);
    const uk = await t.login('uk-owner@example.com');
    // Dates valid in the UK gym's own zone (its today may already be tomorrow in Iron Temple's): the athlete is not its.
    const ukToday = todayIn('Europe/London');
    expect((await uk.post('/api/athlete-kilo-classes/create-bulk/', { ...base, startDate: ukToday, endDate: addDays(ukToday, 7) })).statusCode).toBe(404);
  });
});

// Real concurrency on the server-postgres project; PGlite runs the same requests one transaction at a time.
describe('concurrency', () => {
  it('leaves one record when two kiosks send the same walk-in id at once', async () => {
    const cls = await makeClass(t.db, { capacity: 5 });
    const a = member();
    const id = randomUUID();
    const [k1, k2] = [staff, await t.login('owner@example.com')];
    const body = { athleteKiloClassId: id, athlete: a.id, kiloClass: cls.id, isReserved: false, isCheckedIn: true };
    const answers = await Promise.all([k1.post('/api/athlete-kilo-classes/', body), k2.post('/api/athlete-kilo-classes/', body), k1.post('/api/athlete-kilo-classes/', body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().athleteKiloClassId))).toEqual(new Set([id]));
    const rows = await t.db.select().from(athleteClassReservations).where(and(eq(athleteClassReservations.classId, cls.id), eq(athleteClassReservations.athleteId, a.id)));
    expect(rows).toHaveLength(1);
  });

  it('checks in a burst of walk-ins side by side: each sent twice, one record each; a second id for one is refused', async () => {
    const cls = await makeClass(t.db, { capacity: 5 });
    const walkIns = Array.from({ length: 20 }, () => ({ athleteKiloClassId: randomUUID(), athlete: member().id, kiloClass: cls.id, isReserved: false, isCheckedIn: true }));
    const other = { ...walkIns[0]!, athleteKiloClassId: randomUUID() };
    const answers = await Promise.all([...walkIns, ...walkIns].map((body) => staff.post('/api/athlete-kilo-classes/', body)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect((await staff.post('/api/athlete-kilo-classes/', other)).statusCode).toBe(409);
    const [n] = await queryRows<{ n: number; checkedIn: number }>(t.db, sql`select count(*)::int as n, count(*) filter (where is_checked_in)::int as "checkedIn"
      from athlete_kilo_classes where class_id = ${cls.id}`);
    expect(n).toEqual({ n: 20, checkedIn: 20 });
  });

  it('answers a class start of check-ins and walk-ins at once in two grouped statements; taps the full path decides keep their answers', async () => {
    const cls = await makeClass(t.db, { capacity: 30 });
    const writer = { gymId: ids.gymId, timeZone: 'America/Chicago', actorUserId: ids.staffUserId, ownAthleteId: null };
    const [reserved, walking] = [members.slice(0, 20), members.slice(20, 30)];
    const reservationIds = await reserve(t.db, ids.gymId, cls.id, reserved.map((a) => a.id));
    const walkInIds = walking.map(() => randomUUID());
    const start = () =>
      Promise.all([
        Promise.all(reservationIds.map((id) => updateReservation(t.db, KINDS.class, writer, id, { isCheckedIn: true }))),
        Promise.all(walking.map((a, i) => createReservation(t.db, KINDS.class, writer, { id: walkInIds[i], athleteId: a.id, eventId: cls.id, isReserved: false, isCheckedIn: true }))),
      ]);
    const { count, result: [checkedIn, walkedIn] } = await countDriverQueries(t.db, start);
    // One UPDATE for the 20 taps and one INSERT for the 10 walk-ins.
    expect(count).toBe(2);
    expect(checkedIn.map((r) => [r.id, r.athleteId, r.isCheckedIn, r.isReserved])).toEqual(reservationIds.map((id, i) => [id, reserved[i]!.id, true, true]));
    expect(walkedIn.map((r) => [r.created, r.record.id, r.record.athleteId, r.record.isCheckedIn, r.record.isReserved])).toEqual(
      walkInIds.map((id, i) => [true, id, walking[i]!.id, true, false]),
    );
    const [n] = await queryRows<{ n: number; checkedIn: number; byStaff: number }>(t.db, sql`select count(*)::int as n, count(*) filter (where is_checked_in and checked_in_at is not null)::int as "checkedIn",
      count(*) filter (where updated_by_user_id = ${ids.staffUserId})::int as "byStaff" from athlete_kilo_classes where class_id = ${cls.id}`);
    expect(n).toEqual({ n: 30, checkedIn: 30, byStaff: 30 });

    // In one group with them: a late-cancelled reservation, another gym's caller, an athlete's tap on someone else's
    // reservation, a walk-in of an athlete already checked in, an inactive athlete and an unknown class. Each gets
    // the answer it gets alone, and the others still pass.
    const [marked] = await reserve(t.db, ids.gymId, cls.id, [members[30]!.id], { isLateCancel: true });
    const [tapped] = await reserve(t.db, ids.gymId, cls.id, [members[31]!.id]);
    const [inactive] = await queryRows<{ id: string }>(t.db, sql`select id from athletes where gym_id = ${ids.gymId} and not is_active limit 1`);
    const athlete = { ...writer, ownAthleteId: ids.athleteId };
    const walkIn = (athleteId: string, eventId = cls.id) => createReservation(t.db, KINDS.class, writer, { id: randomUUID(), athleteId, eventId, isReserved: false, isCheckedIn: true });
    const settled = await Promise.allSettled([
      updateReservation(t.db, KINDS.class, writer, marked!, { isCheckedIn: true }),
      updateReservation(t.db, KINDS.class, { ...writer, gymId: ids.ukGymId }, tapped!, { isCheckedIn: true }),
      updateReservation(t.db, KINDS.class, athlete, tapped!, { isCheckedIn: true }),
      updateReservation(t.db, KINDS.class, writer, reservationIds[0]!, { isCheckedIn: false }),
      walkIn(walking[0]!.id),
      walkIn(inactive!.id),
      walkIn(members[32]!.id, randomUUID()),
      walkIn(members[33]!.id),
    ]);
    const outcome = (s: PromiseSettledResult<unknown>) =>
      s.status === 'rejected' ? (s.reason as { statusCode: number; code?: string }).statusCode : 'ok';
    expect(settled.map(outcome)).toEqual([400, 404, 403, 'ok', 409, 400, 404, 'ok']);
    expect((await reservationOf(marked!))!.isCheckedIn).toBe(false);
    expect((await reservationOf(tapped!))!.isCheckedIn).toBe(false);
    expect((await reservationOf(reservationIds[0]!))!).toMatchObject({ isCheckedIn: false, checkedInAt: null });
  });

  it('runs a group that the database ends in a deadlock as single statements; any other failure fails its requests only', async () => {
    const cls = await makeClass(t.db, { capacity: 30 });
    const writer = { gymId: ids.gymId, timeZone: 'America/Chicago', actorUserId: ids.staffUserId, ownAthleteId: null };
    const reservationIds = await reserve(t.db, ids.gymId, cls.id, members.slice(40, 46).map((a) => a.id));
    const taps = (ids: string[]) => Promise.allSettled(ids.map((id) => updateReservation(t.db, KINDS.class, writer, id, { isCheckedIn: true })));
    // The next grouped statement fails as the driver would fail it (Drizzle wraps the driver's error).
    const failNextGroup = (code: string) => {
      const seen: string[] = [];
      const restore = interceptDriverQueries(t.db, (text) => {
        seen.push(text.includes('json_to_recordset') ? 'group' : 'single');
        const firstGroup = text.includes('json_to_recordset') && seen.filter((q) => q === 'group').length === 1;
        return firstGroup ? Promise.reject(Object.assign(new Error('deadlock detected'), { code })) : undefined;
      });
      return { seen, restore };
    };

    const deadlock = failNextGroup('40P01');
    const done = await taps(reservationIds.slice(0, 3)).finally(deadlock.restore);
    expect(done.map((d) => d.status === 'fulfilled' && d.value.isCheckedIn)).toEqual([true, true, true]);
    expect(deadlock.seen).toEqual(['group', 'single', 'single', 'single']);

    const full = failNextGroup('53300');
    const failed = await taps(reservationIds.slice(3)).finally(full.restore);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(full.seen).toEqual(['group']);
    const states = await t.db.select({ isCheckedIn: athleteClassReservations.isCheckedIn }).from(athleteClassReservations).where(eq(athleteClassReservations.classId, cls.id));
    expect(states.filter((r) => r.isCheckedIn)).toHaveLength(3);
    // The next group runs as usual.
    expect((await taps(reservationIds.slice(3))).map((d) => d.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('never reserves more than capacity: 30 athletes at once for 10 places', async () => {
    const cls = await makeClass(t.db, { capacity: 10 });
    const thirty = Array.from({ length: 30 }, () => member());
    const answers = await Promise.all(thirty.map((a) => staff.post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: a.id, kiloClass: cls.id })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(20);
    expect(refused.every((r) => r.statusCode === 409 && r.json().message === kioskMessages.classFull)).toBe(true);
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from athlete_kilo_classes where class_id = ${cls.id}`);
    expect(n!.n).toBe(10);
  });

  it('keeps capacity when a bulk reservation races single ones', async () => {
    const time = '03:45';
    const cls = await makeClass(t.db, { capacity: 3, daysAhead: 5, time });
    const bulkAthlete = member();
    const singles = Array.from({ length: 6 }, () => member());
    await Promise.all([
      staff.post('/api/athlete-kilo-classes/create-bulk/', { athlete: bulkAthlete.id, startDate: todayIn(), endDate: addDays(todayIn(), 6), days: String(dayOfWeek(cls.date) + 1), startTime: time, kiloClassType: ids.classTypeId, location: ids.locationId }),
      ...singles.map((a) => staff.post('/api/athlete-kilo-classes/', { athlete: a.id, kiloClass: cls.id })),
    ]);
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from athlete_kilo_classes where class_id = ${cls.id}`);
    expect(n!.n).toBe(3);
  });
});
