import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { openDatabase, type Database } from '../../db/client';
import { createChangeFeed, type WriteContext } from '../../lib/changes';
import { athletePackages, invoices } from '../../db/schema';
import { runBilling } from './billing-run';

fixClock(TEST_NOW);
/** Real races need PostgreSQL (PGlite runs one transaction at a time). */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('two billing workers on the same day on PostgreSQL', () => {
  let t: TestApp;
  let second: Database;
  beforeAll(async () => {
    t = await createTestApp();
    // A second process: its own pool on the same database.
    const url = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${url.rows[0]!.name}`;
    second = await openDatabase({ database: { kind: 'postgres', url: u.toString() } });
  });
  /** The second process's commands: its own database and change feed. */
  const secondCtx = (): WriteContext => ({ db: second.db, changes: createChangeFeed(second) });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('bill each due period exactly once, with gap-free numbers per gym, whichever worker takes it', async () => {
    const gyms = [await t.make.gym({ timeZone: 'America/Chicago' }), await t.make.gym({ timeZone: 'Europe/London', country: 'GB' })];
    const packageIds: string[] = [];
    for (const gym of gyms) {
      const pkg = await t.make.package(gym.id);
      const plan = await t.make.billingPlan(gym.id, pkg.id, { priceMinor: 5000 });
      const athletes = await t.make.athletes(gym.id, 30);
      for (const a of athletes) {
        // Some are a period behind (two invoices each), most due today.
        const ap = await t.make.athletePackage(gym.id, a.athleteId, {
          packageId: pkg.id,
          billingPlanId: plan.id,
          priceMinor: 5000,
          nextBillingDate: packageIds.length % 5 === 0 ? '2026-02-04' : '2026-03-04',
        });
        packageIds.push(ap.id);
      }
    }
    const results = await Promise.all([runBilling(t.ctx, t.app.jobs), runBilling(secondCtx(), null), runBilling(t.ctx, null), runBilling(secondCtx(), null)]);
    const expected = packageIds.reduce((n, _id, i) => n + (i % 5 === 0 ? 2 : 1), 0);
    expect(results.reduce((n, r) => n + r.invoices, 0)).toBe(expected);
    for (const gym of gyms) {
      const rows = await t.db
        .select({ number: invoices.number, ap: invoices.athletePackageId, start: invoices.periodStart })
        .from(invoices)
        .where(eq(invoices.gymId, gym.id));
      const numbers = rows.map((r) => r.number!).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => `${r.ap}:${r.start}`)).size).toBe(rows.length);
    }
    const stillDue = (await t.db.execute(sql`select count(*)::int as n from ${athletePackages} where next_billing_date <= '2026-03-04'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(stillDue.rows[0]!.n).toBe(0);
    // A worker coming late finds nothing left.
    expect((await runBilling(secondCtx(), null)).invoices).toBe(0);
  });
});
