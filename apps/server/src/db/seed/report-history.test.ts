import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { seed } from './seed';

describe('seeded report history (issue 21)', () => {
  it('gives each real gym 12 months of payments, refunds, membership changes, holds, past-due bills of different ages and class check-ins, all in the past, without changing any membership state', async () => {
    const now = new Date('2026-11-24T18:00:00Z');
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, now);
      const gyms = await queryRows<{ id: string; title: string; tz: string }>(
        database.db,
        sql`select id, title, time_zone as tz from gyms where title in ('Iron Temple Barbell', 'Northside Strength', 'Maple Athletics') order by title`,
      );
      expect(gyms).toHaveLength(3);
      for (const g of gyms) {
        const today = (await queryRows<{ d: string }>(database.db, sql`select ((${now.toISOString()}::timestamptz at time zone ${g.tz})::date)::text as d`))[0]!
          .d;
        // Money in each of the last 12 months (and refunds in at least three of them), never after now.
        const months = await queryRows<{ m: string; pay: number; refunds: number }>(
          database.db,
          sql`select to_char(created_at at time zone ${g.tz}, 'YYYY-MM') as m, count(*) filter (where kind = 'payment')::int as pay, count(*) filter (where kind = 'refund')::int as refunds
            from payments where gym_id = ${g.id} and status = 'succeeded' and created_at > ${now.toISOString()}::timestamptz - interval '365 days' group by 1 order by 1`,
        );
        expect(months.filter((m) => m.pay > 10).length, g.title).toBeGreaterThanOrEqual(12);
        expect(months.filter((m) => m.refunds > 0).length, g.title).toBeGreaterThanOrEqual(3);
        const [late] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from payments where gym_id = ${g.id} and created_at > ${now.toISOString()}::timestamptz`,
        );
        expect(late!.n).toBe(0);
        // Past-due bills of different ages: one under 60 days overdue and one over 90.
        const [ages] = await queryRows<{ young: number; old: number }>(
          database.db,
          sql`select count(*) filter (where due_date > ${today}::date - 60)::int as young, count(*) filter (where due_date < ${today}::date - 90)::int as old
            from invoices where gym_id = ${g.id} and status = 'past_due'`,
        );
        expect(ages!.young, g.title).toBeGreaterThan(0);
        expect(ages!.old, g.title).toBeGreaterThan(0);
        // Memberships cancelled in at least 6 different months of the year; reactivations after a 30-day gap; trials
        // converted and trials cancelled; holds that ended in the past.
        const [m] = await queryRows<{
          cancelMonths: number;
          reactivated: number;
          converted: number;
          trialsCancelled: number;
          pastHolds: number;
          newMonths: number;
        }>(
          database.db,
          sql`select
            (select count(distinct to_char(ap.end_date, 'YYYY-MM'))::int from athlete_packages ap join packages p on p.id = ap.package_id
              where ap.gym_id = ${g.id} and ap.status = 'cancelled' and p.kind <> 'trial' and ap.end_date > ${today}::date - 365) as "cancelMonths",
            (select count(distinct n.athlete_id)::int from athlete_packages n join packages np on np.id = n.package_id
              join athlete_packages o on o.athlete_id = n.athlete_id and o.id <> n.id and o.end_date <= n.start_date - 30 join packages op on op.id = o.package_id
              where n.gym_id = ${g.id} and np.kind <> 'trial' and op.kind <> 'trial' and n.start_date > ${today}::date - 365) as reactivated,
            (select count(*)::int from athlete_packages t join packages tp on tp.id = t.package_id and tp.kind = 'trial'
              join athlete_packages n on n.athlete_id = t.athlete_id and n.start_date = t.end_date + 1 join packages np on np.id = n.package_id and np.kind <> 'trial'
              where t.gym_id = ${g.id}) as converted,
            (select count(*)::int from athlete_packages ap join packages p on p.id = ap.package_id
              where ap.gym_id = ${g.id} and p.kind = 'trial' and ap.status = 'cancelled' and ap.cancelled_at < ${now.toISOString()}::timestamptz - interval '30 days') as "trialsCancelled",
            (select count(*)::int from athlete_packages where gym_id = ${g.id} and hold_ends_on < ${today}::date) as "pastHolds",
            (select count(distinct to_char(ap.start_date, 'YYYY-MM'))::int from athlete_packages ap join packages p on p.id = ap.package_id
              where ap.gym_id = ${g.id} and p.kind <> 'trial' and ap.start_date > ${today}::date - 365) as "newMonths"`,
        );
        expect(m!.cancelMonths, g.title).toBeGreaterThanOrEqual(6);
        expect(m!.reactivated, g.title).toBeGreaterThanOrEqual(4);
        expect(m!.converted, g.title).toBeGreaterThanOrEqual(8);
        expect(m!.trialsCancelled, g.title).toBeGreaterThanOrEqual(3);
        expect(m!.pastHolds, g.title).toBeGreaterThanOrEqual(2);
        expect(m!.newMonths, g.title).toBeGreaterThanOrEqual(10);
        // Check-ins at every weekday and at least 6 different hours in the last 12 weeks, and in each of the 12 months.
        const [c] = await queryRows<{ weekdays: number; hours: number; months: number }>(
          database.db,
          sql`select
            count(distinct extract(isodow from e.start_date)) filter (where e.start_date > ${today}::date - 84)::int as weekdays,
            count(distinct extract(hour from e.start_time)) filter (where e.start_date > ${today}::date - 84)::int as hours,
            count(distinct to_char(e.start_date, 'YYYY-MM')) filter (where e.start_date > ${today}::date - 365)::int as months
            from reservations r join events e on e.id = r.event_id where r.gym_id = ${g.id} and r.is_checked_in and e.kind = 'class' and e.cancelled_at is null`,
        );
        expect(c).toEqual({ weekdays: 7, hours: expect.any(Number), months: 13 });
        expect(c!.hours).toBeGreaterThanOrEqual(6);
        // Birthdays in every month.
        const [b] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(distinct extract(month from dob))::int as n from athletes where gym_id = ${g.id} and dob is not null`,
        );
        expect(b!.n).toBe(12);
      }
      // Nothing it added is in the future: no added class after the seed's first week of activity.
      const [future] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from athlete_packages where status in ('cancelled', 'ended') and start_date > now() + interval '400 days'`,
      );
      expect(future!.n).toBe(0);
      // The demo athlete is still an active member (bookable).
      const [alex] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from athlete_packages ap join athletes a on a.id = ap.athlete_id join gyms g on g.id = a.gym_id
          where a.email = 'athlete@example.com' and g.title = 'Iron Temple Barbell' and ap.status = 'active'`,
      );
      expect(alex!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
