import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointmentMessages, fromZoned } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { eventCoaches, events, reservations } from '../../db/schema';

fixClock(TEST_NOW);
/**
 * Real races need real concurrency: on PostgreSQL each booking has a connection of the pool, both recompute the slot
 * as free, and the exclusion constraint on the coach's time (checked at commit) keeps one. PGlite runs one
 * transaction at a time (appointments.test.ts books the same slot twice there).
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('appointment bookings racing each other on PostgreSQL', () => {
  type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let t: TestApp;
  let w: KioskGym;
  let desks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 0 });
    desks = [await t.as(w.staff), await t.as(w.staff), await t.as(w.owner)];
    for (const d of desks) await d.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const offering = async (o: { bufferMinutes?: number } = {}) => {
    const coach = await t.make.staff(w.gym.id);
    const type = await t.make.appointmentType(w.gym.id, { durationMinutes: 60, bufferMinutes: o.bufferMinutes ?? 0 });
    await t.make.offer(w.gym.id, type.id, [coach.staffId]);
    await t.make.coachHours(w.gym.id, coach.staffId, [[4, '06:00', '20:00']]);
    return { coach, type };
  };
  const book = (i: number, typeId: string, staffId: string, athleteId: string, time: string) =>
    desks[i % desks.length]!.post('/api/appointment-bookings/', {
      appointmentTypeId: typeId,
      staffId,
      startsAt: fromZoned('2026-03-05', time, w.gym.timeZone).toISOString(),
      athleteId,
    });
  const heldBy = (staffId: string) =>
    t.db
      .select()
      .from(eventCoaches)
      .where(and(eq(eventCoaches.staffId, staffId), eq(eventCoaches.isCancelled, false)));

  it('keeps one of twelve bookings of the same slot made at once; the others are told it is taken', async () => {
    const { coach, type } = await offering();
    const athletes = await t.make.athletes(w.gym.id, 12);
    const answers = await Promise.all(athletes.map((a, i) => book(i, type.id, coach.staffId, a.athleteId, '09:00')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(11);
    for (const r of refused) expect([r.statusCode, r.json().code, r.json().message]).toEqual([409, 'slot_taken', appointmentMessages.slotTaken]);
    const held = await heldBy(coach.staffId);
    expect(held).toHaveLength(1);
    // Nothing of the refused bookings stays: one appointment, one reservation.
    expect(await t.db.select().from(events).where(eq(events.appointmentTypeId, type.id))).toHaveLength(1);
    expect(await t.db.select().from(reservations).where(eq(reservations.eventId, held[0]!.eventId))).toHaveLength(1);
  });

  it('keeps the coach in one place when overlapping slots (with the buffer) are booked at once', async () => {
    const { coach, type } = await offering({ bufferMinutes: 15 });
    const athletes = await t.make.athletes(w.gym.id, 8);
    const times = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '08:00', '08:15'];
    const answers = await Promise.all(athletes.map((a, i) => book(i, type.id, coach.staffId, a.athleteId, times[i]!)));
    expect(answers.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const held = await heldBy(coach.staffId);
    expect(held.length).toBe(answers.filter((r) => r.statusCode === 201).length);
    const ranges = held.map((h) => [h.startsAt.getTime(), h.busyUntil.getTime()] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
    // 08:00–09:15 and 09:15–10:30 (or 08:15–09:30 and 09:30–10:45…): at most two fit together.
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeLessThanOrEqual(2);
  });
});
