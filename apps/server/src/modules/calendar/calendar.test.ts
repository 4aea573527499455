import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, calendarAnswerSchema, calendarMessages, fromZoned, toZoned } from '@spotter/shared';
import { classSeries, eventCoaches, events, reservations } from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf, type StaffMember } from '../../../test/factories';
import { extendSchedules, MATERIALIZE_DAYS } from './series.service';

// Wednesday 2026-03-04, 14:30 in Chicago; the clocks go forward on Sunday 2026-03-08 and back on 2026-11-01.
const clock = fixClock(TEST_NOW);
let t: TestApp;
let g: Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let owner: ApiClient;
let coach: StaffMember;
let coach2: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  g = await t.make.kioskGym({ athletes: 6 });
  owner = await t.as(g.owner);
  coach = g.staff;
  coach2 = await t.make.staff(g.gym.id, { firstName: 'Sub', lastName: 'Coach' });
});
afterAll(async () => {
  await t.close();
});

const local = (instant: string, zone = 'America/Chicago') => toZoned(new Date(instant), zone);
const ctx = () => ({ db: t.db, changes: t.app.changes, jobs: t.app.jobs, appUrl: t.app.config.appUrl });

/** A weekly series through the API; answers its id and classes (earliest first). */
async function series(body: Record<string, unknown>, as: ApiClient = owner) {
  const res = await as.post('/api/class-series/', {
    classTypeId: g.classType.id,
    weekdays: [1, 3],
    startTime: '06:00',
    durationMinutes: 60,
    capacity: 2,
    firstDate: '2026-03-05',
    coachIds: [],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const seriesId = res.json().series.seriesId as string;
  const classes = await t.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.startsAt);
  return { res, seriesId, classes };
}

describe('class series (issue 16)', () => {
  it('makes the classes of a Monday and Wednesday 06:00 series over the window, each at 06:00 local across the spring change', async () => {
    const { res, classes } = await series({ coachIds: [coach.staffId], locationId: g.location.id });
    const body = res.json();
    expect(body.series).toMatchObject({
      weekdays: [1, 3],
      startTime: '06:00:00',
      firstDate: '2026-03-05',
      lastDate: null,
      interval: 1,
      name: g.classType.name,
    });
    expect(body.series.rrule).toContain('DTSTART;TZID=America/Chicago:20260305T060000');
    expect(body.series.rrule).toContain('BYDAY=MO,WE');
    // From Thursday 5 March, Mondays and Wednesdays up to today + 84 days (Wednesday 27 May).
    expect(body.series.materializedThrough).toBe(addDays(todayOf(g.gym), MATERIALIZE_DAYS));
    expect(classes[0]!.startDate).toBe('2026-03-09');
    expect(classes.at(-1)!.startDate).toBe('2026-05-27');
    expect(classes).toHaveLength(24);
    expect(body.created).toBe(24);
    for (const c of classes) {
      expect(local(c.startsAt.toISOString())).toEqual({ date: c.startDate, time: '06:00:00' });
      expect([1, 3]).toContain(new Date(`${c.startDate}T00:00:00Z`).getUTCDay());
      expect(c.endsAt.getTime() - c.startsAt.getTime()).toBe(3600_000);
    }
    // Before the change 06:00 CST is 12:00 UTC; after it 06:00 CDT is 11:00 UTC.
    expect(classes[0]!.startsAt.toISOString()).toBe('2026-03-09T11:00:00.000Z');
    expect((await t.db.select().from(eventCoaches).where(eq(eventCoaches.eventId, classes[0]!.id)))[0]).toMatchObject({ staffId: coach.staffId, role: 'lead' });
    expect(body.series.upcomingCount).toBe(24);
  });

  it('refuses a first date in the past, a last date before the first, unknown coaches and a room of another location, making nothing', async () => {
    const before = await t.db.select().from(classSeries);
    const base = { classTypeId: g.classType.id, weekdays: [2], startTime: '07:00', durationMinutes: 60, capacity: 5, coachIds: [] };
    const other = await t.make.location(g.gym.id);
    const room = await t.make.room(g.gym.id, other.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstDate: '2026-03-03' }, 'firstDate', calendarMessages.firstDateInPast],
      [{ firstDate: '2026-03-10', lastDate: '2026-03-09' }, 'lastDate', calendarMessages.lastBeforeFirst],
      [{ firstDate: '2026-03-10', coachIds: [g.members[0]!.athleteId] }, 'coachIds', calendarMessages.coachNotFound],
      [{ firstDate: '2026-03-10', coachIds: [coach.staffId, coach.staffId] }, 'coachIds', calendarMessages.coachTwice],
      [{ firstDate: '2026-03-10', locationId: g.location.id, roomId: room.id }, 'roomId', calendarMessages.roomNotAtLocation],
      [{ firstDate: '2026-03-10', weekdays: [] }, 'weekdays', calendarMessages.weekdaysRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post('/api/class-series/', { ...base, ...body });
      expect([res.statusCode, res.json().message, Object.keys(res.json().fields ?? {})], JSON.stringify(body)).toEqual([400, message, [field]]);
    }
    expect(await t.db.select().from(classSeries)).toHaveLength(before.length);
  });

  it('refuses a series whose coach already teaches at that time (409), and makes none of its classes', async () => {
    const busy = await t.make.staff(g.gym.id, { firstName: 'Busy', lastName: 'Coach' });
    await t.make.event(g.gym, { classTypeId: g.classType.id, date: '2026-03-17', time: '18:30', coachIds: [busy.staffId] });
    const res = await owner.post('/api/class-series/', {
      classTypeId: g.classType.id,
      weekdays: [2],
      startTime: '18:00',
      durationMinutes: 60,
      capacity: 5,
      firstDate: '2026-03-10',
      coachIds: [busy.staffId],
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'coach_busy']);
    // Issue 34 item 4: the refusal names the coach, the class, its date and its time, in the gym's country's words.
    expect(res.json().message).toBe(`Busy Coach already teaches ${g.classType.name} on 03/17/2026 at 6:30 PM. ${calendarMessages.coachBusyHint}`);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.classTypeId, g.classType.id), eq(events.startTime, '18:00:00'))),
    ).toEqual([]);
  });

  it('the window job makes each class once, whoever runs it and however often, and moves on with the days', async () => {
    const { seriesId, classes } = await series({ weekdays: [5], startTime: '12:00', firstDate: '2026-03-06' });
    const count = async () => (await t.db.select().from(events).where(eq(events.seriesId, seriesId))).length;
    expect(await count()).toBe(classes.length);
    await extendSchedules(ctx());
    expect(await count()).toBe(classes.length);
    clock.set('2026-03-11T20:30:00.000Z');
    await Promise.all([extendSchedules(ctx()), extendSchedules(ctx())]);
    expect(await count()).toBe(classes.length + 1);
    clock.set(TEST_NOW);
  });

  it('reads a range of the calendar in the same number of statements however many classes it holds', async () => {
    const counts: number[] = [];
    for (const end of ['2026-03-09', '2026-04-14']) {
      const { count, result } = await countDriverQueries(t.db, () => owner.get(`/api/calendar/?start=2026-03-09&end=${end}`));
      expect(result.statusCode).toBe(200);
      expect(result.json().results.length).toBeGreaterThan(0);
      counts.push(count);
    }
    expect(counts[0]).toBe(counts[1]);
    const week = (await owner.get('/api/calendar/?start=2026-03-09&end=2026-03-15&coachId=' + coach.staffId)).json();
    expect(week.timeZone).toBe('America/Chicago');
    expect(week.results.every((e: { coaches: { staffId: string }[] }) => e.coaches.some((c) => c.staffId === coach.staffId))).toBe(true);
    expect((await owner.get('/api/calendar/?start=2026-03-01&end=2026-04-30')).json().message).toBe(calendarMessages.rangeTooLong);
  });

  it('issue 34: a year ahead, past the window and across the spring change, the calendar and the athlete day show the series at 06:00 local, and it can be booked', async () => {
    const { seriesId } = await series({ weekdays: [2, 4], startTime: '06:00', firstDate: '2026-03-10', coachIds: [] });
    // The clocks go forward in Chicago on Sunday 2027-03-14: the fortnight around it, a year on.
    const res = await owner.get('/api/calendar/?start=2027-03-08&end=2027-03-21');
    expect(res.statusCode, res.body).toBe(200);
    const own = (res.json().results as { eventId: string; startsAt: string; startDate: string; seriesId: string | null }[]).filter(
      (e) => e.seriesId === seriesId,
    );
    expect(own.map((e) => e.startDate)).toEqual(['2027-03-09', '2027-03-11', '2027-03-16', '2027-03-18']);
    expect(own.map((e) => local(e.startsAt).time)).toEqual(['06:00:00', '06:00:00', '06:00:00', '06:00:00']);
    expect(own[0]!.startsAt).toBe('2027-03-09T12:00:00.000Z');
    expect(own[2]!.startsAt).toBe('2027-03-16T11:00:00.000Z');
    // Every week in between has its classes, made once (two looks make nothing twice).
    await owner.get('/api/calendar/?start=2027-03-08&end=2027-03-21');
    const made = await t.db.select({ date: events.occurrenceDate }).from(events).where(eq(events.seriesId, seriesId));
    const dates = made.map((m) => m.date).sort();
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates.filter((d) => d! >= '2026-06-01' && d! <= '2026-06-30')).toHaveLength(9);

    // An athlete's day a year on shows the class, and the front desk books a member into it.
    const athlete = await t.make.athlete(g.gym.id, { firstName: 'Far', lastName: 'Ahead' });
    const day = (await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get('/api/schedule/?date=2027-03-23')).json();
    const tuesday = (day.results as { eventId: string; startsAt: string }[]).find((c) => local(c.startsAt).time === '06:00:00');
    expect(tuesday, JSON.stringify(day)).toBeTruthy();
    const booked = await owner.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: g.members[5]!.athleteId,
      kiloClass: tuesday!.eventId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.drainJobs();
    t.mail.length = 0;
    // Past the two years a read may look ahead, nothing is made.
    await owner.get('/api/calendar/?start=2029-03-05&end=2029-03-11');
    const [row] = await t.db.select().from(classSeries).where(eq(classSeries.id, seriesId));
    expect(row!.materializedThrough <= addDays(todayOf(g.gym), 731)).toBe(true);
  });
});

describe('changing and cancelling classes (issue 16)', () => {
  it('moves one class, mails its booked athletes the new time, and leaves the rest of the series alone', async () => {
    const { classes } = await series({ weekdays: [4], startTime: '09:00', firstDate: '2026-03-12', capacity: 5 });
    const [first, second] = classes;
    await t.make.reserve(first!, [g.members[0]!.athleteId, g.members[1]!.athleteId]);
    t.mail.length = 0;
    const res = await owner.put(`/api/classes/${first!.id}/`, { scope: 'this', startTime: '10:30' });
    expect(res.json()).toEqual({ changed: 1, notified: 2, promoted: 0 });
    const [moved] = await t.db.select().from(events).where(eq(events.id, first!.id));
    expect([moved!.startTime, moved!.startsAt.toISOString()]).toEqual(['10:30:00', '2026-03-12T15:30:00.000Z']);
    const [kept] = await t.db.select().from(events).where(eq(events.id, second!.id));
    expect(kept!.startTime).toBe('09:00:00');
    await t.drainJobs();
    expect(t.mail.map((m) => m.to).sort()).toEqual([g.members[0]!.email, g.members[1]!.email].sort());
    expect(t.mail[0]!.subject).toContain('New time');
    expect(t.mail[0]!.text).toContain('10:30 AM');
  });

  it('changes this and the following classes and the series, so classes made later follow; a substitute coach for one class', async () => {
    const { seriesId, classes } = await series({ weekdays: [2], startTime: '17:00', firstDate: '2026-03-10', capacity: 5, coachIds: [coach.staffId] });
    const pivot = classes[2]!;
    const res = await owner.put(`/api/classes/${pivot.id}/`, { scope: 'following', startTime: '17:30', durationMinutes: 45 });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.startsAt);
    expect(after.slice(0, 2).map((c) => c.startTime)).toEqual(['17:00:00', '17:00:00']);
    expect(after.slice(2).every((c) => c.startTime === '17:30:00' && c.durationMinutes === 45)).toBe(true);
    const [row] = await t.db.select().from(classSeries).where(eq(classSeries.id, seriesId));
    expect([row!.startTime, row!.durationMinutes]).toEqual(['17:30:00', 45]);
    clock.set('2026-03-18T20:30:00.000Z');
    await extendSchedules(ctx());
    clock.set(TEST_NOW);
    const latest = (await t.db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.startsAt)).at(-1)!;
    expect([latest.startTime, local(latest.startsAt.toISOString()).time]).toEqual(['17:30:00', '17:30:00']);

    const sub = await owner.put(`/api/classes/${classes[0]!.id}/`, { scope: 'this', coachIds: [coach2.staffId] });
    expect(sub.statusCode, sub.body).toBe(200);
    const roster = (await owner.get(`/api/classes/${classes[0]!.id}/roster/`)).json();
    expect(roster.event.coaches.map((c: { staffId: string }) => c.staffId)).toEqual([coach2.staffId]);
    const next = (await owner.get(`/api/classes/${classes[1]!.id}/roster/`)).json();
    expect(next.event.coaches.map((c: { staffId: string }) => c.staffId)).toEqual([coach.staffId]);
  });

  it('a raised capacity promotes the waitlist in line order and mails them; a capacity under the places held is refused', async () => {
    const { classes } = await series({ weekdays: [5], startTime: '07:00', firstDate: '2026-03-13', capacity: 2 });
    const c = classes[0]!;
    const [a, b, w1, w2] = g.members;
    await t.make.reserve(c, [a!.athleteId, b!.athleteId]);
    await t.make.reserve(c, [w1!.athleteId, w2!.athleteId], { isWaitlisted: true });
    const low = await owner.put(`/api/classes/${c.id}/`, { capacity: 1 });
    expect([low.statusCode, low.json().message]).toEqual([400, calendarMessages.capacityBelowBooked(2)]);
    t.mail.length = 0;
    const res = await owner.put(`/api/classes/${c.id}/`, { capacity: 3 });
    expect(res.json()).toEqual({ changed: 1, notified: 0, promoted: 1 });
    const roster = (await owner.get(`/api/classes/${c.id}/roster/`)).json();
    expect(roster.attendees.map((r: { athlete: { athleteId: string } }) => r.athlete.athleteId)).toContain(w1!.athleteId);
    expect(roster.waitlist.map((r: { athlete: { athleteId: string }; waitlistPosition: number }) => [r.athlete.athleteId, r.waitlistPosition])).toEqual([
      [w2!.athleteId, 1],
    ]);
    await t.drainJobs();
    expect(t.mail.map((m) => [m.to, m.subject.startsWith("You're in")])).toEqual([[w1!.email, true]]);
  });

  it('cancelling a class mails everyone booked or waiting, releases their bookings and keeps the class, cancelled, off the kiosk and closed to booking', async () => {
    const { classes } = await series({ weekdays: [6], startTime: '08:00', firstDate: '2026-03-07', capacity: 2 });
    const c = classes[0]!;
    const [a, b, w1, late] = g.members;
    await t.make.reserve(c, [a!.athleteId, b!.athleteId]);
    await t.make.reserve(c, [w1!.athleteId], { isWaitlisted: true });
    await t.make.reserve(c, [late!.athleteId], { isLateCancel: true });
    t.mail.length = 0;
    const res = await owner.post(`/api/classes/${c.id}/cancel/`, { scope: 'this', reason: 'Coach is ill' });
    expect(res.json()).toEqual({ changed: 1, notified: 3, promoted: 0 });
    const left = await t.db.select().from(reservations).where(eq(reservations.eventId, c.id));
    expect(left.map((r) => r.athleteId)).toEqual([late!.athleteId]);
    const [row] = await t.db.select().from(events).where(eq(events.id, c.id));
    expect([row!.cancelledAt !== null, row!.cancelReason]).toEqual([true, 'Coach is ill']);
    await t.drainJobs();
    expect(t.mail.map((m) => m.to).sort()).toEqual([a!.email, b!.email, w1!.email].sort());
    expect(t.mail.every((m) => m.subject.startsWith('Cancelled') && m.text.includes('Coach is ill'))).toBe(true);
    const desk = await t.as(g.staff);
    const day = (await desk.get(`/api/events/kiosk-events/?date=${c.startDate}&limit=100&offset=0`)).json();
    expect(day.results.map((e: { eventId: string }) => e.eventId)).not.toContain(c.id);
    const book = await desk.post('/api/athlete-kilo-classes/', { athlete: g.members[5]!.athleteId, kiloClass: c.id });
    expect([book.statusCode, book.json().message]).toEqual([409, calendarMessages.cancelled]);
    const again = await owner.post(`/api/classes/${c.id}/cancel/`, { scope: 'this' });
    expect([again.statusCode, again.json().message]).toEqual([409, calendarMessages.cancelled]);
    const calendar = (await owner.get(`/api/calendar/?start=${c.startDate}&end=${c.startDate}`)).json();
    expect(calendar.results.find((e: { eventId: string }) => e.eventId === c.id)).toMatchObject({ isCancelled: true, cancelReason: 'Coach is ill' });
    // Athletes see it on their schedule, cancelled, with the gym's reason.
    const viewer = await t.make.athlete(g.gym.id);
    const member = await t.as({ userId: viewer.userId!, profileId: viewer.profileId });
    expect((await member.get(`/api/schedule/${c.id}/`)).json().event).toMatchObject({ isCancelled: true, cancelReason: 'Coach is ill', myBooking: null });
  });

  it('cancelling this and the following classes ends the series before it: the window makes no more', async () => {
    const { seriesId, classes } = await series({ weekdays: [7], startTime: '10:00', firstDate: '2026-03-08' });
    const pivot = classes[3]!;
    const res = await owner.post(`/api/classes/${pivot.id}/cancel/`, { scope: 'following' });
    expect(res.json().changed).toBe(classes.length - 3);
    const [row] = await t.db.select().from(classSeries).where(eq(classSeries.id, seriesId));
    expect(row!.lastDate).toBe(addDays(pivot.startDate, -1));
    expect(row!.rrule).toContain('UNTIL=');
    clock.set('2026-04-20T20:30:00.000Z');
    await extendSchedules(ctx());
    clock.set(TEST_NOW);
    const all = await t.db.select().from(events).where(eq(events.seriesId, seriesId));
    expect(all).toHaveLength(classes.length);
    expect(all.filter((c) => c.cancelledAt === null)).toHaveLength(3);
    const whole = await owner.post(`/api/classes/${classes[0]!.id}/cancel/`, { scope: 'all' });
    expect(whole.json().changed).toBe(3);
  });

  it('refuses to change a class that has started, a series scope on a one-off class, and a date for several classes', async () => {
    const started = await t.make.event(g.gym, { classTypeId: g.classType.id, date: '2026-03-04', time: '14:00' });
    expect((await owner.put(`/api/classes/${started.id}/`, { capacity: 20 })).json().message).toBe(calendarMessages.started);
    const oneOff = await owner.post('/api/classes/', { classTypeId: g.classType.id, date: '2026-03-20', startTime: '19:00', durationMinutes: 60, capacity: 8 });
    expect(oneOff.statusCode, oneOff.body).toBe(201);
    expect(oneOff.json()).toMatchObject({ kind: 'class', startDate: '2026-03-20', startTime: '19:00:00', seriesId: null, capacity: 8 });
    const id = oneOff.json().eventId;
    expect((await owner.put(`/api/classes/${id}/`, { scope: 'all', capacity: 9 })).json().message).toBe(calendarMessages.notInSeries);
    const { classes } = await series({ weekdays: [4], startTime: '20:00', firstDate: '2026-03-12' });
    expect((await owner.put(`/api/classes/${classes[0]!.id}/`, { scope: 'following', date: '2026-03-13' })).json().message).toBe(calendarMessages.dateOnlyThis);
    expect(
      (await owner.post('/api/classes/', { classTypeId: g.classType.id, date: '2026-03-04', startTime: '10:00', durationMinutes: 60, capacity: 8 })).json()
        .message,
    ).toBe(calendarMessages.dateInPast);
  });

  it("issue 33: each calendar event says what the desk can do adding an athlete (the booking policy's deskBookabilityOf)", async () => {
    const [a, b] = g.members;
    const ev = (o: Parameters<TestApp['make']['event']>[1]) => t.make.event(g.gym, { classTypeId: g.classType.id, date: '2026-03-25', ...o });
    const open = await ev({ time: '06:00', capacity: 2 });
    await t.make.reserve(open, [a!.athleteId]);
    const full = await ev({ time: '07:00', capacity: 1 });
    await t.make.reserve(full, [a!.athleteId]);
    await t.make.reserve(full, [b!.athleteId], { isWaitlisted: true });
    const cancelled = await ev({ time: '08:00', cancelledAt: new Date(), cancelReason: 'Closed' });
    const started = await ev({ date: '2026-03-04', time: '09:00' });
    const appointment = await t.make.event(g.gym, { kind: 'appointment', date: '2026-03-25', time: '10:00', capacity: 1 });
    await t.make.reserve(appointment, [b!.athleteId]);
    const read = async (date: string) => calendarAnswerSchema.parse((await owner.get(`/api/calendar/?start=${date}&end=${date}`)).json()).results;
    const byId = new Map([...(await read('2026-03-25')), ...(await read('2026-03-04'))].map((e) => [e.eventId, e.bookability]));
    expect(byId.get(open.id)).toEqual({ action: 'book', reason: null });
    expect(byId.get(full.id)).toEqual({ action: 'join_waitlist', reason: null });
    expect(byId.get(cancelled.id)).toEqual({ action: null, reason: { code: 'cancelled', message: calendarMessages.cancelled } });
    expect(byId.get(started.id)).toEqual({ action: null, reason: { code: 'started', message: 'This class has started.' } });
    expect(byId.get(appointment.id)?.action).toBeNull();
    expect(byId.get(appointment.id)?.reason?.code).toBe('event_full');
    // The roster's event (the drawer) answers the same.
    const roster = (await owner.get(`/api/classes/${full.id}/roster/`)).json();
    expect(roster.event.bookability).toEqual({ action: 'join_waitlist', reason: null });
  });

  it("answers another gym's classes and series as not found, changing nothing, and refuses athletes", async () => {
    const { seriesId, classes } = await series({ weekdays: [3], startTime: '15:00', firstDate: '2026-03-11' });
    const other = await t.make.kioskGym({ athletes: 0, timeZone: 'Europe/London', country: 'GB' });
    const stranger = await t.as(other.owner);
    expect((await stranger.get(`/api/class-series/${seriesId}/`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/classes/${classes[0]!.id}/`, { capacity: 9 })).statusCode).toBe(404);
    expect((await stranger.post(`/api/classes/${classes[0]!.id}/cancel/`, {})).statusCode).toBe(404);
    expect((await stranger.get(`/api/classes/${classes[0]!.id}/roster/`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/calendar/?start=${classes[0]!.startDate}&end=${classes[0]!.startDate}`)).json().results).toEqual([]);
    const [c] = await t.db.select().from(events).where(eq(events.id, classes[0]!.id));
    expect(c!.capacity).toBe(2);
    const athlete = await t.make.athlete(g.gym.id);
    const asAthlete = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
    expect((await asAthlete.get('/api/calendar/?start=2026-03-09&end=2026-03-15')).statusCode).toBe(403);
  });

  it('an occurrence in the autumn keeps its local time when the clocks go back', async () => {
    clock.set('2026-10-20T15:00:00.000Z');
    // A session and CSRF token of that day.
    const { classes } = await series({ weekdays: [7], startTime: '06:00', firstDate: '2026-10-25', capacity: 5 }, await t.as(g.owner));
    const [before, after] = classes;
    expect([before!.startDate, before!.startsAt.toISOString()]).toEqual(['2026-10-25', '2026-10-25T11:00:00.000Z']);
    expect([after!.startDate, after!.startsAt.toISOString()]).toEqual(['2026-11-01', '2026-11-01T12:00:00.000Z']);
    expect(fromZoned('2026-11-01', '06:00', 'America/Chicago').toISOString()).toBe(after!.startsAt.toISOString());
    clock.set(TEST_NOW);
  });
});
