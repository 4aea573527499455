import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MAX_INVOICE_TOTAL_MINOR,
  MAX_LINE_QUANTITY,
  MAX_PRICE_MINOR,
  cartSaleResultSchema,
  invoiceDetailSchema,
  invoicePageSchema,
  moneyLimitMessages,
  saleSchema,
  toZoned,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { runBilling } from '../billing';
import { createInvoice } from './invoices.service';

/**
 * Issue 32 item 3 (decision 040): quantities and amounts are bounded per line and per invoice, every path that makes
 * an invoice line keeps to them, and the money columns that can pass 2^31 minor units are bigint, read back as numbers.
 */

fixClock(TEST_NOW);
const TODAY = '2026-03-04';
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let desk: ApiClient;
let owner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 3 });
  desk = await t.as(w.staff);
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await t?.close();
});

const key = () => `limits-${randomUUID()}`;
const sale = (body: Record<string, unknown>) => desk.post('/api/sales/', { athleteId: null, guestName: 'Big Spender', idempotencyKey: key(), ...body });
const invoiceCount = async (gymId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.invoices)
      .where(eq(s.invoices.gymId, gymId))
  )[0]!.n;
/** A fee at the highest price a product can have (100,000.00). */
const maxFee = (gymId: string, o: Partial<typeof s.products.$inferInsert> = {}) => t.make.product(gymId, { kind: 'fee', priceMinor: MAX_PRICE_MINOR, ...o });

describe('the limits (decision 040)', () => {
  it('are the ones the decision states', () => {
    expect([MAX_PRICE_MINOR, MAX_LINE_QUANTITY, MAX_INVOICE_TOTAL_MINOR]).toEqual([10_000_000, 999, 100_000_000_000]);
  });
});

describe('the point of sale', () => {
  it('sells past 2^31 minor units in one line (100,000.00 × 215): stored as bigint and answered as numbers in the invoice, the list, the CSV and the PDF', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    const fee = await maxFee(gym.gym.id, { name: 'Corporate membership' });
    const res = await client.post('/api/sales/', {
      athleteId: null,
      guestName: 'Acme',
      items: [{ productId: fee.id, quantity: 215 }],
      payment: { type: 'cash_or_check' },
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = cartSaleResultSchema.parse(res.json());
    expect(invoice).toMatchObject({ totalMinor: 2_150_000_000, paidMinor: 2_150_000_000, balanceMinor: 0, status: 'paid' });
    expect(invoice.lines[0]).toMatchObject({ quantity: 215, netMinor: 2_150_000_000, totalMinor: 2_150_000_000 });
    expect(invoice.payments[0]).toMatchObject({ amountMinor: 2_150_000_000 });
    const detail = await client.get(`/api/invoices/${invoice.invoiceId}/`);
    expect(invoiceDetailSchema.parse(detail.json()).totalMinor).toBe(2_150_000_000);
    // A second such sale: the list's totals of the whole set pass 2^32 and stay exact numbers.
    await client.post('/api/sales/', { athleteId: null, guestName: 'Acme', items: [{ productId: fee.id, quantity: 215 }], idempotencyKey: key() });
    const page = invoicePageSchema.parse((await client.get('/api/invoices/')).json());
    expect(page.totals).toEqual({ count: 2, totalMinor: 4_300_000_000, paidMinor: 2_150_000_000, balanceMinor: 2_150_000_000 });
    const csv = await client.get('/api/invoices/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('21500000.00');
    const pdf = await client.get(`/api/invoices/${invoice.invoiceId}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // The reports sum them exactly too: revenue (cash in) and the pending balance, with their drill-downs.
    // A payment is dated by the database's clock (PGlite reads the test's fixed clock, PostgreSQL its own).
    const [paid] = await t.db.select({ at: s.payments.createdAt }).from(s.payments).where(eq(s.payments.invoiceId, invoice.invoiceId));
    const paidOn = toZoned(paid!.at, gym.gym.timeZone).date;
    const revenue = await client.get(`/api/reports/total-revenue/?from=${paidOn}&to=${paidOn}`);
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(revenue.json().total).toBe(2_150_000_000);
    const pending = await client.get(`/api/reports/pending-payments/?from=${TODAY}&to=${TODAY}`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().total).toBe(2_150_000_000);
    const dashboard = await client.get('/api/dashboard/');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
  });

  it('sells the largest invoice allowed (1,000,000,000.00), paid at once; one minor unit more is a 400 on the cart that changes nothing', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    const fees = [];
    for (let i = 0; i < 11; i++) fees.push(await maxFee(gym.gym.id, { name: `Fee ${String(i).padStart(2, '0')}` }));
    const penny = await t.make.product(gym.gym.id, { name: 'Sweet', priceMinor: 1, stockCount: 5 });
    // 10 lines of 999 and one of 10: 10,000 × 100,000.00.
    const items = fees.map((f, i) => ({ productId: f.id, quantity: i < 10 ? MAX_LINE_QUANTITY : 10 }));

    const over = await client.post('/api/sales/', {
      athleteId: null,
      guestName: 'G',
      items: [...items, { productId: penny.id, quantity: 1 }],
      payment: { type: 'cash_or_check' },
      idempotencyKey: key(),
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'invoice_too_large',
      message: moneyLimitMessages.invoiceTotal,
      fields: { items: [moneyLimitMessages.invoiceTotal] },
    });
    expect(await invoiceCount(gym.gym.id)).toBe(0);
    expect((await t.db.select().from(s.productSales).where(eq(s.productSales.gymId, gym.gym.id))).length).toBe(0);
    expect((await t.db.select({ n: s.products.stockCount }).from(s.products).where(eq(s.products.id, penny.id)))[0]!.n).toBe(5);

    const res = await client.post('/api/sales/', { athleteId: null, guestName: 'G', items, payment: { type: 'cash_or_check' }, idempotencyKey: key() });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = cartSaleResultSchema.parse(res.json());
    expect(invoice).toMatchObject({ totalMinor: MAX_INVOICE_TOTAL_MINOR, paidMinor: MAX_INVOICE_TOTAL_MINOR, status: 'paid' });
    expect(invoice.lines).toHaveLength(11);
    expect(invoice.payments.map((p) => p.amountMinor)).toEqual([MAX_INVOICE_TOTAL_MINOR]);
    // The invoice's payment and a full refund of it take the largest amounts too.
    const refund = await client.post(`/api/invoices/${invoice.invoiceId}/refunds/`, {
      paymentId: invoice.payments[0]!.paymentId,
      amountMinor: MAX_INVOICE_TOTAL_MINOR,
      reason: 'Test',
      idempotencyKey: key(),
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(invoiceDetailSchema.parse(refund.json())).toMatchObject({ paidMinor: 0, status: 'refunded' });
  });

  it('takes tax on the largest line exactly (no float rounding past 2^53 in the tax maths)', async () => {
    const gym = await t.make.kioskGym({ athletes: 0, country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
    const client = await t.as(gym.owner);
    await t.db.update(s.taxRates).set({ percent: '8.2500' }).where(eq(s.taxRates.id, gym.taxRate.id));
    const fee = await maxFee(gym.gym.id, { taxRateId: gym.taxRate.id });
    const res = await client.post('/api/sales/', {
      athleteId: null,
      guestName: 'G',
      items: [{ productId: fee.id, quantity: MAX_LINE_QUANTITY }],
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    // 9,990,000,000 × 1,000,000 / 1,082,500 = 9,228,637,413.39… → 9,228,637,413 (exact integer arithmetic).
    expect(cartSaleResultSchema.parse(res.json()).invoice.lines[0]).toMatchObject({
      totalMinor: 9_990_000_000,
      netMinor: 9_228_637_413,
      taxMinor: 761_362_587,
    });
  });

  it('keeps the line limit when a cart names one item twice: 999 in all is one line, one more is a 400 on that line', async () => {
    const fee = await maxFee(w.gym.id);
    const ok = await sale({
      items: [
        { productId: fee.id, quantity: 500 },
        { productId: fee.id, quantity: 499 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(cartSaleResultSchema.parse(ok.json()).invoice.lines).toEqual([expect.objectContaining({ quantity: MAX_LINE_QUANTITY })]);
    const before = await invoiceCount(w.gym.id);
    const fifty = await sale({ items: Array.from({ length: 50 }, () => ({ productId: fee.id, quantity: MAX_LINE_QUANTITY })) });
    expect(fifty.statusCode, fifty.body).toBe(400);
    expect(fifty.json().fields['items.1.quantity']).toEqual([moneyLimitMessages.itemTwice]);
    const one = await sale({
      items: [
        { productId: fee.id, quantity: 500 },
        { productId: fee.id, quantity: 500 },
      ],
    });
    expect(one.statusCode, one.body).toBe(400);
    expect(one.json()).toMatchObject({
      code: 'validation_error',
      message: moneyLimitMessages.itemTwice,
      fields: { 'items.1.quantity': [moneyLimitMessages.itemTwice] },
    });
    expect(await invoiceCount(w.gym.id)).toBe(before);
  });
});

describe('selling a retail item', () => {
  it('sells the most units a line holds at the highest price (a total past 2^31); one unit more is a 400 on the quantity', async () => {
    const item = await t.make.product(w.gym.id, { name: 'Rowing machine', priceMinor: MAX_PRICE_MINOR, stockCount: 2000, taxRateId: w.taxRate.id });
    const sell = (quantity: number) => desk.post(`/api/products/items/${item.id}/sell/`, { quantity, idempotencyKey: key() });
    const over = await sell(MAX_LINE_QUANTITY + 1);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().fields.quantity).toEqual([moneyLimitMessages.quantity]);
    const res = await sell(MAX_LINE_QUANTITY);
    expect(res.statusCode, res.body).toBe(201);
    // 9,990,000,000 and 8.25 % on top.
    expect(saleSchema.parse(res.json())).toMatchObject({
      quantity: MAX_LINE_QUANTITY,
      netMinor: 9_990_000_000,
      taxMinor: 824_175_000,
      totalMinor: 10_814_175_000,
    });
    expect((await t.db.select({ n: s.products.stockCount }).from(s.products).where(eq(s.products.id, item.id)))[0]!.n).toBe(2000 - MAX_LINE_QUANTITY);
  });
});

describe('selling a package with its sign-up fee', () => {
  it('invoices the highest price and fee at a 100 % rate; one minor unit over the highest price is a 400 on the plan', async () => {
    const rate = await t.make.taxRate(w.gym.id, { name: 'Everything', percent: '100.0000' });
    const pkg = await t.make.package(w.gym.id, { signUpFeeMinor: MAX_PRICE_MINOR, taxRateId: rate.id });
    const plan = await t.make.billingPlan(w.gym.id, pkg.id, { priceMinor: MAX_PRICE_MINOR, paymentCount: 1 });
    const athlete = w.members[0]!;
    const res = await owner.post(`/api/athletes/${athlete.athleteId}/packages/`, {
      packageId: pkg.id,
      billingPlanId: plan.id,
      startDate: TODAY,
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [inv] = await t.db.select().from(s.invoices).where(eq(s.invoices.athletePackageId, res.json().athletePackageId));
    expect(inv).toMatchObject({ netMinor: 2 * MAX_PRICE_MINOR, taxMinor: 2 * MAX_PRICE_MINOR, totalMinor: 4 * MAX_PRICE_MINOR });

    const body = {
      name: `Too dear ${randomUUID().slice(0, 6)}`,
      kind: 'membership',
      signUpFeeMinor: MAX_PRICE_MINOR + 1,
      billingPlans: [{ name: 'Monthly', priceMinor: MAX_PRICE_MINOR + 1 }],
    };
    const over = await owner.post('/api/packages/', body);
    expect(over.statusCode, over.body).toBe(400);
    expect(Object.keys(over.json().fields).sort()).toEqual(['billingPlans.0.priceMinor', 'signUpFeeMinor']);
  });
});

describe('kiosk charges', () => {
  it('charges the highest fee (100,000.00) now; one cent more is a 400 on the fee that records nothing', async () => {
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: -1, time: '06:00' });
    const [a, b] = await t.make.reserve(cls, [w.members[1]!.athleteId, w.members[2]!.athleteId]);
    const over = await desk.put(`/api/athlete-kilo-classes/${a}/`, { isNoShow: true, chargeNow: true, chargeFee: '100000.01' });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().fields.chargeFee).toEqual([moneyLimitMessages.fee]);
    const huge = await desk.put(`/api/athlete-kilo-classes/${a}/`, { isNoShow: true, chargeNow: true, chargeFee: '999999999.99' });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(await t.db.select().from(s.charges).where(eq(s.charges.reservationId, a!))).toEqual([]);

    const ok = await desk.put(`/api/athlete-kilo-classes/${b}/`, { isNoShow: true, chargeNow: true, chargeFee: '100000.00' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [inv] = await t.db
      .select({ inv: s.invoices })
      .from(s.invoices)
      .innerJoin(s.charges, eq(s.charges.id, s.invoices.chargeId))
      .where(eq(s.charges.reservationId, b!));
    expect(inv!.inv).toMatchObject({ source: 'no_show', netMinor: MAX_PRICE_MINOR });
  });
});

describe('the billing run', () => {
  it('bills a period at the highest price with a 100 % rate', async () => {
    const gym = await t.make.gym();
    const rate = await t.make.taxRate(gym.id, { percent: '100.0000' });
    const athlete = await t.make.athlete(gym.id, { login: false });
    const pkg = await t.make.package(gym.id, { taxRateId: rate.id });
    const plan = await t.make.billingPlan(gym.id, pkg.id, { priceMinor: MAX_PRICE_MINOR });
    const ap = await t.make.athletePackage(gym.id, athlete.athleteId, {
      packageId: pkg.id,
      billingPlanId: plan.id,
      priceMinor: MAX_PRICE_MINOR,
      nextBillingDate: TODAY,
    });
    expect((await runBilling(t.ctx, null, { gymId: gym.id })).invoices).toBe(1);
    const [inv] = await t.db.select().from(s.invoices).where(eq(s.invoices.athletePackageId, ap.id));
    expect(inv).toMatchObject({ totalMinor: 2 * MAX_PRICE_MINOR, taxMinor: MAX_PRICE_MINOR });
  });
});

describe('the one write path of invoices', () => {
  it('refuses a line or an invoice past the limits, whoever calls it, with a 400 that writes nothing', async () => {
    const gym = await t.make.gym();
    const athlete = await t.make.athlete(gym.id, { login: false });
    const make = (lines: { itemPriceMinor: number; quantity: number }[]) =>
      t.db
        .transaction((tx) =>
          createInvoice(tx, gym.id, {
            athleteId: athlete.athleteId,
            source: 'manual',
            lines: lines.map((l) => ({ description: 'X', taxRateValue: null, ...l })),
            actorUserId: null,
          }),
        )
        .then(
          () => null,
          (e: { statusCode?: number; code?: string }) => [e.statusCode, e.code],
        );
    expect(await make([{ itemPriceMinor: MAX_PRICE_MINOR + 1, quantity: 1 }])).toEqual([400, 'line_too_large']);
    expect(await make([{ itemPriceMinor: 1, quantity: MAX_LINE_QUANTITY + 1 }])).toEqual([400, 'line_too_large']);
    expect(await make(Array.from({ length: 11 }, () => ({ itemPriceMinor: MAX_PRICE_MINOR, quantity: MAX_LINE_QUANTITY })))).toEqual([
      400,
      'invoice_too_large',
    ]);
    expect(await invoiceCount(gym.id)).toBe(0);
    expect(await make([{ itemPriceMinor: MAX_PRICE_MINOR, quantity: MAX_LINE_QUANTITY }])).toBeNull();
  });
});
