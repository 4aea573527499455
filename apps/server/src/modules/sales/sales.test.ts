import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartSaleResultSchema, invoiceMessages, saleCatalogSchema, saleMessages, taxOf } from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let us: KioskGym;
let uk: KioskGym;
let desk: ApiClient;
let ukDesk: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  us = await t.make.kioskGym({ athletes: 2 });
  uk = await t.make.kioskGym({ athletes: 1, country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  await t.db.update(s.taxRates).set({ percent: '20.0000' }).where(eq(s.taxRates.id, uk.taxRate.id));
  desk = await t.as(us.staff);
  ukDesk = await t.as(uk.staff);
});
afterAll(async () => {
  await t.close();
});

const SALES = '/api/sales/';
const key = () => `cart-${randomUUID()}`;
const sale = (client: ApiClient, body: Record<string, unknown>) => client.post(SALES, { athleteId: null, idempotencyKey: key(), ...body });
const stockOf = async (id: string) => (await t.db.select({ n: s.products.stockCount }).from(s.products).where(eq(s.products.id, id)))[0]!.n;
const invoicesOf = (gymId: string) => t.db.select().from(s.invoices).where(eq(s.invoices.gymId, gymId));
const salesOf = (productId: string) => t.db.select().from(s.productSales).where(eq(s.productSales.productId, productId));

describe('the point of sale (issue 19 H4)', () => {
  it('sells a retail item and a fee to an athlete in the US: tax added, stock taken, one invoice with a line each, product sales kept', async () => {
    const shirt = await t.make.product(us.gym.id, { name: 'Club shirt', priceMinor: 2500, taxRateId: us.taxRate.id, stockCount: 5 });
    const towel = await t.make.product(us.gym.id, { kind: 'fee', name: 'Towel fee', priceMinor: 300 });
    const athlete = us.members[0]!;
    const res = await sale(desk, {
      athleteId: athlete.athleteId,
      items: [
        { productId: shirt.id, quantity: 2 },
        { productId: towel.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = cartSaleResultSchema.parse(res.json());
    const shirtTax = taxOf(5000, 8.25, false);
    expect(invoice).toMatchObject({
      source: 'sale',
      status: 'open',
      athlete: { athleteId: athlete.athleteId },
      guestName: null,
      isTaxInclusive: false,
      netMinor: 5300,
      taxMinor: shirtTax.tax,
      totalMinor: 5300 + shirtTax.tax,
      paidMinor: 0,
      balanceMinor: 5300 + shirtTax.tax,
      issueDate: '2026-03-04',
      payments: [],
    });
    expect(invoice.numberText).toMatch(/^INV-\d{6}$/);
    expect(invoice.lines).toEqual([
      { description: 'Club shirt', itemPriceMinor: 2500, quantity: 2, taxRateValue: 8.25, netMinor: 5000, taxMinor: shirtTax.tax, totalMinor: shirtTax.total },
      { description: 'Towel fee', itemPriceMinor: 300, quantity: 1, taxRateValue: null, netMinor: 300, taxMinor: 0, totalMinor: 300 },
    ]);
    expect(await stockOf(shirt.id)).toBe(3);
    expect(await salesOf(shirt.id)).toEqual([
      expect.objectContaining({ quantity: 2, athleteId: athlete.athleteId, totalMinor: shirtTax.total, taxPercent: '8.25' }),
    ]);
    expect(await salesOf(towel.id)).toEqual([expect.objectContaining({ quantity: 1, totalMinor: 300 })]);
    const lines = await t.db.select().from(s.invoiceLines).where(eq(s.invoiceLines.invoiceId, invoice.invoiceId));
    expect(lines.map((l) => l.productId).sort()).toEqual([shirt.id, towel.id].sort());
  });

  it('UK prices include VAT: the total is the price, the VAT is inside it', async () => {
    const bar = await t.make.product(uk.gym.id, { name: 'Protein bar', priceMinor: 240, taxRateId: uk.taxRate.id, stockCount: 10 });
    const { invoice } = cartSaleResultSchema.parse(
      (await sale(ukDesk, { athleteId: uk.members[0]!.athleteId, items: [{ productId: bar.id, quantity: 3 }] })).json(),
    );
    expect(invoice).toMatchObject({ isTaxInclusive: true, totalMinor: 720, taxMinor: 120, netMinor: 600, gym: { country: 'GB' } });
  });

  it('a guest pays cash at the desk: the payment is the whole total and the invoice is paid', async () => {
    const water = await t.make.product(us.gym.id, { name: 'Water', priceMinor: 199, taxRateId: us.taxRate.id });
    const dropIn = await t.make.product(us.gym.id, { kind: 'fee', name: 'Drop-in', priceMinor: 2000 });
    const res = await sale(desk, {
      guestName: 'Walk In',
      guestEmail: 'walk.in@example.com',
      items: [
        { productId: water.id, quantity: 1 },
        { productId: dropIn.id, quantity: 1 },
      ],
      payment: { type: 'cash_or_check', reference: 'Till 1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = cartSaleResultSchema.parse(res.json());
    const total = taxOf(199, 8.25, false).total + 2000;
    expect(invoice).toMatchObject({
      athlete: null,
      guestName: 'Walk In',
      guestEmail: 'walk.in@example.com',
      status: 'paid',
      totalMinor: total,
      paidMinor: total,
      balanceMinor: 0,
    });
    expect(invoice.payments).toEqual([
      expect.objectContaining({ kind: 'payment', channel: 'cash_or_check', status: 'succeeded', amountMinor: total, reference: 'Till 1' }),
    ]);
  });

  it('the same key again answers the same invoice: no second invoice, stock move or payment', async () => {
    const shirt = await t.make.product(us.gym.id, { stockCount: 4 });
    const body = {
      athleteId: us.members[1]!.athleteId,
      items: [{ productId: shirt.id, quantity: 2 }],
      payment: { type: 'pos_terminal' },
      idempotencyKey: key(),
    };
    const first = await desk.post(SALES, body);
    const again = await desk.post(SALES, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().invoice.invoiceId).toBe(first.json().invoice.invoiceId);
    expect(again.json().invoice.payments).toHaveLength(1);
    expect(await stockOf(shirt.id)).toBe(2);
    expect(await salesOf(shirt.id)).toHaveLength(1);
  });

  it('one item short of stock refuses the whole cart: no stock, sale, invoice, number or payment is used', async () => {
    const gym = await t.make.kioskGym({ athletes: 1 });
    const client = await t.as(gym.owner);
    const plenty = await t.make.product(gym.gym.id, { name: 'Chalk', stockCount: 10 });
    const scarce = await t.make.product(gym.gym.id, { name: 'Belt', stockCount: 1 });
    const res = await sale(client, {
      guestName: 'Guest',
      items: [
        { productId: plenty.id, quantity: 2 },
        { productId: scarce.id, quantity: 2 },
      ],
      payment: { type: 'cash_or_check' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'out_of_stock', message: saleMessages.outOfStock('Belt', 1) });
    expect([await stockOf(plenty.id), await stockOf(scarce.id)]).toEqual([10, 1]);
    expect([...(await salesOf(plenty.id)), ...(await salesOf(scarce.id))]).toEqual([]);
    expect(await invoicesOf(gym.gym.id)).toEqual([]);
    // The refused sale gave its number back: the next one is number 1.
    const ok = await sale(client, { guestName: 'Guest', items: [{ productId: plenty.id, quantity: 1 }] });
    expect(ok.json().invoice.number).toBe(1);
  });

  it('the same product twice is one line of the summed quantity', async () => {
    const p = await t.make.product(us.gym.id, { name: 'Tape', priceMinor: 500, stockCount: 6 });
    const { invoice } = cartSaleResultSchema.parse(
      (
        await sale(desk, {
          guestName: 'G',
          items: [
            { productId: p.id, quantity: 1 },
            { productId: p.id, quantity: 2 },
          ],
        })
      ).json(),
    );
    expect(invoice.lines).toEqual([expect.objectContaining({ description: 'Tape', quantity: 3, totalMinor: 1500 })]);
    expect(await stockOf(p.id)).toBe(3);
  });

  it('refuses archived items, other gyms’ items and athletes, and bad carts with clear 4xx', async () => {
    const archived = await t.make.product(us.gym.id, { name: 'Old hoodie', archivedAt: new Date() });
    const foreign = await t.make.product(uk.gym.id);
    const ok = await t.make.product(us.gym.id);
    expect((await sale(desk, { guestName: 'G', items: [{ productId: archived.id, quantity: 1 }] })).json()).toMatchObject({
      code: 'archived',
      message: saleMessages.archived('Old hoodie'),
    });
    const notHere = await sale(desk, { guestName: 'G', items: [{ productId: foreign.id, quantity: 1 }] });
    expect([notHere.statusCode, notHere.json().message]).toEqual([404, saleMessages.productNotFound]);
    const otherAthlete = await sale(desk, { athleteId: uk.members[0]!.athleteId, items: [{ productId: ok.id, quantity: 1 }] });
    expect([otherAthlete.statusCode, otherAthlete.json().message]).toEqual([404, saleMessages.athleteNotFound]);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ guestName: 'G', items: [] }, 'items', invoiceMessages.cartEmpty],
      [{ items: [{ productId: ok.id, quantity: 1 }] }, 'guestName', invoiceMessages.buyerRequired],
      [{ guestName: 'G', items: [{ productId: ok.id, quantity: 0 }] }, 'items.0.quantity', invoiceMessages.quantity],
      [{ guestName: 'G', guestEmail: 'nope', items: [{ productId: ok.id, quantity: 1 }] }, 'guestEmail', invoiceMessages.guestEmail],
      [{ guestName: 'G', items: [{ productId: ok.id, quantity: 1 }], idempotencyKey: 'short' }, 'idempotencyKey', invoiceMessages.idempotencyKey],
    ];
    for (const [body, field, message] of bad) {
      const res = await sale(desk, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], `${JSON.stringify(body)} ${res.body}`).toEqual([message]);
    }
    expect(await stockOf(ok.id)).toBe(10);
  });

  it('the catalog lists the gym’s active items and fees with price, tax and stock; staff without Kiosk and athletes may not sell', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.staff);
    await t.make.product(gym.gym.id, { name: 'B shirt', priceMinor: 2000, taxRateId: gym.taxRate.id, stockCount: 3, sku: 'SH-1' });
    await t.make.product(gym.gym.id, { name: 'A archived', archivedAt: new Date() });
    await t.make.product(gym.gym.id, { kind: 'fee', name: 'C fee', priceMinor: 500 });
    const res = await client.get('/api/sales/catalog/');
    expect(res.statusCode, res.body).toBe(200);
    const catalog = saleCatalogSchema.parse(res.json());
    expect(catalog).toMatchObject({ country: 'US', isTaxInclusive: false });
    expect(catalog.results.map((r) => [r.kind, r.name, r.priceMinor, r.taxRate?.percent ?? null, r.stockCount])).toEqual([
      ['retail', 'B shirt', 2000, 8.25, 3],
      ['fee', 'C fee', 500, null, null],
    ]);
    // A fixed number of statements whatever the catalog's size.
    const few = await countDriverQueries(t.db, () => client.get('/api/sales/catalog/'));
    for (let i = 0; i < 5; i++) await t.make.product(gym.gym.id);
    const more = await countDriverQueries(t.db, () => client.get('/api/sales/catalog/'));
    expect(saleCatalogSchema.parse(more.result.json()).results).toHaveLength(7);
    expect(more.count).toBe(few.count);
    const noKiosk = await t.as(await t.make.staff(gym.gym.id, { permissions: ['AthleteView'] }));
    expect((await noKiosk.get('/api/sales/catalog/')).statusCode).toBe(403);
    expect((await sale(noKiosk, { guestName: 'G', items: [{ productId: catalog.results[0]!.productId, quantity: 1 }] })).statusCode).toBe(403);
    const member = await t.make.athlete(gym.gym.id);
    const athlete = await t.as({ userId: member.userId!, profileId: member.profileId });
    expect((await sale(athlete, { guestName: 'G', items: [{ productId: catalog.results[0]!.productId, quantity: 1 }] })).statusCode).toBe(403);
    expect(await stockOf(catalog.results[0]!.productId)).toBe(3);
  });
});
