import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { appointmentMessages, fromZoned, ineligibleMessage, reservationMessages } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';
import { databaseDigest } from '../../../test/digest';
import {
  charges,
  creditLedger,
  domainEvents,
  eventCoaches,
  events,
  mailOutbox,
  packageAppointmentTypes,
  reservations,
  staff as staffTable,
} from '../../db/schema';

// Wednesday 2026-03-04, 14:30 in Chicago. Thursday the 5th is weekday 4; Sunday the 8th is the spring-forward day.
fixClock(TEST_NOW);
const ZONE = 'America/Chicago';
const THU = '2026-03-05';
const FRI = '2026-03-06';

type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
type Slot = { staffId: string; coachName: string; startsAt: string; endsAt: string; startTime: string };
let t: TestApp;
let w: KioskGym;
let me: Athlete;
let asMe: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  me = await t.make.athlete(w.gym.id, { firstName: 'Sam', lastName: 'Rivera' });
  asMe = await t.as({ userId: me.userId!, profileId: me.profileId });
  // Issue 18: an athlete books their own appointment only on a package that covers it (see 'on a package' below).
  await t.make.athletePackage(w.gym.id, me.athleteId, { pkg: { coversAllAppointmentTypes: true, name: 'Unlimited with coaching' } });
});
afterAll(async () => {
  await t.close();
});

/** A coach of their own (tests share dates) offering a type of their own, with hours on Thursday 09:00–12:00 by default. */
async function offering(o: { type?: Parameters<TestApp['make']['appointmentType']>[1]; hours?: [number, string, string][]; firstName?: string } = {}) {
  const coach = await t.make.staff(w.gym.id, { firstName: o.firstName ?? 'Casey', lastName: 'Coach' });
  const type = await t.make.appointmentType(w.gym.id, {
    name: `Personal Training ${randomUUID().slice(0, 6)}`,
    durationMinutes: 60,
    priceMinor: 6000,
    taxRateId: w.taxRate.id,
    cancellationFeeMinor: 2500,
    noShowFeeMinor: 4000,
    lateCancelCutoffMinutes: 12 * 60,
    ...o.type,
  });
  await t.make.offer(w.gym.id, type.id, [coach.staffId]);
  await t.make.coachHours(w.gym.id, coach.staffId, o.hours ?? [[4, '09:00', '12:00']]);
  return { coach, type };
}

const slotsOf = async (client: ApiClient, typeId: string, date: string, staffId?: string) => {
  const res = await client.get(`/api/appointment-slots/?appointmentTypeId=${typeId}&date=${date}${staffId ? `&staffId=${staffId}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { slots: Slot[]; timeZone: string; country: string; date: string; durationMinutes: number };
};
const startTimes = async (typeId: string, date: string, staffId?: string) => (await slotsOf(asMe, typeId, date, staffId)).slots.map((s) => s.startTime);
const at = (date: string, time: string) => fromZoned(date, time, ZONE).toISOString();
const book = (client: ApiClient, o: { typeId: string; staffId: string; date?: string; time?: string; athleteId?: string }) =>
  client.post('/api/appointment-bookings/', {
    appointmentTypeId: o.typeId,
    staffId: o.staffId,
    startsAt: at(o.date ?? THU, o.time ?? '09:00'),
    athleteId: o.athleteId ?? me.athleteId,
  });

describe('GET /api/appointment-slots/ (issue 16)', () => {
  it("starts every 15 minutes inside the coach's hours, with the type's buffer inside them too", async () => {
    const { coach, type } = await offering({ type: { bufferMinutes: 15 } });
    const answer = await slotsOf(asMe, type.id, THU);
    expect(answer).toMatchObject({ timeZone: ZONE, country: 'US', date: THU, durationMinutes: 60 });
    expect(answer.slots.map((s) => s.startTime)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45']);
    expect(answer.slots[0]).toEqual({
      staffId: coach.staffId,
      coachName: 'Casey Coach',
      startsAt: '2026-03-05T15:00:00.000Z',
      endsAt: '2026-03-05T16:00:00.000Z',
      startTime: '09:00',
    });
    // No hours on Friday.
    expect(await startTimes(type.id, FRI)).toEqual([]);
  });

  it('keeps clear of the classes and appointments the coach is busy with (with their buffer) and of their time off', async () => {
    const { coach, type } = await offering({
      hours: [
        [4, '09:00', '12:00'],
        [5, '09:00', '12:00'],
      ],
    });
    await t.make.event(w.gym, { classTypeId: w.classType.id, date: THU, time: '10:00', coachIds: [coach.staffId] });
    // A cancelled class does not keep its coach.
    await t.make.event(w.gym, { classTypeId: w.classType.id, date: THU, time: '09:00', cancelledAt: new Date(), coachIds: [coach.staffId] });
    await t.make.timeOff(w.gym.id, coach.staffId, new Date(at(THU, '11:30')), new Date(at(THU, '13:00')), 'Dentist');
    expect(await startTimes(type.id, THU)).toEqual(['09:00']);
    // Friday: an intro session of 30 minutes at 10:00 with 30 minutes of buffer keeps the coach until 11:00.
    const intro = await t.make.appointmentType(w.gym.id, { durationMinutes: 30, bufferMinutes: 30 });
    await t.make.event(w.gym, { kind: 'appointment', appointmentTypeId: intro.id, date: FRI, time: '10:00', durationMinutes: 30, coachIds: [coach.staffId] });
    expect(await startTimes(type.id, FRI)).toEqual(['09:00', '11:00']);
  });

  it('offers nothing sooner than an hour from now', async () => {
    const { type } = await offering({ hours: [[3, '14:00', '17:00']] });
    expect(await startTimes(type.id, '2026-03-04')).toEqual(['15:30', '15:45', '16:00']);
  });

  it('starts a 09:00–12:00 window at 09:00 local on the spring-forward day in Chicago', async () => {
    const { type } = await offering({ hours: [[7, '09:00', '12:00']] });
    const { slots } = await slotsOf(asMe, type.id, '2026-03-08');
    expect(slots.map((s) => s.startTime)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(slots[0]!.startsAt).toBe('2026-03-08T14:00:00.000Z');
  });

  it('offers the coaches who offer the type (coaches, not others), one of them when asked', async () => {
    const { coach, type } = await offering({ firstName: 'Zed' });
    const second = await t.make.staff(w.gym.id, { firstName: 'Abby', lastName: 'Lane' });
    const notOffering = await t.make.staff(w.gym.id);
    const noLongerCoach = await t.make.staff(w.gym.id);
    await t.make.offer(w.gym.id, type.id, [second.staffId, noLongerCoach.staffId]);
    await t.db.update(staffTable).set({ isCoach: false }).where(eq(staffTable.id, noLongerCoach.staffId));
    for (const s of [second, notOffering, noLongerCoach]) await t.make.coachHours(w.gym.id, s.staffId, [[4, '11:00', '12:00']]);
    const { slots } = await slotsOf(asMe, type.id, THU);
    expect(slots.filter((s) => s.startTime === '11:00').map((s) => s.coachName)).toEqual(['Abby Lane', 'Zed Coach']);
    expect(new Set(slots.map((s) => s.staffId))).toEqual(new Set([coach.staffId, second.staffId]));
    expect((await slotsOf(asMe, type.id, THU, second.staffId)).slots.map((s) => s.startTime)).toEqual(['11:00']);
    // Staff read them too (the calendar books on an athlete's behalf).
    expect((await slotsOf(await t.as(w.staff), type.id, THU)).slots).toHaveLength(slots.length);
  });

  it('reads a fixed number of statements whatever the number of coaches', async () => {
    const { type } = await offering();
    const few = await countDriverQueries(t.db, () => asMe.get(`/api/appointment-slots/?appointmentTypeId=${type.id}&date=${THU}`));
    for (let i = 0; i < 4; i++) {
      const c = await t.make.staff(w.gym.id);
      await t.make.offer(w.gym.id, type.id, [c.staffId]);
      await t.make.coachHours(w.gym.id, c.staffId, [
        [4, '06:00', '12:00'],
        [4, '13:00', '20:00'],
      ]);
      await t.make.event(w.gym, { classTypeId: w.classType.id, date: THU, time: `0${6 + i}:00`, coachIds: [c.staffId] });
      await t.make.timeOff(w.gym.id, c.staffId, new Date(at(THU, '15:00')), new Date(at(THU, '16:00')));
    }
    const many = await countDriverQueries(t.db, () => asMe.get(`/api/appointment-slots/?appointmentTypeId=${type.id}&date=${THU}`));
    expect(many.count).toBe(few.count);
    expect((await slotsOf(asMe, type.id, THU)).slots.length).toBeGreaterThan(40);
  });

  it("answers 404 for an archived type or another gym's, and 400 for a date that does not exist", async () => {
    const archived = await t.make.appointmentType(w.gym.id, { archivedAt: new Date() });
    const foreign = await t.make.appointmentType((await t.make.gym()).id);
    for (const id of [archived.id, foreign.id, randomUUID()]) {
      const res = await asMe.get(`/api/appointment-slots/?appointmentTypeId=${id}&date=${THU}`);
      expect([res.statusCode, res.json().message]).toEqual([404, appointmentMessages.typeNotFound]);
    }
    expect((await asMe.get(`/api/appointment-slots/?appointmentTypeId=${archived.id}&date=2026-02-30`)).statusCode).toBe(400);
    const farOff = await asMe.get(`/api/appointment-slots/?appointmentTypeId=${archived.id}&date=9999-12-31`);
    expect([farOff.statusCode, farOff.json().message]).toEqual([400, 'Choose a date between 2000 and 2099.']);
    const booking = await asMe.post('/api/appointment-bookings/', {
      appointmentTypeId: archived.id,
      staffId: w.staff.staffId,
      startsAt: '9999-12-31T12:00:00Z',
      athleteId: me.athleteId,
    });
    expect(booking.statusCode).toBe(400);
  });
});

describe('POST /api/appointment-bookings/ (issue 16)', () => {
  it('books a free slot: the appointment, its lead coach and the reservation in one go, with a confirmation mail', async () => {
    const { coach, type } = await offering({ type: { bufferMinutes: 15, capacity: 1 } });
    const res = await book(asMe, { typeId: type.id, staffId: coach.staffId });
    expect(res.statusCode, res.body).toBe(201);
    const { appointment } = res.json();
    expect(res.json()).toMatchObject({ timeZone: ZONE, country: 'US', isTaxInclusive: false });
    expect(appointment).toMatchObject({
      appointmentTypeId: type.id,
      name: type.name,
      startDate: THU,
      startTime: '09:00',
      startsAt: '2026-03-05T15:00:00.000Z',
      endsAt: '2026-03-05T16:00:00.000Z',
      duration: 60,
      priceMinor: 6000,
      taxRate: { taxRateId: w.taxRate.id },
      isCancelled: false,
      myBooking: { isReserved: true, isLateCancel: false },
      cancellation: { isLate: false, feeMinor: 2500, cutoffMinutes: 720 },
      // Issue 33: the server says what the athlete can do with it.
      bookability: { action: 'cancel', reason: null },
    });
    expect(appointment.coaches).toEqual([{ staffId: coach.staffId, fullName: 'Casey Coach', role: 'lead' }]);

    const [event] = await t.db.select().from(events).where(eq(events.id, appointment.eventId));
    expect(event).toMatchObject({
      gymId: w.gym.id,
      kind: 'appointment',
      startTime: '09:00:00',
      capacity: 1,
      cancellationFeeMinor: 2500,
      noShowFeeMinor: 4000,
      taxRateId: w.taxRate.id,
      cancelledAt: null,
    });
    // The database keeps the coach until the end plus the type's buffer.
    expect([event!.endsAt.toISOString(), event!.busyUntil.toISOString()]).toEqual(['2026-03-05T16:00:00.000Z', '2026-03-05T16:15:00.000Z']);
    const coachRows = await t.db.select().from(eventCoaches).where(eq(eventCoaches.eventId, event!.id));
    expect(coachRows).toMatchObject([{ staffId: coach.staffId, role: 'lead', isCancelled: false }]);
    const [reservation] = await t.db.select().from(reservations).where(eq(reservations.eventId, event!.id));
    expect(reservation).toMatchObject({ athleteId: me.athleteId, isReserved: true, isCheckedIn: false });
    // Issue 33: the booking's domain event, once, in the booking's transaction.
    const recorded = await t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, reservation!.id));
    expect(recorded).toMatchObject([
      { gymId: w.gym.id, type: 'booking.created', payload: { athleteId: me.athleteId, eventId: event!.id, waitlisted: false }, schemaVersion: 1 },
    ]);

    expect(await startTimes(type.id, THU)).toEqual(['10:15', '10:30', '10:45']);
    const [outbox] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `appointment_booked:${reservation!.id}`));
    expect(outbox).toMatchObject({ kind: 'appointment_booked', toAddress: me.email, gymId: w.gym.id });
    t.mail.length = 0;
    await t.drainJobs();
    expect(t.mail).toHaveLength(1);
    expect(t.mail[0]).toMatchObject({ to: me.email, subject: `Booked: ${type.name} at ${w.gym.title}` });
    expect(t.mail[0]!.text).toContain(`Your ${type.name} with Casey Coach is booked for 03/05/2026 9:00 AM CST (60 minutes).`);
    expect(t.mail[0]!.text).toContain(`/appointments/${event!.id}`);
  });

  it('lets athletes book for themselves only, staff with Kiosk for anyone, and owners', async () => {
    const { coach, type } = await offering({ hours: [[4, '09:00', '17:00']] });
    const [member] = await t.make.athletes(w.gym.id, 1);
    const noKiosk = await t.as(await t.make.staff(w.gym.id, { permissions: ['AthleteView'] }));
    const before = await databaseDigest(t.db);
    const forOther = await book(asMe, { typeId: type.id, staffId: coach.staffId, athleteId: member!.athleteId });
    expect([forOther.statusCode, forOther.json().message]).toEqual([403, reservationMessages.athletesOwnOnly]);
    expect((await book(noKiosk, { typeId: type.id, staffId: coach.staffId, athleteId: member!.athleteId })).statusCode).toBe(403);
    expect(await databaseDigest(t.db)).toBe(before);

    const byDesk = await book(await t.as(w.staff), { typeId: type.id, staffId: coach.staffId, athleteId: member!.athleteId, time: '10:00' });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    expect(byDesk.json().appointment.myBooking.isReserved).toBe(true);
    const byOwner = await book(await t.as(w.owner), { typeId: type.id, staffId: coach.staffId, athleteId: me.athleteId, time: '13:00' });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    // The member has no email: only the owner's booking for Sam was mailed.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, me.email!))).toHaveLength(2);
  });

  it('refuses a time the slot rule no longer offers, a coach who does not offer the type and an unknown athlete, changing nothing', async () => {
    const { coach, type } = await offering();
    expect((await book(asMe, { typeId: type.id, staffId: coach.staffId, time: '10:00' })).statusCode).toBe(201);
    const other = await offering();
    const inactive = await t.make.athlete(w.gym.id, { login: false, isActive: false });
    const desk = await t.as(w.owner);
    const before = await databaseDigest(t.db);
    for (const time of ['10:00', '10:30', '09:10', '11:30']) {
      const res = await book(desk, { typeId: type.id, staffId: coach.staffId, time });
      expect([res.statusCode, res.json().code, res.json().message], time).toEqual([409, 'slot_taken', appointmentMessages.slotTaken]);
    }
    // Today, sooner than the notice.
    const soon = await book(desk, { typeId: type.id, staffId: coach.staffId, date: '2026-03-04', time: '15:00' });
    expect(soon.statusCode).toBe(409);
    const notOffered = await book(desk, { typeId: type.id, staffId: other.coach.staffId });
    expect([notOffered.statusCode, notOffered.json().message]).toEqual([400, appointmentMessages.coachNotOffered]);
    const nobody = await book(desk, { typeId: type.id, staffId: coach.staffId, athleteId: randomUUID() });
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, reservationMessages.athleteNotFound]);
    const notActive = await book(desk, { typeId: type.id, staffId: coach.staffId, athleteId: inactive.athleteId });
    expect([notActive.statusCode, notActive.json().message]).toEqual([400, reservationMessages.athleteInactive]);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('keeps one of two bookings of the same slot made at once (PGlite runs them one after the other)', async () => {
    const { coach, type } = await offering();
    const [a, b] = await t.make.athletes(w.gym.id, 2);
    const desk = await t.as(w.owner);
    const answers = await Promise.all([a, b].map((x) => book(desk, { typeId: type.id, staffId: coach.staffId, athleteId: x!.athleteId })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(appointmentMessages.slotTaken);
    const held = await t.db
      .select()
      .from(eventCoaches)
      .where(and(eq(eventCoaches.staffId, coach.staffId), eq(eventCoaches.isCancelled, false)));
    expect(held).toHaveLength(1);
  });
});

describe('cancelling an appointment (issue 16)', () => {
  it('cancels the appointment with its only booking, so the coach is free again', async () => {
    const { coach, type } = await offering();
    const booked = (await book(asMe, { typeId: type.id, staffId: coach.staffId })).json().appointment;
    expect(await startTimes(type.id, THU)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    const res = await asMe.delete(`/api/athlete-appointments/${booked.myBooking.reservationId}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(reservations).where(eq(reservations.eventId, booked.eventId))).toEqual([]);
    const [event] = await t.db.select().from(events).where(eq(events.id, booked.eventId));
    expect(event!.cancelledAt).not.toBeNull();
    expect((await t.db.select().from(eventCoaches).where(eq(eventCoaches.eventId, booked.eventId)))[0]!.isCancelled).toBe(true);
    expect((await startTimes(type.id, THU))[0]).toBe('09:00');
    expect((await book(asMe, { typeId: type.id, staffId: coach.staffId })).statusCode).toBe(201);
  });

  it("makes an athlete's own cancel inside the type's cut-off a late cancel with its fee, and still frees the coach", async () => {
    const { coach, type } = await offering({ type: { lateCancelCutoffMinutes: 24 * 60 } });
    const booked = (await book(asMe, { typeId: type.id, staffId: coach.staffId })).json().appointment;
    expect(booked.cancellation).toEqual({ isLate: true, feeMinor: 2500, cutoffMinutes: 1440 });
    const res = await asMe.delete(`/api/athlete-appointments/${booked.myBooking.reservationId}/`);
    expect(res.statusCode, res.body).toBe(200);
    const [reservation] = await t.db.select().from(reservations).where(eq(reservations.eventId, booked.eventId));
    expect(reservation).toMatchObject({ isLateCancel: true, chargeFeeMinor: 2500, taxRateId: w.taxRate.id });
    const [charge] = await t.db.select().from(charges).where(eq(charges.reservationId, reservation!.id));
    expect(charge).toMatchObject({ reason: 'late_cancel', amountMinor: 2500, athleteId: me.athleteId });
    expect((await t.db.select().from(events).where(eq(events.id, booked.eventId)))[0]!.cancelledAt).not.toBeNull();
    expect((await startTimes(type.id, THU))[0]).toBe('09:00');
    const detail = (await asMe.get(`/api/schedule/appointments/${booked.eventId}/`)).json();
    expect(detail.appointment).toMatchObject({
      isCancelled: true,
      myBooking: { isLateCancel: true },
      bookability: { action: null, reason: { code: 'cancelled' } },
    });
  });

  it('keeps a group appointment while someone holds a place, and cancels it with the last', async () => {
    const { coach, type } = await offering({ type: { capacity: 2 } });
    const [a, b] = await t.make.athletes(w.gym.id, 2);
    const desk = await t.as(w.staff);
    const booked = (await book(desk, { typeId: type.id, staffId: coach.staffId, athleteId: a!.athleteId })).json().appointment;
    const second = await desk.post('/api/athlete-appointments/', { appointment: booked.eventId, athlete: b!.athleteId });
    expect(second.statusCode, second.body).toBe(201);
    const rows = await t.db.select().from(reservations).where(eq(reservations.eventId, booked.eventId));
    const cancelledAt = async () => (await t.db.select().from(events).where(eq(events.id, booked.eventId)))[0]!.cancelledAt;
    expect((await desk.delete(`/api/athlete-appointments/${rows.find((r) => r.athleteId === a!.athleteId)!.id}/`)).statusCode).toBe(200);
    expect(await cancelledAt()).toBeNull();
    expect((await desk.delete(`/api/athlete-appointments/${rows.find((r) => r.athleteId === b!.athleteId)!.id}/`)).statusCode).toBe(200);
    expect(await cancelledAt()).not.toBeNull();
  });
});

describe("the athlete app's appointment reads (issue 16)", () => {
  it('lists the types athletes can book: not archived, offered by a coach, with price, tax rate and coaches', async () => {
    const gym = await t.make.kioskGym({ athletes: 0, country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
    const coach = await t.make.staff(gym.gym.id, { firstName: 'Ben', lastName: 'Hart' });
    const pt = await t.make.appointmentType(gym.gym.id, { name: 'Personal Training', priceMinor: 5000, taxRateId: gym.taxRate.id, durationMinutes: 45 });
    const lonely = await t.make.appointmentType(gym.gym.id, { name: 'Nobody offers it' });
    const archived = await t.make.appointmentType(gym.gym.id, { name: 'Archived', archivedAt: new Date() });
    await t.make.offer(gym.gym.id, pt.id, [coach.staffId]);
    await t.make.offer(gym.gym.id, archived.id, [coach.staffId]);
    const athlete = await t.make.athlete(gym.gym.id);
    const client = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    const res = await client.get('/api/schedule/appointment-types/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'Europe/London', country: 'GB', isTaxInclusive: true });
    expect(res.json().results).toEqual([
      expect.objectContaining({
        appointmentTypeId: pt.id,
        name: 'Personal Training',
        priceMinor: 5000,
        durationMinutes: 45,
        taxRate: expect.objectContaining({ taxRateId: gym.taxRate.id }),
        coaches: [{ staffId: coach.staffId, fullName: 'Ben Hart' }],
      }),
    ]);
    expect(res.json().results.some((r: { appointmentTypeId: string }) => r.appointmentTypeId === lonely.id)).toBe(false);
    expect((await (await t.as(gym.staff)).get('/api/schedule/appointment-types/')).statusCode).toBe(403);
    // Issue 18: whether a live package of the athlete covers each type (no package yet: none does).
    expect(res.json().results[0].isCovered).toBe(false);
    const nutrition = await t.make.appointmentType(gym.gym.id, { name: 'Nutrition' });
    await t.make.offer(gym.gym.id, nutrition.id, [coach.staffId]);
    const held = await t.make.athletePackage(gym.gym.id, athlete.athleteId, { pkg: { kind: 'class_pack', credits: 5, coversAllClassTypes: false } });
    await t.db.insert(packageAppointmentTypes).values({ packageId: held.packageId, appointmentTypeId: pt.id });
    const covered = (await client.get('/api/schedule/appointment-types/')).json().results as { name: string; isCovered: boolean }[];
    expect(covered.map((r) => [r.name, r.isCovered])).toEqual([
      ['Nutrition', false],
      ['Personal Training', true],
    ]);
    expect((await client.get(`/api/schedule/appointments/${pt.id}/`)).json().type.isCovered).toBe(true);
  });

  it("answers a bookable type or the athlete's own appointment by id, and 404 for anything else", async () => {
    const { coach, type } = await offering();
    const asType = (await asMe.get(`/api/schedule/appointments/${type.id}/`)).json();
    expect(asType).toMatchObject({ type: { appointmentTypeId: type.id }, appointment: null });
    const booked = (await book(asMe, { typeId: type.id, staffId: coach.staffId })).json().appointment;
    const mine = (await asMe.get(`/api/schedule/appointments/${booked.eventId}/`)).json();
    expect(mine).toMatchObject({ type: null, appointment: { eventId: booked.eventId, myBooking: { reservationId: booked.myBooking.reservationId } } });
    const stranger = await t.make.athlete(w.gym.id);
    const theirs = await t.as({ userId: stranger.userId!, profileId: stranger.profileId });
    for (const id of [booked.eventId, randomUUID()]) {
      const res = await theirs.get(`/api/schedule/appointments/${id}/`);
      expect([res.statusCode, res.json().message]).toEqual([404, appointmentMessages.notFound]);
    }
  });

  it("lists the athlete's upcoming appointments with their classes in My Events", async () => {
    const athlete = await t.make.athlete(w.gym.id);
    await t.make.athletePackage(w.gym.id, athlete.athleteId, { pkg: { coversAllAppointmentTypes: true } });
    const client = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    const { coach, type } = await offering();
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, date: THU, time: '06:00' });
    await t.make.reserve(cls, [athlete.athleteId]);
    const booked = (await book(client, { typeId: type.id, staffId: coach.staffId, athleteId: athlete.athleteId })).json().appointment;
    const page = (await client.get('/api/schedule/mine/?when=upcoming')).json();
    expect(page.count).toBe(2);
    expect(page.results.map((r: { eventId: string; kind: string; name: string }) => [r.eventId, r.kind, r.name])).toEqual([
      [cls.id, 'class', w.classType.name],
      [booked.eventId, 'appointment', type.name],
    ]);
  });
});

describe("an athlete's own appointment booking needs a package that covers it (issue 18)", () => {
  /** An athlete of the gym with a login, and a client signed in as them. */
  async function member() {
    const a = await t.make.athlete(w.gym.id);
    return { a, client: await t.as({ userId: a.userId!, profileId: a.profileId }) };
  }
  /** A package the athlete holds that covers these appointment types (and every class type unless told). */
  async function covering(athleteId: string, typeIds: string[], o: Parameters<TestApp['make']['athletePackage']>[2] = {}) {
    const held = await t.make.athletePackage(w.gym.id, athleteId, o);
    if (typeIds.length)
      await t.db.insert(packageAppointmentTypes).values(typeIds.map((appointmentTypeId) => ({ packageId: held.packageId, appointmentTypeId })));
    return held;
  }
  const balanceOf = async (athletePackageId: string) =>
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.athletePackageId, athletePackageId))
    )[0]!.n;
  const appointmentsOf = (typeId: string) => t.db.select().from(events).where(eq(events.appointmentTypeId, typeId));

  it('refuses an athlete with no package with 409 and the reason, writing nothing: no appointment, reservation nor mail', async () => {
    const { coach, type } = await offering();
    const { a, client } = await member();
    const before = await databaseDigest(t.db);
    const refused = await book(client, { typeId: type.id, staffId: coach.staffId, athleteId: a.athleteId });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'no_package',
      'You need a package that covers this appointment to book it.',
    ]);
    expect(await databaseDigest(t.db)).toBe(before);
    expect(await appointmentsOf(type.id)).toEqual([]);
    expect(await t.db.select().from(reservations).where(eq(reservations.athleteId, a.athleteId))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, a.email!))).toEqual([]);
    // The coach's time is still free.
    expect((await startTimes(type.id, THU))[0]).toBe('09:00');
  });

  it("books and credits on a package that lists the type, deducting the type's credits", async () => {
    const { coach, type } = await offering({ type: { bookingCreditCost: 2 } });
    const { a, client } = await member();
    const pack = await covering(a.athleteId, [type.id], {
      pkg: { kind: 'class_pack', credits: 5, coversAllClassTypes: false, name: `PT 5-pack ${randomUUID().slice(0, 6)}` },
    });
    const res = await book(client, { typeId: type.id, staffId: coach.staffId, athleteId: a.athleteId });
    expect(res.statusCode, res.body).toBe(201);
    const [reservation] = await t.db.select().from(reservations).where(eq(reservations.id, res.json().appointment.myBooking.reservationId));
    expect(reservation).toMatchObject({ athleteId: a.athleteId, isReserved: true, isCredited: true, athletePackageId: pack.id });
    expect(await balanceOf(pack.id)).toBe(3);
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.athletePackageId, pack.id), eq(creditLedger.reason, 'booking')));
    expect(ledger.map((r) => [r.delta, r.reservationId])).toEqual([[-2, reservation!.id]]);
    // Cancelled in time, the credits come back.
    expect((await client.delete(`/api/athlete-appointments/${reservation!.id}/`)).statusCode).toBe(200);
    expect(await balanceOf(pack.id)).toBe(5);
  });

  it('refuses on a package that covers only class types, or other appointment types, saying it does not cover the appointment', async () => {
    const { coach, type } = await offering();
    const other = await t.make.appointmentType(w.gym.id, { name: `Nutrition ${randomUUID().slice(0, 6)}` });
    const { a, client } = await member();
    const classesOnly = await t.make.athletePackage(w.gym.id, a.athleteId, { pkg: { name: `Unlimited classes ${randomUUID().slice(0, 6)}` } });
    expect([classesOnly.package.coversAllClassTypes, classesOnly.package.coversAllAppointmentTypes]).toEqual([true, false]);
    const before = await databaseDigest(t.db);
    const refused = await book(client, { typeId: type.id, staffId: coach.staffId, athleteId: a.athleteId });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'not_covered',
      `Your ${classesOnly.package.name} does not cover this appointment.`,
    ]);
    expect(await databaseDigest(t.db)).toBe(before);

    const { a: b, client: asB } = await member();
    const nutrition = await covering(b.athleteId, [other.id], { pkg: { coversAllClassTypes: false, name: `Nutrition pack ${randomUUID().slice(0, 6)}` } });
    const wrongType = await book(asB, { typeId: type.id, staffId: coach.staffId, athleteId: b.athleteId });
    expect([wrongType.statusCode, wrongType.json().code, wrongType.json().message]).toEqual([
      409,
      'not_covered',
      `Your ${nutrition.package.name} does not cover this appointment.`,
    ]);
    expect(await appointmentsOf(type.id)).toEqual([]);
  });

  it('refuses on a package on hold on the date, with the hold reason', async () => {
    const { coach, type } = await offering();
    const { a, client } = await member();
    const resting = await covering(a.athleteId, [], {
      status: 'on_hold',
      holdStartsOn: '2026-03-04',
      holdEndsOn: '2026-03-10',
      pkg: { coversAllAppointmentTypes: true, name: `Resting ${randomUUID().slice(0, 6)}` },
    });
    const refused = await book(client, { typeId: type.id, staffId: coach.staffId, athleteId: a.athleteId });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'on_hold',
      ineligibleMessage({ code: 'on_hold', packageName: resting.package.name }, 'appointment'),
    ]);
    expect(refused.json().message).toBe(`Your ${resting.package.name} is on hold on this date.`);
    expect(await appointmentsOf(type.id)).toEqual([]);
  });

  it('lets the front desk book anyway, uncredited', async () => {
    const { coach, type } = await offering();
    const { a } = await member();
    const byDesk = await book(await t.as(w.staff), { typeId: type.id, staffId: coach.staffId, athleteId: a.athleteId });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    const [reservation] = await t.db.select().from(reservations).where(eq(reservations.id, byDesk.json().appointment.myBooking.reservationId));
    expect(reservation).toMatchObject({ athleteId: a.athleteId, isReserved: true, isCredited: false, athletePackageId: null });
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.reservationId, reservation!.id))).toEqual([]);
  });

  it('applies the same rule when an athlete joins an existing appointment (POST athlete-appointments)', async () => {
    const { coach, type } = await offering({ type: { capacity: 3 } });
    const [first] = await t.make.athletes(w.gym.id, 1);
    const desk = await t.as(w.staff);
    const booked = (await book(desk, { typeId: type.id, staffId: coach.staffId, athleteId: first!.athleteId })).json().appointment;
    const { a, client } = await member();
    const before = await databaseDigest(t.db);
    const refused = await client.post('/api/athlete-appointments/', { appointment: booked.eventId, athlete: a.athleteId });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      409,
      'no_package',
      'You need a package that covers this appointment to book it.',
    ]);
    expect(await databaseDigest(t.db)).toBe(before);
    const pack = await covering(a.athleteId, [type.id], {
      pkg: { kind: 'class_pack', credits: 2, coversAllClassTypes: false, name: `Group coaching ${randomUUID().slice(0, 6)}` },
    });
    const joined = await client.post('/api/athlete-appointments/', { appointment: booked.eventId, athlete: a.athleteId });
    expect([joined.statusCode, joined.json().isCredited]).toEqual([201, true]);
    expect(await balanceOf(pack.id)).toBe(1);
    // Staff add a member with no package: booked, uncredited.
    const [second] = await t.make.athletes(w.gym.id, 1);
    const byDesk = await desk.post('/api/athlete-appointments/', { appointment: booked.eventId, athlete: second!.athleteId });
    expect([byDesk.statusCode, byDesk.json().isCredited]).toEqual([201, false]);
  });
});
