import { and, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** The packages each real gym's portal shows, in this order (by the names the demo's packages have). */
const SHOWN = ['Unlimited membership', '10-class pack', 'Drop-in', '2-week trial'] as const;

/**
 * A plan and the portal's figures for a shown package that has none yet (the catalogue's seed, when it runs first, gives
 * them their own: nothing here overrides it). Prices in minor units of the gym's currency.
 */
const FALLBACK: Record<
  (typeof SHOWN)[number],
  { plan: Omit<typeof t.billingPlans.$inferInsert, 'gymId' | 'packageId'>; pkg: Partial<typeof t.packages.$inferInsert> }
> = {
  'Unlimited membership': {
    plan: { name: 'Monthly', priceMinor: 15900, interval: 'month', startsOn: 'day_of_month', dayOfMonth: 1 },
    pkg: { signUpFeeMinor: 4900, description: '<p>Every class, every day. Billed on the 1st of each month; the first month is prorated.</p>' },
  },
  '10-class pack': {
    plan: { name: 'One payment', priceMinor: 18000, interval: 'month', paymentCount: 1 },
    pkg: { credits: 10, validityDays: 90, description: '<p>Ten classes to use within 90 days.</p>' },
  },
  'Drop-in': {
    plan: { name: 'One class', priceMinor: 2500, interval: 'week', paymentCount: 1 },
    pkg: { credits: 1, validityDays: 7, description: '<p>One class, any class, this week.</p>' },
  },
  '2-week trial': {
    plan: { name: 'Two weeks', priceMinor: 3900, interval: 'week', intervalCount: 2, paymentCount: 1 },
    pkg: { validityDays: 14, description: '<p>Two weeks of unlimited classes for newcomers.</p>' },
  },
};

/**
 * Issue 18: the gym's public sales portal, enabled at `slug`, showing the demo's membership, class pack, drop-in and
 * trial in that order. Idempotent; run after the gym's packages exist (db/seed people.ts, or the catalogue's seed).
 */
export async function seedSalesPortal(db: DbOrTx, gymId: string, slug: string, headline: string): Promise<void> {
  await db
    .insert(t.salesPortals)
    .values({
      gymId,
      isEnabled: true,
      slug,
      headline,
      introduction: '<p>Pick a membership or a pack, choose how to pay, and book your first class today. Questions? Ask us at the front desk.</p>',
      accentColor: 'blue',
      allowPayAtDesk: true,
    })
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(t.packages)
    .where(and(eq(t.packages.gymId, gymId), inArray(t.packages.name, [...SHOWN]), isNull(t.packages.archivedAt)));
  const [tax] = await db.select({ id: t.taxRates.id }).from(t.taxRates).where(eq(t.taxRates.gymId, gymId)).limit(1);
  for (const row of rows) {
    const name = row.name as (typeof SHOWN)[number];
    const fallback = FALLBACK[name];
    const fill: Partial<typeof t.packages.$inferInsert> = {};
    for (const [key, value] of Object.entries(fallback.pkg) as [keyof typeof fallback.pkg, never][]) {
      const current = row[key as keyof typeof row];
      if (current === null || current === '' || current === 0) fill[key] = value;
    }
    if (row.taxRateId === null && tax) fill.taxRateId = tax.id;
    await db
      .update(t.packages)
      .set({ ...fill, showInPortal: true, portalOrder: SHOWN.indexOf(name) })
      .where(eq(t.packages.id, row.id));
    const [plan] = await db
      .select({ id: t.billingPlans.id })
      .from(t.billingPlans)
      .where(and(eq(t.billingPlans.packageId, row.id), isNull(t.billingPlans.archivedAt)))
      .limit(1);
    if (!plan) await db.insert(t.billingPlans).values({ gymId, packageId: row.id, ...fallback.plan });
  }
}
