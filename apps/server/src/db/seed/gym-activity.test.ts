import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@spotter/shared';
import { MIN_WAITING, classPlanFor, startTimesFor } from './gym-activity';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { seed } from './seed';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe('seeded class times of today (CONTRACT.md "Demo data")', () => {
  it('whatever the minute of the day, one class is under way (classes last an hour)', () => {
    for (let now = 0; now < 24 * 60; now++) {
      const starts = startTimesFor('2026-11-22', '2026-11-22', hhmm(now)).map(minutesOf);
      expect(
        starts.some((start) => start <= now && now < start + 60),
        `at ${hhmm(now)}`,
      ).toBe(true);
    }
  });

  it('other days follow the regular schedule', () => {
    expect(startTimesFor('2026-11-23', '2026-11-22', '00:05')).toEqual(startTimesFor('2026-11-24', '2026-11-22', '13:40'));
  });
});

describe('seeded series (the kiosk bulk booking books a class of today again on later days)', () => {
  it('whatever the day and the minute, a class of today recurs with its type and room within the week', () => {
    for (const today of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-28']) {
      const week = [1, 2, 3, 4, 5, 6, 7].map((day) => classPlanFor(day, addDays(today, day), today, '00:00', 5));
      for (let now = 0; now < 24 * 60; now += 5) {
        const plan = classPlanFor(0, today, today, hhmm(now), 5);
        const recurring = plan.filter((c) =>
          week.some((other) => other.some((o) => o.time === c.time && o.typeIndex === c.typeIndex && o.place % 2 === c.place % 2)),
        );
        expect(recurring.length, `${today} at ${hhmm(now)}`).toBeGreaterThan(0);
        expect(recurring.every((c) => c.isSeries)).toBe(true);
      }
    }
  });
});

describe('seeded reservations of the classes under way', () => {
  // Seeded at 08:10 and 17:10 UTC, the build before MIN_WAITING left a class under way with a single athlete to check
  // in, and a kiosk browser journey found none once it had marked a late cancel.
  it.each(['2026-11-22T08:10:00Z', '2026-11-22T17:10:00Z'])(`leave at least ${MIN_WAITING} reserved athletes not yet checked in (seeded at %s)`, async (at) => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date(at));
      const classes = await queryRows<{ id: string; waiting: number }>(
        database.db,
        sql`select c.id, (select count(*)::int from reservations r
            where r.event_id = c.id and r.is_reserved and not r.is_checked_in and not r.is_late_cancel and not r.is_no_show) as waiting
          from events c where c.kind = 'class' and c.starts_at <= ${at}::timestamptz and ${at}::timestamptz < c.starts_at + make_interval(mins => c.duration_minutes)`,
      );
      expect(classes.length).toBeGreaterThan(0);
      for (const c of classes) expect(c.waiting, `class ${c.id}`).toBeGreaterThanOrEqual(MIN_WAITING);
    } finally {
      await database.close();
    }
  });
});

describe('seeded schedule (issue 16)', () => {
  it('gives each real gym weekly series with rooms, full classes with a waitlist in line order, and appointment types with coaches', async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{ title: string; series: number; rooms: number; open: number; typesWithCoaches: number }>(
        database.db,
        sql`select g.title,
            (select count(*)::int from class_series s where s.gym_id = g.id) as series,
            (select count(*)::int from rooms r where r.gym_id = g.id and r.archived_at is null) as rooms,
            (select count(*)::int from class_series s where s.gym_id = g.id and s.materialized_through >= date '2026-11-24' + 83) as open,
            (select count(distinct t.appointment_type_id)::int from appointment_type_coaches t where t.gym_id = g.id) as "typesWithCoaches"
          from gyms g where g.title in ('Iron Temple Barbell', 'Northside Strength', 'Maple Athletics') order by g.title`,
      );
      expect(gyms).toEqual([
        { title: 'Iron Temple Barbell', series: 21, rooms: 3, open: 21, typesWithCoaches: 3 },
        { title: 'Maple Athletics', series: 21, rooms: 3, open: 21, typesWithCoaches: 3 },
        { title: 'Northside Strength', series: 21, rooms: 3, open: 21, typesWithCoaches: 3 },
      ]);
      const lines = await queryRows<{ id: string; capacity: number; held: number; waiting: number; seqs: string }>(
        database.db,
        sql`select e.id, e.capacity,
            (select count(*)::int from reservations r where r.event_id = e.id and r.is_reserved) as held,
            (select count(*)::int from reservations r where r.event_id = e.id and r.is_waitlisted) as waiting,
            (select string_agg(r.waitlist_seq::text, ',' order by r.registration_datetime) from reservations r where r.event_id = e.id and r.is_waitlisted) as seqs
          from events e where e.kind = 'class' and exists (select 1 from reservations r where r.event_id = e.id and r.is_waitlisted)`,
      );
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        expect(line.held).toBe(line.capacity);
        expect(line.waiting).toBeGreaterThanOrEqual(2);
        const seqs = line.seqs.split(',').map(Number);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      }
    } finally {
      await database.close();
    }
  });
});
