import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { saleMessages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { invoices, payments, productSales, products } from '../../db/schema';

fixClock(TEST_NOW);
/**
 * Real races need real concurrency: on PostgreSQL every request has a connection of the pool. PGlite runs one
 * transaction at a time, so there this proves nothing.
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('front-desk sales racing each other on PostgreSQL (issue 19 H4)', () => {
  type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let t: TestApp;
  let w: KioskGym;
  let desks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 2 });
    desks = [await t.as(w.staff), await t.as(w.staff), await t.as(w.owner)];
    for (const d of desks) await d.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const sell = (i: number, items: { productId: string; quantity: number }[], o: Record<string, unknown> = {}) =>
    desks[i % desks.length]!.post('/api/sales/', { athleteId: null, guestName: `Guest ${i}`, items, idempotencyKey: `race-${randomUUID()}`, ...o });
  const stockOf = async (id: string) => (await t.db.select({ n: products.stockCount }).from(products).where(eq(products.id, id)))[0]!.n;
  const gymInvoices = () => t.db.select().from(invoices).where(eq(invoices.gymId, w.gym.id));

  it('two desks selling the last unit at once: one sale, one invoice, and a clear refusal', async () => {
    const last = await t.make.product(w.gym.id, { name: 'Last belt', stockCount: 1 });
    const fee = await t.make.product(w.gym.id, { kind: 'fee', name: 'Drop-in' });
    const before = (await gymInvoices()).length;
    const answers = await Promise.all(
      [0, 1].map((i) =>
        sell(
          i,
          [
            { productId: fee.id, quantity: 1 },
            { productId: last.id, quantity: 1 },
          ],
          { payment: { type: 'cash_or_check' } },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'out_of_stock', message: saleMessages.outOfStock('Last belt', 0) });
    expect(await stockOf(last.id)).toBe(0);
    expect(await t.db.select().from(productSales).where(eq(productSales.productId, last.id))).toHaveLength(1);
    // The refused cart's fee line was rolled back with it.
    expect(await t.db.select().from(productSales).where(eq(productSales.productId, fee.id))).toHaveLength(1);
    expect((await gymInvoices()).length).toBe(before + 1);
  });

  it('the same cart sent at once from several desks is one invoice, one stock move and one payment', async () => {
    const shirt = await t.make.product(w.gym.id, { stockCount: 10 });
    const key = `race-${randomUUID()}`;
    const body = { athleteId: w.members[0]!.athleteId, guestName: undefined, payment: { type: 'pos_terminal' }, idempotencyKey: key };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => sell(i, [{ productId: shirt.id, quantity: 3 }], body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().invoice.invoiceId)).size).toBe(1);
    expect(await stockOf(shirt.id)).toBe(7);
    const invoiceId = answers[0]!.json().invoice.invoiceId as string;
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
    expect(answers.every((r) => r.json().invoice.status === 'paid')).toBe(true);
  });

  it('40 sales at once, some refused for stock: the invoice numbers run without a gap or a repeat', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const gymDesks = [await t.as(gym.staff), await t.as(gym.owner)];
    const scarce = await t.make.product(gym.gym.id, { stockCount: 25 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        gymDesks[i % 2]!.post('/api/sales/', {
          athleteId: null,
          guestName: `G${i}`,
          items: [{ productId: scarce.id, quantity: 1 }],
          idempotencyKey: `num-${randomUUID()}`,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(25);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const numbers = (await t.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.gymId, gym.gym.id))).map((r) => r.n!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await stockOf(scarce.id)).toBe(0);
  });
});
