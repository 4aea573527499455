import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, eventMessages } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { todayOf, type Athlete } from '../../../test/factories';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let me: Athlete;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  me = await t.make.athlete(w.gym.id, { firstName: 'Sam', lastName: 'Rivera' });
});
afterAll(async () => {
  await t.close();
});

const asMe = () => t.as({ userId: me.userId!, profileId: me.profileId });
/** A class with a coach of its own (the tests' classes share times, and a coach is never in two classes at once). */
const makeClass = async (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, coachIds: [(await t.make.staff(w.gym.id)).staffId], daysAhead: 3, ...o });

describe('GET /api/schedule/ (issue 16)', () => {
  it("lists a day's classes with places left, the line and the athlete's own booking, in start order", async () => {
    const date = addDays(todayOf(w.gym), 3);
    const late = await makeClass({ time: '18:00', capacity: 2 });
    const early = await makeClass({ time: '06:00', capacity: 1 });
    const others = await t.make.athletes(w.gym.id, 3);
    await t.make.reserve(early, [others[0]!.athleteId]);
    await t.make.reserve(early, [others[1]!.athleteId, me.athleteId], { isWaitlisted: true });
    await t.make.reserve(late, [me.athleteId]);
    const res = await (await asMe()).get(`/api/schedule/?date=${date}`);
    expect(res.statusCode).toBe(200);
    const day = res.json();
    expect(day).toMatchObject({ date, timeZone: w.gym.timeZone, country: 'US', isTaxInclusive: false });
    expect(day.results.map((c: { eventId: string }) => c.eventId)).toEqual([early.id, late.id]);
    expect(day.results[0]).toMatchObject({
      startTime: '06:00',
      capacity: 1,
      placesHeld: 1,
      waitlistCount: 2,
      hasStarted: false,
      location: { locationId: w.location.id },
      myBooking: { isReserved: false, isWaitlisted: true, waitlistPosition: 2 },
    });
    expect(day.results[0].coaches).toHaveLength(1);
    expect(day.results[1]).toMatchObject({ placesHeld: 1, waitlistCount: 0, myBooking: { isReserved: true, isWaitlisted: false, waitlistPosition: null } });
  });

  it('defaults to the gym today, reads one class with what cancelling now costs, and runs a fixed number of statements', async () => {
    const cls = await makeClass({ daysAhead: 0, time: '23:00', cancellationFeeMinor: 1500 });
    const client = await asMe();
    const today = (await client.get('/api/schedule/')).json();
    expect(today.date).toBe(todayOf(w.gym));
    expect(today.results.some((c: { eventId: string }) => c.eventId === cls.id)).toBe(true);
    const one = (await client.get(`/api/schedule/${cls.id}/`)).json();
    expect(one.event).toMatchObject({ eventId: cls.id, myBooking: null, cancellation: { isLate: false, feeMinor: 1500 } });
    // Many classes or few: the same statements.
    const few = await countDriverQueries(t.db, () => client.get(`/api/schedule/?date=${addDays(todayOf(w.gym), 20)}`));
    for (let i = 0; i < 6; i++) await makeClass({ daysAhead: 21, time: `0${i}:30` });
    const many = await countDriverQueries(t.db, () => client.get(`/api/schedule/?date=${addDays(todayOf(w.gym), 21)}`));
    expect(many.count).toBe(few.count);
  });

  it("refuses staff, answers 404 for another gym's class or an appointment, and 400 for a bad date", async () => {
    const cls = await makeClass();
    const staff = await t.as(w.staff);
    expect((await staff.get('/api/schedule/')).statusCode).toBe(403);
    const other = await t.make.kioskGym({ athletes: 0, timeZone: 'Europe/London', country: 'GB' });
    const stranger = await t.make.athlete(other.gym.id);
    const theirs = await t.as({ userId: stranger.userId!, profileId: stranger.profileId });
    const refused = await theirs.get(`/api/schedule/${cls.id}/`);
    expect([refused.statusCode, refused.json().message]).toEqual([404, eventMessages.classNotFound]);
    expect((await theirs.get(`/api/schedule/?date=${cls.startDate}`)).json().results).toEqual([]);
    const appointment = await t.make.event(w.gym, { kind: 'appointment', daysAhead: 1 });
    expect((await (await asMe()).get(`/api/schedule/${appointment.id}/`)).statusCode).toBe(404);
    expect((await (await asMe()).get(`/api/schedule/${randomUUID()}/`)).statusCode).toBe(404);
    const bad = await (await asMe()).get('/api/schedule/?date=2026-13-40');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('GET /api/schedule/:eventId/ with the workout of the day (issue 16 programming)', () => {
  it("answers the workout of the class's type on its date, or null, in the same statements", async () => {
    const cls = await makeClass({ daysAhead: 4 });
    const client = await asMe();
    const before = await countDriverQueries(t.db, () => client.get(`/api/schedule/${cls.id}/`));
    expect(before.result.json().workout).toBeNull();
    const owner = await t.as(w.owner);
    const otherType = await t.make.classType(w.gym.id);
    await owner.put('/api/workouts/', { classTypeId: otherType.id, date: cls.startDate, title: 'Not this one', content: '<p>Other</p>' });
    await owner.put('/api/workouts/', { classTypeId: w.classType.id, date: addDays(cls.startDate, 1), title: 'Not today', content: '<p>Tomorrow</p>' });
    await owner.put('/api/workouts/', {
      classTypeId: w.classType.id,
      date: cls.startDate,
      title: 'Fran',
      content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong></p>',
    });
    const after = await countDriverQueries(t.db, () => client.get(`/api/schedule/${cls.id}/`));
    expect(after.result.json().workout).toEqual({ title: 'Fran', content: '<h2>WOD</h2><p>21-15-9 <strong>thrusters</strong></p>' });
    expect(after.count).toBe(before.count);
    // The day list does not carry workouts.
    const day = (await client.get(`/api/schedule/?date=${cls.startDate}`)).json();
    expect(day.results.find((c: { eventId: string }) => c.eventId === cls.id)).not.toHaveProperty('workout');
  });
});

describe('GET /api/schedule/mine/ and /api/schedule/attendance/ (issue 16)', () => {
  it("pages the athlete's bookings to come and past, and counts their attendance", async () => {
    const athlete = await t.make.athlete(w.gym.id, { firstName: 'Kim', lastName: 'Lee' });
    const client = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    const soon = await makeClass({ daysAhead: 1, time: '07:00' });
    const later = await makeClass({ daysAhead: 2, time: '07:00' });
    const waiting = await makeClass({ daysAhead: 3, time: '07:00', capacity: 1 });
    const attended = await makeClass({ daysAhead: -2, time: '07:00' });
    const missed = await makeClass({ daysAhead: -1, time: '07:00' });
    const longAgo = await makeClass({ daysAhead: -40, time: '07:00' });
    await makeClass({ daysAhead: 1, time: '09:00' });
    await t.make.reserve(soon, [athlete.athleteId]);
    await t.make.reserve(later, [athlete.athleteId]);
    await t.make.reserve(waiting, [(await t.make.athlete(w.gym.id, { login: false })).athleteId]);
    await t.make.reserve(waiting, [athlete.athleteId], { isWaitlisted: true });
    await t.make.reserve(attended, [athlete.athleteId], { isCheckedIn: true });
    await t.make.reserve(longAgo, [athlete.athleteId], { isCheckedIn: true });
    await t.make.reserve(missed, [athlete.athleteId], { isNoShow: true });

    const upcoming = (await client.get('/api/schedule/mine/?limit=2')).json();
    expect(upcoming.count).toBe(3);
    expect(upcoming.results.map((c: { eventId: string }) => c.eventId)).toEqual([soon.id, later.id]);
    expect(upcoming.next).toContain('offset=2');
    const rest = (await client.get('/api/schedule/mine/?limit=2&offset=2')).json();
    expect(rest.results[0]).toMatchObject({ eventId: waiting.id, myBooking: { isWaitlisted: true, waitlistPosition: 1 } });
    const past = (await client.get('/api/schedule/mine/?when=past')).json();
    expect(past.results.map((c: { eventId: string }) => c.eventId)).toEqual([missed.id, attended.id, longAgo.id]);
    expect((await client.get('/api/schedule/attendance/')).json()).toEqual({ attended: 2, attendedLast30Days: 1, upcoming: 2, lateCancels: 0, noShows: 1 });
    expect((await client.get('/api/schedule/mine/?when=soon')).statusCode).toBe(400);
    expect((await (await t.as(w.staff)).get('/api/schedule/attendance/')).statusCode).toBe(403);
  });
});
