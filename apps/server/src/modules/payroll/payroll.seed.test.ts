import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, toZoned, type GymCountry } from '@spotter/shared';
import { openDatabase, queryRows } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed/seed';
import { payrollReport } from './payroll-report';

describe('seeded payroll (issue 37)', () => {
  it('gives each real gym rates (one archived, still paying), assignments and logged hours, so the last four weeks pay coaches and the desk', async () => {
    const now = new Date('2026-11-24T18:00:00Z');
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, now);
      const gyms = await queryRows<{ id: string; title: string; time_zone: string; country: GymCountry }>(
        database.db,
        sql`select id, title, time_zone, country from gyms where exists (select 1 from pay_rates r where r.gym_id = gyms.id) order by title`,
      );
      expect(gyms.map((g) => g.title)).toEqual(['Iron Temple Barbell', 'Maple Athletics', 'Northside Strength']);
      for (const g of gyms) {
        const [c] = await queryRows<{ archived: number; pending: number; approved: number; rejected: number; kinds: number }>(
          database.db,
          sql`select (select count(*)::int from pay_rates where gym_id = ${g.id} and archived_at is not null) as archived,
                     (select count(distinct kind)::int from pay_rates where gym_id = ${g.id}) as kinds,
                     (select count(*)::int from work_entries where gym_id = ${g.id} and status = 'pending') as pending,
                     (select count(*)::int from work_entries where gym_id = ${g.id} and status = 'approved') as approved,
                     (select count(*)::int from work_entries where gym_id = ${g.id} and status = 'rejected') as rejected`,
        );
        expect(c).toMatchObject({ archived: 1, kinds: 5, rejected: 1 });
        expect(c!.pending).toBeGreaterThan(0);
        expect(c!.approved).toBeGreaterThan(10);
        const today = toZoned(now, g.time_zone).date;
        const report = await payrollReport(
          database.db,
          { gymId: g.id, timeZone: g.time_zone, country: g.country },
          { from: addDays(today, -30), to: today },
          now,
        );
        const lines = report.rows.flatMap((r) => r.lines);
        expect(report.rows.length).toBeGreaterThanOrEqual(3);
        expect(report.totals.classMinor).toBeGreaterThan(0);
        expect(report.totals.workMinor).toBeGreaterThan(0);
        // The archived rate paid the days before the current season's rates started.
        expect(lines.some((l) => l.rateName === 'Per class (last season)')).toBe(true);
        expect(lines.some((l) => l.rateName === 'Class by attendance')).toBe(true);
      }
    } finally {
      await database.close();
    }
  });
});
