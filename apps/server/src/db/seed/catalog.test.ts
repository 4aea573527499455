import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { packageInputSchema, packageKinds, type GymCountry } from '@spotter/shared';
import { openDatabase, queryRows } from '../client';
import { migrate } from '../migrate';
import { findPackage } from '../../modules/packages/packages.repository';
import { seed } from './seed';

describe('seeded package catalogue (issue 18)', () => {
  it('gives each real gym 6-10 packages across the kinds with 1-3 plans, priced in its currency, some in the portal, one archived; every one valid input', async () => {
    const database = await openDatabase({ database: { kind: 'memory' } });
    try {
      await migrate(database);
      await seed(database.db, new Date('2026-11-24T18:00:00Z'));
      const gyms = await queryRows<{ id: string; title: string; country: GymCountry }>(
        database.db,
        sql`select id, title, country from gyms where exists (select 1 from packages p where p.gym_id = gyms.id) order by title`,
      );
      expect(gyms.map((g) => g.title)).toEqual(['Iron Temple Barbell', 'Maple Athletics', 'Northside Strength']);
      const monthly: Record<string, number> = {};
      for (const g of gyms) {
        const ids = await queryRows<{ id: string }>(database.db, sql`select id from packages where gym_id = ${g.id} order by name`);
        expect(ids.length).toBeGreaterThanOrEqual(6);
        expect(ids.length).toBeLessThanOrEqual(10);
        const list = await Promise.all(ids.map((r) => findPackage(database.db, g.id, r.id)));
        const active = list.filter((p) => p && !p.isArchived);
        expect(list.filter((p) => p?.isArchived)).toHaveLength(1);
        expect(new Set(active.map((p) => p!.kind))).toEqual(new Set(packageKinds));
        expect(active.filter((p) => p!.showInPortal).length).toBeGreaterThan(2);
        expect(new Set(active.map((p) => p!.category)).size).toBeGreaterThanOrEqual(3);
        for (const p of list) {
          expect(p!.billingPlans.length, p!.name).toBeGreaterThanOrEqual(1);
          expect(p!.billingPlans.length, p!.name).toBeLessThanOrEqual(3);
          // What the seed made, the API would take as it is.
          const parsed = packageInputSchema.safeParse({
            ...p,
            taxRateId: p!.taxRate?.taxRateId ?? null,
            billingPlans: p!.billingPlans.map(({ inUse: _, ...plan }) => plan),
          });
          expect(parsed.success, `${g.title} ${p!.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
        const pt = active.find((p) => p!.name === 'Personal training 5-pack')!;
        expect([pt.coversAllClassTypes, pt.appointmentTypeIds.length]).toEqual([false, 2]);
        monthly[g.country] = active.find((p) => p!.name === 'Unlimited membership')!.billingPlans[0]!.priceMinor;
        // The athletes' packages of people.ts are the catalogue's.
        const [held] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from athlete_packages ap join packages p on p.id = ap.package_id where ap.gym_id = ${g.id} and p.gym_id = ${g.id}`,
        );
        expect(held!.n).toBeGreaterThan(50);
      }
      expect(monthly).toEqual({ US: 17_900, GB: 15_200, CA: 22_400 });
    } finally {
      await database.close();
    }
  });
});
