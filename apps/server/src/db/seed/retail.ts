import { and, eq, isNull } from 'drizzle-orm';
import { taxOf, type GymCountry } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { SeededRandom } from './random';

/**
 * Issue 18: a real gym's retail items and fees, with their stock (a couple low, one out of stock) and some past sales,
 * taxed at the gym's own rates (its class tax rate, and 'No tax' for water); plus one archived rate, so the tax-rate
 * archive shows something. Its own random stream: nothing seeded before it moves.
 */
type Item = { name: string; sku: string; price: { US: number; GB: number; CA: number }; stock: number; low: number; taxed: boolean; description: string };

const RETAIL: Item[] = [
  {
    name: 'Club T-Shirt',
    sku: 'TEE-BLK',
    price: { US: 2800, GB: 2200, CA: 3200 },
    stock: 24,
    low: 6,
    taxed: true,
    description: 'Black cotton tee with the gym logo.',
  },
  { name: 'Chalk Block', sku: 'CHALK-60', price: { US: 400, GB: 300, CA: 500 }, stock: 3, low: 5, taxed: true, description: '60 g magnesium carbonate block.' },
  { name: 'Protein Bar', sku: 'BAR-PB', price: { US: 350, GB: 250, CA: 400 }, stock: 38, low: 12, taxed: true, description: 'Peanut butter, 20 g protein.' },
  { name: 'Bottled Water', sku: 'H2O-500', price: { US: 200, GB: 120, CA: 225 }, stock: 60, low: 12, taxed: false, description: '500 ml still water.' },
  { name: 'Wrist Wraps', sku: 'WRAP-18', price: { US: 2200, GB: 1800, CA: 2600 }, stock: 0, low: 2, taxed: true, description: '18 inch, thumb loop.' },
  { name: 'Speed Jump Rope', sku: 'ROPE-SPD', price: { US: 3000, GB: 2500, CA: 3500 }, stock: 2, low: 3, taxed: true, description: 'Adjustable steel cable.' },
  { name: 'Shaker Bottle', sku: 'SHAKE-700', price: { US: 1200, GB: 900, CA: 1400 }, stock: 15, low: 4, taxed: true, description: '700 ml with mixing ball.' },
  { name: 'Lifting Straps', sku: 'STRAP-CTN', price: { US: 1500, GB: 1200, CA: 1800 }, stock: 11, low: 3, taxed: true, description: 'Cotton, pair.' },
];

const FEES: { name: string; price: { US: number; GB: number; CA: number }; taxed: boolean; description: string }[] = [
  { name: 'Drop-in Fee', price: { US: 2500, GB: 1500, CA: 2500 }, taxed: true, description: 'One class for a visitor without a membership.' },
  { name: 'Towel Hire', price: { US: 300, GB: 200, CA: 300 }, taxed: true, description: 'A fresh towel for the session.' },
  { name: 'Late Fee', price: { US: 1000, GB: 800, CA: 1000 }, taxed: false, description: 'A payment made after its due date.' },
  { name: 'Key Fob Replacement', price: { US: 1500, GB: 1000, CA: 1500 }, taxed: true, description: 'A new door fob for a lost one.' },
];

export async function seedRetail(db: Tx, gym: { id: string; country: GymCountry; isTaxInclusive: boolean }, now: Date, seed: number): Promise<void> {
  const rng = new SeededRandom(seed);
  const [g] = await db.select({ classTaxRateId: t.gyms.classTaxRateId }).from(t.gyms).where(eq(t.gyms.id, gym.id));
  const rates = await db
    .select()
    .from(t.taxRates)
    .where(and(eq(t.taxRates.gymId, gym.id), eq(t.taxRates.isActive, true)));
  const main = rates.find((r) => r.id === g?.classTaxRateId) ?? rates[0] ?? null;
  const none = rates.find((r) => Number(r.percent) === 0) ?? null;
  await db.insert(t.taxRates).values({
    id: rng.uuid(),
    gymId: gym.id,
    name: gym.country === 'GB' ? 'VAT (old 17.5%)' : 'Sales Tax (2024)',
    percent: gym.country === 'GB' ? '17.5000' : '7.7500',
    isActive: false,
  });
  const country = gym.country === 'GB' ? 'GB' : gym.country === 'CA' ? 'CA' : 'US';
  const rateOf = (taxed: boolean) => (taxed ? main : none);

  const productRows: (typeof t.products.$inferInsert)[] = [
    ...RETAIL.map((i) => ({
      id: rng.uuid(),
      gymId: gym.id,
      kind: 'retail' as const,
      name: i.name,
      sku: i.sku,
      description: i.description,
      priceMinor: i.price[country],
      taxRateId: rateOf(i.taxed)?.id ?? null,
      stockCount: i.stock,
      lowStockThreshold: i.low,
      createdAt: new Date(now.getTime() - 120 * 86_400_000),
    })),
    ...FEES.map((f) => ({
      id: rng.uuid(),
      gymId: gym.id,
      kind: 'fee' as const,
      name: f.name,
      sku: null,
      description: f.description,
      priceMinor: f.price[country],
      taxRateId: rateOf(f.taxed)?.id ?? null,
      stockCount: null,
      lowStockThreshold: null,
      createdAt: new Date(now.getTime() - 120 * 86_400_000),
    })),
    // An archived item, so the archive filter shows one.
    {
      id: rng.uuid(),
      gymId: gym.id,
      kind: 'retail' as const,
      name: 'Summer Tank Top',
      sku: 'TANK-2025',
      description: 'Last summer’s run.',
      priceMinor: RETAIL[0]!.price[country] - 500,
      taxRateId: main?.id ?? null,
      stockCount: 4,
      lowStockThreshold: 0,
      archivedAt: new Date(now.getTime() - 30 * 86_400_000),
    },
  ];
  await db.insert(t.products).values(productRows);

  const athletes = await db
    .select({ id: t.athletes.id })
    .from(t.athletes)
    .where(and(eq(t.athletes.gymId, gym.id), isNull(t.athletes.archivedAt)))
    .limit(60);
  const sales: (typeof t.productSales.$inferInsert)[] = [];
  const percentOf = (id: string | null | undefined) => rates.find((r) => r.id === id)?.percent ?? null;
  for (const p of productRows) {
    const count = p.kind === 'fee' ? rng.int(2, 6) : rng.int(3, 10);
    for (let i = 0; i < count; i++) {
      const quantity = p.kind === 'retail' && rng.chance(0.25) ? rng.int(2, 3) : 1;
      const percent = percentOf(p.taxRateId);
      const money = taxOf(p.priceMinor * quantity, percent === null ? 0 : Number(percent), gym.isTaxInclusive);
      const athlete = athletes.length > 0 && rng.chance(0.7) ? rng.pick(athletes).id : null;
      sales.push({
        id: rng.uuid(),
        gymId: gym.id,
        productId: p.id!,
        athleteId: athlete,
        quantity,
        unitPriceMinor: p.priceMinor,
        taxPercent: percent === null ? null : String(Number(percent)),
        netMinor: money.net,
        taxMinor: money.tax,
        totalMinor: money.total,
        idempotencyKey: null,
        createdAt: new Date(now.getTime() - rng.int(1, 90) * 86_400_000 - rng.int(0, 12) * 3_600_000),
      });
    }
  }
  await db.insert(t.productSales).values(sales);
}
