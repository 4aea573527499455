import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { productSales, products } from '../../db/schema';

fixClock(TEST_NOW);
/**
 * Real races need real concurrency: on PostgreSQL every request has a connection of the pool and the sales meet in
 * the guarded stock update (`stock_count >= q`). PGlite runs one transaction at a time, so there this proves nothing.
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('retail sales racing each other on PostgreSQL (issue 18)', () => {
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

  const sell = (i: number, productId: string, quantity: number, idempotencyKey = `race-${randomUUID()}`) =>
    desks[i % desks.length]!.post(`/api/products/items/${productId}/sell/`, { quantity, athleteId: null, idempotencyKey });
  const stockOf = async (id: string) => (await t.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0]!.n;
  const salesOf = (id: string) => t.db.select().from(productSales).where(eq(productSales.productId, id));

  it('30 desks selling the last 5 units one each: 5 sales, stock 0, 25 clear refusals', async () => {
    const p = await t.make.product(w.gym.id, { stockCount: 5, lowStockThreshold: 2 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sell(i, p.id, 1)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(25);
    expect(refused.every((r) => r.json().code === 'out_of_stock' && r.json().message === catalogMessages.outOfStock(0))).toBe(true);
    expect(await stockOf(p.id)).toBe(0);
    expect(await salesOf(p.id)).toHaveLength(5);
  });

  it('mixed quantities never take more than there is, and the units sold plus the stock left equal the start', async () => {
    const p = await t.make.product(w.gym.id, { stockCount: 7 });
    const quantities = [3, 2, 2, 1, 3, 1, 2, 3, 1, 2, 1, 3];
    const answers = await Promise.all(quantities.map((q, i) => sell(i, p.id, q)));
    const sold = (await salesOf(p.id)).reduce((n, s) => n + s.quantity, 0);
    const left = await stockOf(p.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(sold + left!).toBe(7);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength((await salesOf(p.id)).length);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  });

  it('the same idempotency key sent at once from several desks is one sale', async () => {
    const p = await t.make.product(w.gym.id, { stockCount: 10 });
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => sell(i, p.id, 2, key)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().saleId)).size).toBe(1);
    expect(await salesOf(p.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(8);
  });
});
