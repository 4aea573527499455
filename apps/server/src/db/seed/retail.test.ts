import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { taxOf } from '@spotter/shared';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { seed } from './seed';

describe('seeded retail and fees (issue 18)', () => {
  it("gives each real gym 6-10 retail items (some low, one out of stock), 3-5 fees, past sales taxed at the gym's rates, and nothing to demo gyms", async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{ id: string; title: string; is_tax_inclusive: boolean }>(
        database.db,
        sql`select id, title, is_tax_inclusive from gyms where exists (select 1 from products p where p.gym_id = gyms.id) order by title`,
      );
      expect(gyms.map((g) => g.title)).toEqual(['Iron Temple Barbell', 'Maple Athletics', 'Northside Strength']);
      for (const g of gyms) {
        const [c] = await queryRows<{ retail: number; fees: number; low: number; out: number; archived_rates: number; foreign_rates: number }>(
          database.db,
          sql`select (select count(*)::int from products where gym_id = ${g.id} and kind = 'retail' and archived_at is null) as retail,
            (select count(*)::int from products where gym_id = ${g.id} and kind = 'fee' and archived_at is null) as fees,
            (select count(*)::int from products where gym_id = ${g.id} and kind = 'retail' and archived_at is null and stock_count <= low_stock_threshold) as low,
            (select count(*)::int from products where gym_id = ${g.id} and kind = 'retail' and archived_at is null and stock_count = 0) as out,
            (select count(*)::int from tax_rates where gym_id = ${g.id} and not is_active) as archived_rates,
            (select count(*)::int from products p join tax_rates r on r.id = p.tax_rate_id where p.gym_id = ${g.id} and r.gym_id <> p.gym_id) as foreign_rates`,
        );
        expect(c!.retail).toBeGreaterThanOrEqual(6);
        expect(c!.retail).toBeLessThanOrEqual(10);
        expect(c!.fees).toBeGreaterThanOrEqual(3);
        expect(c!.fees).toBeLessThanOrEqual(5);
        expect(c!.low).toBeGreaterThanOrEqual(3);
        expect(c!.out).toBe(1);
        expect(c!.archived_rates).toBe(1);
        expect(c!.foreign_rates).toBe(0);
        const sales = await queryRows<{
          quantity: number;
          unit_price_minor: number;
          tax_percent: string | null;
          net_minor: number;
          tax_minor: number;
          total_minor: number;
        }>(database.db, sql`select quantity, unit_price_minor, tax_percent, net_minor, tax_minor, total_minor from product_sales where gym_id = ${g.id}`);
        expect(sales.length).toBeGreaterThan(20);
        for (const s of sales) {
          expect(taxOf(s.unit_price_minor * s.quantity, Number(s.tax_percent ?? 0), g.is_tax_inclusive)).toEqual({
            net: s.net_minor,
            tax: s.tax_minor,
            total: s.total_minor,
          });
        }
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
