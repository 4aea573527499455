import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, dayOfWeek, reservationMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { todayOf } from '../../../test/factories';
import { domainEvents, reservations } from '../../db/schema';
import { groupedCheckInQuery } from './fast-paths';
import { holdsPlaceSql } from '../booking-policy';
import type { LightMyRequestResponse } from 'fastify';

fixClock(TEST_NOW);
/**
 * Real races need real concurrency: on PostgreSQL every request has a connection of the pool, and the writes meet in
 * the event locks (withEventLock). PGlite runs one transaction at a time, so there these tests would prove nothing.
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('reservations racing each other on PostgreSQL', () => {
  type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let t: TestApp;
  let w: KioskGym;
  let kiosks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 0 });
    // Three tablets of the front desk, each with a session of its own and its CSRF token.
    kiosks = [await t.as(w.staff), await t.as(w.staff), await t.as(w.owner)];
    for (const k of kiosks) await k.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const kiosk = (i: number) => kiosks[i % kiosks.length]!;
  const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
    t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '06:00', ...o });
  const holders = async (eventId: string) =>
    t.db
      .select({ id: reservations.id, athleteId: reservations.athleteId })
      .from(reservations)
      .where(and(eq(reservations.eventId, eventId), holdsPlaceSql()));
  const reserve = (i: number, athleteId: string, eventId: string) =>
    kiosk(i).post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: athleteId, kiloClass: eventId });
  const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);
  const fullRefusals = (answers: LightMyRequestResponse[]) => answers.filter((r) => r.statusCode === 409);

  it("records one check-in when the desk's grouped tap meets a check-in committed while it waited (issue 33)", async () => {
    const cls = await makeClass();
    const [a] = await t.make.athletes(w.gym.id, 1);
    const [id] = await t.make.reserve(cls, [a!.athleteId]);
    const [{ name }] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows as [{ name: string }];
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: u.toString() });
    await other.connect();
    try {
      // Another writer (the locked path of another process) checks the athlete in and records its event...
      await other.query('begin');
      await other.query('update reservations set is_checked_in = true, checked_in_at = now() where id = $1', [id]);
      await other.query(`insert into domain_events (gym_id, type, subject_id, payload, schema_version) values ($1, 'booking.checked_in', $2, $3, 1)`, [
        w.gym.id,
        id,
        JSON.stringify({ athleteId: a!.athleteId, eventId: cls.id, walkIn: false }),
      ]);
      // ...while the desk's grouped tap waits for that row.
      const item = {
        id,
        kind: 'class',
        is_checked_in: true,
        gym_id: w.gym.id,
        actor_user_id: w.staff.userId,
        own_athlete_id: null,
        at: new Date().toISOString(),
      };
      const grouped = groupedCheckInQuery(t.db).execute({ items: JSON.stringify([item]) });
      for (let i = 0; i < 200; i++) {
        const waiting = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await other.query('commit');
      // The row changed under it: the grouped statement leaves it to the locked path (no row), and records nothing.
      expect(await grouped).toEqual([]);
      const recorded = await t.db.select({ type: domainEvents.type }).from(domainEvents).where(eq(domainEvents.subjectId, id!));
      expect(recorded).toEqual([{ type: 'booking.checked_in' }]);
      // The desk's tap through the route answers the athlete checked in, still with the one event.
      const tap = await kiosk(0).put(`/api/athlete-kilo-classes/${id}/`, { isCheckedIn: true });
      expect([tap.statusCode, tap.json().isCheckedIn]).toEqual([200, true]);
      expect(await t.db.select({ type: domainEvents.type }).from(domainEvents).where(eq(domainEvents.subjectId, id!))).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it('never holds more than capacity: 40 athletes at once for 10 places, on three tablets', async () => {
    const cls = await makeClass({ capacity: 10 });
    // A walk-in and a late cancel already there: the first takes a place, the second does not.
    const [walkedIn, lateCancelled] = await t.make.athletes(w.gym.id, 2);
    await t.make.reserve(cls, [walkedIn!.athleteId], { isReserved: false, isCheckedIn: true });
    await t.make.reserve(cls, [lateCancelled!.athleteId], { isLateCancel: true });
    const athletes = await t.make.athletes(w.gym.id, 40);
    const answers = await Promise.all(athletes.map((a, i) => reserve(i, a.athleteId, cls.id)));
    expect(statusesOf(answers).filter((s) => s === 201)).toHaveLength(9);
    const refused = fullRefusals(answers);
    expect(refused).toHaveLength(31);
    expect(refused.every((r) => r.json().code === 'event_full' && r.json().message === reservationMessages.classFull)).toBe(true);
    expect(await holders(cls.id)).toHaveLength(10);
    const detail = (await kiosk(0).get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(detail.event).toMatchObject({ capacity: 10, attendeeCount: 10 });
  });

  it('never holds more than capacity across many classes filled at once, whatever the interleaving', async () => {
    const classes = await Promise.all([3, 5, 1, 7].map((capacity, i) => makeClass({ capacity, daysAhead: 2 + i })));
    const athletes = await t.make.athletes(w.gym.id, 12);
    // Every athlete asks for every class, all at once.
    const requests = classes.flatMap((cls) => athletes.map((a) => ({ cls, a })));
    const answers = await Promise.all(requests.map(({ cls, a }, i) => reserve(i, a.athleteId, cls.id)));
    expect(new Set(statusesOf(answers))).toEqual(new Set([201, 409]));
    for (const cls of classes) {
      const mine = answers.filter((_r, i) => requests[i]!.cls === cls);
      expect(mine.filter((r) => r.statusCode === 201)).toHaveLength(cls.capacity);
      expect(await holders(cls.id)).toHaveLength(cls.capacity);
    }
  });

  it('keeps the count right when places are freed and taken at once (deletes racing reservations)', async () => {
    for (let round = 0; round < 3; round++) {
      const cls = await makeClass({ capacity: 5, daysAhead: 10 + round });
      const booked = await t.make.athletes(w.gym.id, 5);
      const ids = await t.make.reserve(
        cls,
        booked.map((a) => a.athleteId),
      );
      const leaving = ids.slice(0, 3);
      const coming = await t.make.athletes(w.gym.id, 8);
      // One of the leavers asks for the place back in the same instant.
      const rejoining = booked[0]!;
      const results = await Promise.all([
        ...leaving.map((id, i) => kiosk(i).delete(`/api/athlete-kilo-classes/${id}/`)),
        ...coming.map((a, i) => reserve(i + 1, a.athleteId, cls.id)),
        reserve(2, rejoining.athleteId, cls.id),
      ]);
      const deletes = results.slice(0, leaving.length);
      const reserves = results.slice(leaving.length);
      expect(statusesOf(deletes)).toEqual([200, 200, 200]);
      expect(reserves.every((r) => r.statusCode === 201 || (r.statusCode === 409 && ['event_full', 'already_reserved'].includes(r.json().code)))).toBe(true);
      const taken = reserves.filter((r) => r.statusCode === 201).length;
      const now = await holders(cls.id);
      expect(now.length).toBeLessThanOrEqual(5);
      expect(now).toHaveLength(2 + taken);
      // Never two records of one athlete, and the leavers' records are gone.
      expect(new Set(now.map((h) => h.athleteId)).size).toBe(now.length);
      expect((await t.db.select().from(reservations).where(inArray(reservations.id, leaving))).length).toBe(0);
      expect((await kiosk(0).get(`/api/events/${cls.id}/kiosk-event/`)).json().event.attendeeCount).toBe(now.length);
    }
  });

  it('never overfills a class when a bulk booking races single reservations, nor deadlocks bulk bookings racing each other', async () => {
    const time = '07:15';
    const series = [];
    for (const daysAhead of [1, 2, 3, 8, 9, 10]) series.push(await makeClass({ daysAhead, time, capacity: 3 }));
    for (const cls of series)
      await t.make.reserve(
        cls,
        (await t.make.athletes(w.gym.id, 2)).map((a) => a.athleteId),
      );
    const today = todayOf(w.gym);
    const days = [...new Set(series.map((c) => dayOfWeek(c.startDate) + 1))].join(',');
    const bulkers = await t.make.athletes(w.gym.id, 3);
    const singles = await t.make.athletes(w.gym.id, 4);
    const bulk = (i: number, athleteId: string) =>
      kiosk(i).post('/api/athlete-kilo-classes/create-bulk/', {
        athlete: athleteId,
        startDate: today,
        endDate: addDays(today, 12),
        days,
        startTime: time,
        kiloClassType: w.classType.id,
        location: w.location.id,
      });
    const results = await Promise.all([
      ...bulkers.map((a, i) => bulk(i, a.athleteId)),
      ...series.flatMap((cls, c) => singles.map((a, i) => reserve(c + i, a.athleteId, cls.id))),
    ]);
    const bulks = results.slice(0, bulkers.length);
    expect(statusesOf(bulks)).toEqual([201, 201, 201]);
    for (const r of results.slice(bulkers.length)) expect([201, 409]).toContain(r.statusCode);
    for (const cls of series) {
      const now = await holders(cls.id);
      expect(now).toHaveLength(3);
      // What each bulk booking answered is what it holds: booked where it got a place, skipped as full elsewhere.
      for (const [i, a] of bulkers.entries()) {
        const answer = bulks[i]!.json();
        const booked = answer.results.some((r: { kiloClass: string }) => r.kiloClass === cls.id);
        const skipped = answer.skipped.find((s: { kiloClassId: string }) => s.kiloClassId === cls.id);
        expect(booked).toBe(now.some((h) => h.athleteId === a.athleteId));
        if (booked) expect(skipped).toBeUndefined();
        else expect(skipped?.reason).toBe('full');
      }
    }
  });

  it('waitlists in order: 200 bookings at once for 20 places leave 20 reserved and 180 in line, 1 to 180 (issue 16)', async () => {
    const cls = await makeClass({ capacity: 20, daysAhead: 9 });
    const athletes = await t.make.athletes(w.gym.id, 200);
    const answers = await Promise.all(
      athletes.map((a, i) =>
        kiosk(i).post('/api/athlete-kilo-classes/', { athleteKiloClassId: randomUUID(), athlete: a.athleteId, kiloClass: cls.id, joinWaitlist: true }),
      ),
    );
    expect(statusesOf(answers).every((s) => s === 201)).toBe(true);
    const booked = answers.map((r) => r.json() as { athleteKiloClassId: string; isReserved: boolean; isWaitlisted: boolean; waitlistPosition: number | null });
    expect(booked.filter((b) => b.isReserved && !b.isWaitlisted)).toHaveLength(20);
    // Each answer's place in line, read after its own commit, is its place in the order the joins were made: 1 to 180.
    const positions = booked.filter((b) => b.isWaitlisted).map((b) => b.waitlistPosition!);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));
    const rows = await t.db.select().from(reservations).where(eq(reservations.eventId, cls.id));
    expect(rows.filter((r) => r.isWaitlisted && (r.isReserved || r.isCheckedIn))).toEqual([]);
    expect(await holders(cls.id)).toHaveLength(20);
    const line = rows.filter((r) => r.isWaitlisted).sort((a, b) => a.waitlistSeq! - b.waitlistSeq!);
    expect(line.map((r) => booked.find((b) => b.athleteKiloClassId === r.id)!.waitlistPosition)).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));

    // The 20 holders cancel while 30 from the middle of the line leave, all at once: exactly the first 20 in line move up.
    const reserved = rows.filter((r) => !r.isWaitlisted);
    const leaving = line.slice(100, 130);
    const cancels = await Promise.all([...reserved, ...leaving].map((r, i) => kiosk(i).delete(`/api/athlete-kilo-classes/${r.id}/`)));
    expect(statusesOf(cancels).every((s) => s === 200)).toBe(true);
    const after = await t.db.select().from(reservations).where(eq(reservations.eventId, cls.id));
    const nowHolding = after
      .filter((r) => !r.isWaitlisted)
      .map((r) => r.id)
      .sort();
    expect(nowHolding).toEqual(
      line
        .slice(0, 20)
        .map((r) => r.id)
        .sort(),
    );
    expect(await holders(cls.id)).toHaveLength(20);
    const stillWaiting = after
      .filter((r) => r.isWaitlisted)
      .sort((a, b) => a.waitlistSeq! - b.waitlistSeq!)
      .map((r) => r.id);
    expect(stillWaiting).toEqual([...line.slice(20, 100), ...line.slice(130)].map((r) => r.id));
  });

  it('promotes exactly 50, in order, when 50 holders cancel at once (issue 16)', async () => {
    const cls = await makeClass({ capacity: 50, daysAhead: 10 });
    const athletes = await t.make.athletes(w.gym.id, 120);
    const held = await t.make.reserve(
      cls,
      athletes.slice(0, 50).map((a) => a.athleteId),
    );
    const waiting = await t.make.reserve(
      cls,
      athletes.slice(50).map((a) => a.athleteId),
      { isWaitlisted: true },
    );
    const cancels = await Promise.all(held.map((id, i) => kiosk(i).delete(`/api/athlete-kilo-classes/${id}/`)));
    expect(statusesOf(cancels).every((s) => s === 200)).toBe(true);
    const after = await t.db.select().from(reservations).where(eq(reservations.eventId, cls.id));
    expect(
      after
        .filter((r) => !r.isWaitlisted)
        .map((r) => r.id)
        .sort(),
    ).toEqual(waiting.slice(0, 50).sort());
    expect(
      after
        .filter((r) => r.isWaitlisted)
        .map((r) => r.id)
        .sort(),
    ).toEqual(waiting.slice(50).sort());
    expect(after.filter((r) => r.isWaitlisted && (r.isReserved || r.isCheckedIn))).toEqual([]);
    expect(await holders(cls.id)).toHaveLength(50);
  });
});
