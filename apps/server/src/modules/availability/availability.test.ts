import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { availabilityMessages, fromZoned } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { coachAvailability, coachTimeOff, staff as staffTable } from '../../db/schema';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let desk: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  // Spec 2.7: /calendar/availability needs no permission, so staff holding none may use it.
  desk = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
});
afterAll(async () => {
  await t.close();
});

type Coach = { staffId: string; fullName: string; hours: unknown[]; appointmentTypeIds: string[]; timeOff: { timeOffId: string }[] };
const coachIn = (body: { coaches: Coach[] }, staffId: string) => body.coaches.find((c) => c.staffId === staffId);

describe('GET /api/availability/ (issue 16)', () => {
  it("lists the gym's coaches with their hours, the types they offer and their time off still to come", async () => {
    const coach = await t.make.staff(w.gym.id, { firstName: 'Aaron', lastName: 'Avery' });
    const notACoach = await t.make.staff(w.gym.id);
    await t.db.update(staffTable).set({ isCoach: false }).where(eq(staffTable.id, notACoach.staffId));
    const pt = await t.make.appointmentType(w.gym.id, { name: 'Personal Training' });
    const archived = await t.make.appointmentType(w.gym.id, { name: 'Old', archivedAt: new Date() });
    await t.make.offer(w.gym.id, pt.id, [coach.staffId]);
    await t.make.offer(w.gym.id, archived.id, [coach.staffId]);
    await t.make.coachHours(w.gym.id, coach.staffId, [
      [3, '13:00', '17:00'],
      [1, '09:00', '12:00'],
    ]);
    await t.make.timeOff(w.gym.id, coach.staffId, new Date(Date.now() - 3 * 86_400_000), new Date(Date.now() - 86_400_000), 'Past');
    const coming = await t.make.timeOff(
      w.gym.id,
      coach.staffId,
      fromZoned('2026-03-10', '00:00', 'America/Chicago'),
      fromZoned('2026-03-12', '00:00', 'America/Chicago'),
      'Holiday',
    );

    const res = await desk.get('/api/availability/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timeZone: 'America/Chicago', country: 'US' });
    expect(body.appointmentTypes).toEqual([{ appointmentTypeId: pt.id, name: 'Personal Training' }]);
    expect(coachIn(body, notACoach.staffId)).toBeUndefined();
    expect(coachIn(body, coach.staffId)).toEqual({
      staffId: coach.staffId,
      fullName: 'Aaron Avery',
      hours: [
        { weekday: 1, startTime: '09:00', endTime: '12:00' },
        { weekday: 3, startTime: '13:00', endTime: '17:00' },
      ],
      appointmentTypeIds: [pt.id],
      timeOff: [
        {
          timeOffId: coming.id,
          staffId: coach.staffId,
          startsAt: '2026-03-10T05:00:00.000Z',
          endsAt: '2026-03-12T05:00:00.000Z',
          startDate: '2026-03-10',
          startTime: '00:00',
          endDate: '2026-03-11',
          endTime: '00:00',
          isAllDay: true,
          reason: 'Holiday',
        },
      ],
    });
  });

  it('reads a fixed number of statements whatever the number of coaches, and refuses athletes', async () => {
    const few = await countDriverQueries(t.db, () => desk.get('/api/availability/'));
    for (let i = 0; i < 4; i++) {
      const c = await t.make.staff(w.gym.id);
      await t.make.coachHours(w.gym.id, c.staffId, [[i + 1, '06:00', '08:00']]);
      await t.make.timeOff(w.gym.id, c.staffId, new Date(Date.now() + 86_400_000), new Date(Date.now() + 2 * 86_400_000));
    }
    const many = await countDriverQueries(t.db, () => desk.get('/api/availability/'));
    expect(many.count).toBe(few.count);
    const athlete = await t.make.athlete(w.gym.id);
    expect((await (await t.as({ userId: athlete.userId!, profileId: athlete.profileId })).get('/api/availability/')).statusCode).toBe(403);
  });
});

describe('PUT /api/availability/:staffId/hours/ (issue 16)', () => {
  it("replaces a coach's week in one go", async () => {
    const coach = await t.make.staff(w.gym.id);
    await t.make.coachHours(w.gym.id, coach.staffId, [[7, '10:00', '11:00']]);
    const res = await desk.put(`/api/availability/${coach.staffId}/hours/`, {
      hours: [
        { weekday: 2, startTime: '12:00', endTime: '14:00' },
        { weekday: 2, startTime: '08:00', endTime: '12:00' },
        { weekday: 5, startTime: '17:30', endTime: '20:00' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hours).toEqual([
      { weekday: 2, startTime: '08:00', endTime: '12:00' },
      { weekday: 2, startTime: '12:00', endTime: '14:00' },
      { weekday: 5, startTime: '17:30', endTime: '20:00' },
    ]);
    const cleared = await desk.put(`/api/availability/${coach.staffId}/hours/`, { hours: [] });
    expect(cleared.json().hours).toEqual([]);
    expect(await t.db.select().from(coachAvailability).where(eq(coachAvailability.staffId, coach.staffId))).toEqual([]);
  });

  it('refuses overlapping or inverted ranges of a day with the day named, and a bad weekday, changing nothing', async () => {
    const coach = await t.make.staff(w.gym.id);
    await t.make.coachHours(w.gym.id, coach.staffId, [[1, '06:00', '07:00']]);
    const before = await databaseDigest(t.db);
    const overlap = await desk.put(`/api/availability/${coach.staffId}/hours/`, {
      hours: [
        { weekday: 1, startTime: '09:00', endTime: '12:00' },
        { weekday: 1, startTime: '11:30', endTime: '13:00' },
      ],
    });
    expect([overlap.statusCode, overlap.json().message]).toEqual([400, 'Monday: 09:00–12:00 and 11:30–13:00 overlap.']);
    expect(overlap.json().fields).toEqual({ 'hours.1': ['Monday: 09:00–12:00 and 11:30–13:00 overlap.'] });
    const inverted = await desk.put(`/api/availability/${coach.staffId}/hours/`, { hours: [{ weekday: 6, startTime: '15:00', endTime: '09:00' }] });
    expect([inverted.statusCode, inverted.json().message]).toEqual([400, 'Saturday: 15:00–09:00 must end after it starts.']);
    const weekday = await desk.put(`/api/availability/${coach.staffId}/hours/`, { hours: [{ weekday: 8, startTime: '09:00', endTime: '10:00' }] });
    expect([weekday.statusCode, weekday.json().message]).toEqual([400, availabilityMessages.weekday]);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it("answers 404 for someone who is not a coach of the gym, or another gym's coach", async () => {
    const other = await t.make.kioskGym({ athletes: 0 });
    const theirs = await t.make.staff(other.gym.id);
    const res = await desk.put(`/api/availability/${theirs.staffId}/hours/`, { hours: [] });
    expect([res.statusCode, res.json().message]).toEqual([404, availabilityMessages.coachNotFound]);
    expect((await desk.put(`/api/availability/${randomUUID()}/hours/`, { hours: [] })).statusCode).toBe(404);
  });
});

describe('PUT /api/availability/:staffId/appointment-types/ (issue 16)', () => {
  it('sets the appointment types a coach offers, and refuses a type of another gym or archived', async () => {
    const coach = await t.make.staff(w.gym.id);
    const [a, b] = [await t.make.appointmentType(w.gym.id, { name: 'A type' }), await t.make.appointmentType(w.gym.id, { name: 'B type' })];
    const res = await desk.put(`/api/availability/${coach.staffId}/appointment-types/`, { appointmentTypeIds: [b.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointmentTypeIds).toEqual([a.id, b.id]);
    const foreign = await t.make.appointmentType((await t.make.gym()).id);
    const archived = await t.make.appointmentType(w.gym.id, { archivedAt: new Date() });
    for (const id of [foreign.id, archived.id]) {
      const refused = await desk.put(`/api/availability/${coach.staffId}/appointment-types/`, { appointmentTypeIds: [a.id, id] });
      expect([refused.statusCode, refused.json().message]).toEqual([400, availabilityMessages.appointmentTypeNotFound]);
    }
    expect((await desk.get('/api/availability/')).json().coaches.find((c: Coach) => c.staffId === coach.staffId).appointmentTypeIds).toEqual([a.id, b.id]);
  });
});

describe('time off (issue 16)', () => {
  it("takes whole days or local times in the gym's zone, and removes them", async () => {
    const coach = await t.make.staff(w.gym.id);
    const days = await desk.post('/api/availability/time-off/', {
      staffId: coach.staffId,
      startDate: '2026-03-07',
      endDate: '2026-03-08',
      reason: ' Conference ',
    });
    expect(days.statusCode).toBe(201);
    // The 8th is the spring-forward day: its end is the 9th's midnight, CDT.
    expect(days.json()).toMatchObject({
      startsAt: '2026-03-07T06:00:00.000Z',
      endsAt: '2026-03-09T05:00:00.000Z',
      isAllDay: true,
      startDate: '2026-03-07',
      endDate: '2026-03-08',
      reason: 'Conference',
    });
    const hours = await desk.post('/api/availability/time-off/', {
      staffId: coach.staffId,
      startDate: '2026-03-12',
      endDate: '2026-03-12',
      startTime: '13:00',
      endTime: '15:30',
    });
    expect(hours.json()).toMatchObject({
      startsAt: '2026-03-12T18:00:00.000Z',
      endsAt: '2026-03-12T20:30:00.000Z',
      isAllDay: false,
      startTime: '13:00',
      endTime: '15:30',
    });
    const [row] = await t.db.select().from(coachTimeOff).where(eq(coachTimeOff.id, hours.json().timeOffId));
    expect(row!.gymId).toBe(w.gym.id);

    const removed = await desk.delete(`/api/availability/time-off/${hours.json().timeOffId}/`);
    expect(removed.statusCode).toBe(200);
    expect((await desk.delete(`/api/availability/time-off/${hours.json().timeOffId}/`)).statusCode).toBe(404);
    const other = await t.make.kioskGym({ athletes: 0 });
    const stranger = await t.as(other.owner);
    const refused = await stranger.delete(`/api/availability/time-off/${days.json().timeOffId}/`);
    expect([refused.statusCode, refused.json().message]).toEqual([404, availabilityMessages.timeOffNotFound]);
  });

  it('refuses an end before the start, one time without the other, and another gym coach', async () => {
    const coach = await t.make.staff(w.gym.id);
    const foreign = await t.make.staff((await t.make.gym()).id);
    const before = await databaseDigest(t.db);
    const backwards = await desk.post('/api/availability/time-off/', {
      staffId: coach.staffId,
      startDate: '2026-03-12',
      endDate: '2026-03-12',
      startTime: '15:00',
      endTime: '13:00',
    });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, availabilityMessages.timeOffEndBeforeStart]);
    const datesBackwards = await desk.post('/api/availability/time-off/', { staffId: coach.staffId, startDate: '2026-03-12', endDate: '2026-03-10' });
    expect(datesBackwards.json().message).toBe(availabilityMessages.timeOffEndBeforeStart);
    const farOff = await desk.post('/api/availability/time-off/', { staffId: coach.staffId, startDate: '2026-03-12', endDate: '9999-12-31' });
    expect([farOff.statusCode, farOff.json().message]).toEqual([400, 'Choose a date between 2000 and 2099.']);
    const tooLong = await desk.post('/api/availability/time-off/', { staffId: coach.staffId, startDate: '2026-03-12', endDate: '2028-03-12' });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, availabilityMessages.timeOffTooLong]);
    const half = await desk.post('/api/availability/time-off/', { staffId: coach.staffId, startDate: '2026-03-12', endDate: '2026-03-12', startTime: '15:00' });
    expect([half.statusCode, half.json().message]).toEqual([400, availabilityMessages.timeOffBothTimes]);
    expect((await desk.post('/api/availability/time-off/', { staffId: foreign.staffId, startDate: '2026-03-12', endDate: '2026-03-12' })).statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toBe(before);
  });
});
