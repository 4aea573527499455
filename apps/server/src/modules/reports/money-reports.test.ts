import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Report, ReportDetailPage } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { expectHeadlineOf } from '../../../test/report-headline';
import type { Athlete } from '../../../test/factories';
import { payments } from '../../db/schema';
import { createInvoice, recordPayment, recordRefund, voidInvoice, type NewInvoiceLine } from '../invoices';

/**
 * Issue 21: the six money reports through the HTTP API, on a hand-built gym whose answers are written out by hand.
 * Today is Wednesday 2026-03-04 in Chicago (TEST_NOW). Invoices and payments go through the one write path
 * (invoices.service.ts); a payment's `created_at` is the database's clock, so each is then moved to the instant the
 * test says it was recorded (a direct update, the only one here).
 */
fixClock(TEST_NOW);

let t: TestApp;
let owner: ApiClient;
let ukOwner: ApiClient;
/** Invoice ids and numbers of gym W by name. */
const inv: Record<string, { id: string; number: number }> = {};
const who: Record<string, Athlete> = {};
let goldId: string;
let tenPackId: string;
let danPackageId: string;

const TAX = 10;
const line = (description: string, itemPriceMinor: number, o: Partial<NewInvoiceLine> = {}): NewInvoiceLine => ({
  description,
  itemPriceMinor,
  quantity: 1,
  taxRateValue: null,
  ...o,
});

async function invoice(
  gymId: string,
  o: { athleteId?: string; guestName?: string; issue: string; due: string; lines: NewInvoiceLine[]; athletePackageId?: string; periodStart?: string },
) {
  const made = await t.db.transaction((tx) =>
    createInvoice(tx, gymId, {
      athleteId: o.athleteId ?? null,
      guestName: o.guestName ?? null,
      source: 'manual',
      issueDate: o.issue,
      dueDate: o.due,
      lines: o.lines,
      athletePackageId: o.athletePackageId ?? null,
      periodStart: o.periodStart ?? null,
      actorUserId: null,
    }),
  );
  return { id: made.invoiceId, number: made.number };
}

/** Records a payment (or a failed one) and moves it to the instant it was recorded. */
async function pay(gymId: string, invoiceId: string, amountMinor: number, at: string, status: 'succeeded' | 'failed' = 'succeeded') {
  const { paymentId } = await t.db.transaction((tx) =>
    recordPayment(tx, gymId, { invoiceId, amountMinor, channel: 'cash_or_check', status, idempotencyKey: randomUUID(), actorUserId: null }),
  );
  await t.db
    .update(payments)
    .set({ createdAt: new Date(at) })
    .where(eq(payments.id, paymentId));
  return paymentId;
}

async function refund(gymId: string, paymentId: string, amountMinor: number, at: string) {
  const { paymentId: id } = await t.db.transaction((tx) =>
    recordRefund(tx, gymId, { paymentId, amountMinor, reason: 'Changed mind', idempotencyKey: randomUUID(), actorUserId: null }),
  );
  await t.db
    .update(payments)
    .set({ createdAt: new Date(at) })
    .where(eq(payments.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  // Gym W: Chicago, prices before tax (10% on packages).
  const w = await t.make.gym({ timeZone: 'America/Chicago', country: 'US' });
  owner = await t.as(await t.make.owner(w.id));
  for (const [first, last] of [
    ['Alice', 'Archer'],
    ['Bob', 'Baker'],
    ['Carol', 'Cole'],
    ['Dan', 'Dunn'],
    ['Erin', 'Ellis'],
    ['Frank', 'Ford'],
    ['Gina', 'Gray'],
    ['Hank', 'Hill'],
    ['Ivy', 'Irwin'],
    ['Jay', 'Jones'],
    ['Kim', 'King'],
  ] as const) {
    who[first] = await t.make.athlete(w.id, { login: false, firstName: first, lastName: last });
  }
  const gold = await t.make.package(w.id, { name: 'Gold membership', kind: 'membership', category: 'Memberships' });
  const goldPlan = await t.make.billingPlan(w.id, gold.id, { priceMinor: 10000 });
  const tenPack = await t.make.package(w.id, { name: 'Ten pack', kind: 'class_pack', category: '' });
  const tenPlan = await t.make.billingPlan(w.id, tenPack.id, { priceMinor: 5000, paymentCount: 1 });
  const weekly = await t.make.package(w.id, { name: 'Weekly bootcamp', kind: 'membership', category: 'Memberships' });
  const weeklyPlan = await t.make.billingPlan(w.id, weekly.id, { priceMinor: 2000, interval: 'week', paymentCount: 3 });
  goldId = gold.id;
  tenPackId = tenPack.id;
  const goldLine = line('Gold membership', 10000, { taxRateValue: TAX, packageId: gold.id });
  const tenLine = line('Ten pack', 5000, { taxRateValue: TAX, packageId: tenPack.id });

  // A1: Gold (10000 + 1000 tax) and a T-shirt (2000, untaxed, not a package): 13000, paid 10 Feb, 2600 refunded 20 Feb.
  inv.A1 = await invoice(w.id, { athleteId: who.Alice!.athleteId, issue: '2026-02-09', due: '2026-02-09', lines: [goldLine, line('T-shirt', 2000)] });
  const p1 = await pay(w.id, inv.A1.id, 13000, '2026-02-10T18:00:00Z');
  await refund(w.id, p1, 2600, '2026-02-20T18:00:00Z');
  // A2: a Ten pack (5500) paid 15 Jan: the comparison period.
  inv.A2 = await invoice(w.id, { athleteId: who.Bob!.athleteId, issue: '2026-01-14', due: '2026-01-14', lines: [tenLine] });
  await pay(w.id, inv.A2.id, 5500, '2026-01-15T18:00:00Z');
  // A3: Gold (11000) due 10 Mar, 4000 paid 10 Feb, a failed card payment of 1000 on 11 Feb (never counts).
  inv.A3 = await invoice(w.id, { athleteId: who.Bob!.athleteId, issue: '2026-02-09', due: '2026-03-10', lines: [goldLine] });
  await pay(w.id, inv.A3.id, 4000, '2026-02-10T18:00:00Z');
  await pay(w.id, inv.A3.id, 1000, '2026-02-11T18:00:00Z', 'failed');
  // A4: a walk-in's 3000, paid at 23:30 on Sunday 8 March 2026, the day Chicago's clocks go forward (04:30 UTC on the 9th).
  inv.A4 = await invoice(w.id, { guestName: 'Walk-in Wanda', issue: '2026-03-04', due: '2026-03-04', lines: [line('Drop-in', 3000)] });
  await pay(w.id, inv.A4.id, 3000, '2026-03-09T04:30:00Z');
  // A5: 4000 due 16 Feb, unpaid: 16 days overdue today.
  inv.A5 = await invoice(w.id, { athleteId: who.Erin!.athleteId, issue: '2026-02-02', due: '2026-02-16', lines: [line('Personal training', 4000)] });
  // A6: 2500 due 1 Dec 2025, 500 paid then: 93 days overdue, 2000 to pay.
  inv.A6 = await invoice(w.id, { athleteId: who.Erin!.athleteId, issue: '2025-12-01', due: '2025-12-01', lines: [line('Nutrition plan', 2500)] });
  await pay(w.id, inv.A6.id, 500, '2025-12-01T18:00:00Z');
  // A7: 6000 issued 20 Feb, due 20 Mar, open. A void invoice beside it never counts.
  inv.A7 = await invoice(w.id, { athleteId: who.Frank!.athleteId, issue: '2026-02-20', due: '2026-03-20', lines: [line('Competition fee', 6000)] });
  inv.void = await invoice(w.id, { athleteId: who.Frank!.athleteId, issue: '2026-02-21', due: '2026-03-21', lines: [line('Mistake', 1000)] });
  await t.db.transaction((tx) => voidInvoice(tx, w.id, inv.void!.id, { reason: 'Typo' }));
  // A8: Gina's 800 issued 20 Jan, due 31 Mar (pending in the comparison period); A11 her 1500 due 15 Nov 2025 (109 days).
  inv.A8 = await invoice(w.id, { athleteId: who.Gina!.athleteId, issue: '2026-01-20', due: '2026-03-31', lines: [line('Seminar', 800)] });
  inv.A11 = await invoice(w.id, { athleteId: who.Gina!.athleteId, issue: '2025-11-15', due: '2025-11-15', lines: [line('Old fee', 1500)] });
  // A9: Alice's Ten pack (5500) paid 25 Feb.
  inv.A9 = await invoice(w.id, { athleteId: who.Alice!.athleteId, issue: '2026-02-25', due: '2026-02-25', lines: [tenLine] });
  await pay(w.id, inv.A9.id, 5500, '2026-02-25T18:00:00Z');
  // A10: Kim's 1200 due 20 Jan: 43 days overdue.
  inv.A10 = await invoice(w.id, { athleteId: who.Kim!.athleteId, issue: '2026-01-20', due: '2026-01-20', lines: [line('Locker', 1200)] });

  // Memberships billed ahead (the billing run has not run: JOBS are off in tests).
  // Carol: Gold monthly at 9000 as sold, next period 15 Mar.
  await t.make.athletePackage(w.id, who.Carol!.athleteId, {
    packageId: gold.id,
    billingPlanId: goldPlan.id,
    priceMinor: 9000,
    startDate: '2026-02-15',
    nextBillingDate: '2026-03-15',
  });
  // Dan: weekly at 2000, 3 payments, the first (23 Feb) invoiced already: 2 and 9 Mar are left, not 16 Mar.
  const dan = await t.make.athletePackage(w.id, who.Dan!.athleteId, {
    packageId: weekly.id,
    billingPlanId: weeklyPlan.id,
    priceMinor: 2000,
    startDate: '2026-02-23',
    nextBillingDate: '2026-03-02',
  });
  danPackageId = dan.id;
  await invoice(w.id, {
    athleteId: who.Dan!.athleteId,
    issue: '2026-02-23',
    due: '2026-02-23',
    lines: [line('Weekly bootcamp', 0, { packageId: weekly.id })],
    athletePackageId: dan.id,
    periodStart: '2026-02-23',
  });
  // Hank: Gold due 20 Mar, on hold 18-25 Mar: left out. Ivy: cancelled: left out. Jay: a class pack, not a membership.
  await t.make.athletePackage(w.id, who.Hank!.athleteId, {
    packageId: gold.id,
    billingPlanId: goldPlan.id,
    priceMinor: 10000,
    startDate: '2026-01-20',
    nextBillingDate: '2026-03-20',
    holdStartsOn: '2026-03-18',
    holdEndsOn: '2026-03-25',
  });
  await t.make.athletePackage(w.id, who.Ivy!.athleteId, {
    packageId: gold.id,
    billingPlanId: goldPlan.id,
    priceMinor: 10000,
    status: 'cancelled',
    startDate: '2026-01-12',
    nextBillingDate: '2026-03-12',
  });
  await t.make.athletePackage(w.id, who.Jay!.athleteId, {
    packageId: tenPack.id,
    billingPlanId: tenPlan.id,
    priceMinor: 5000,
    startDate: '2026-03-05',
    nextBillingDate: '2026-03-05',
  });

  // Gym O: another gym in the same zone with the same kinds of rows (a payment, a refund, a pending and a past-due
  // invoice, a membership renewing): none of it ever counts for gym W.
  const o = await t.make.gym({ timeZone: 'America/Chicago', country: 'US' });
  const oAthlete = await t.make.athlete(o.id, { login: false });
  const oGold = await t.make.package(o.id, { name: 'Gold membership', kind: 'membership', category: 'Memberships' });
  const oPlan = await t.make.billingPlan(o.id, oGold.id);
  const oInv = await invoice(o.id, {
    athleteId: oAthlete.athleteId,
    issue: '2026-02-10',
    due: '2026-03-10',
    lines: [line('Gold', 99000, { packageId: oGold.id })],
  });
  const op = await pay(o.id, oInv.id, 30000, '2026-02-10T18:00:00Z');
  await refund(o.id, op, 100, '2026-02-20T18:00:00Z');
  await pay(
    o.id,
    (await invoice(o.id, { athleteId: oAthlete.athleteId, issue: '2026-01-10', due: '2026-01-10', lines: [line('Fee', 700)] })).id,
    700,
    '2026-01-15T18:00:00Z',
  );
  await invoice(o.id, { athleteId: oAthlete.athleteId, issue: '2026-02-01', due: '2026-02-01', lines: [line('Late', 7000)] });
  await invoice(o.id, { athleteId: oAthlete.athleteId, issue: '2025-11-01', due: '2025-11-01', lines: [line('Older', 3300)] });
  await t.make.athletePackage(o.id, oAthlete.athleteId, {
    packageId: oGold.id,
    billingPlanId: oPlan.id,
    priceMinor: 50000,
    startDate: '2026-02-15',
    nextBillingDate: '2026-03-15',
  });

  // Gym U: London, prices include VAT (20%): a 120.00 sale is 100.00 + 20.00 VAT.
  const u = await t.make.gym({ timeZone: 'Europe/London', country: 'GB', isTaxInclusive: true });
  ukOwner = await t.as(await t.make.owner(u.id));
  const uAthlete = await t.make.athlete(u.id, { login: false, firstName: 'Uma', lastName: 'Underwood' });
  const uInv = await invoice(u.id, {
    athleteId: uAthlete.athleteId,
    issue: '2026-02-14',
    due: '2026-02-14',
    lines: [line('Membership', 12000, { taxRateValue: 20 })],
  });
  await pay(u.id, uInv.id, 6000, '2026-02-14T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(c: ApiClient, url: string): Promise<T> => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const report = async (type: string, q: string, c = owner) => {
  const r = await get<Report>(c, `/api/reports/${type}/?${q}`);
  await expectHeadlineOf(t, c, type, q, r);
  return r;
};
const details = (type: string, q: string, c = owner) => get<ReportDetailPage>(c, `/api/reports/${type}/details/?${q}`);
const FEB = 'from=2026-02-01&to=2026-02-28';
const MAR = 'from=2026-03-01&to=2026-03-31';
/** The rows with something in them, as [key, cells]. */
const nonEmpty = (r: Report) => r.rows.filter((row) => row.canDrill).map((row) => [row.key, row.cells]);

describe('total revenue', () => {
  it('counts payments less refunds (a refund in the range) on the local date recorded, with each payment’s tax share; failed payments and another gym’s never count', async () => {
    const r = await report('total-revenue', FEB);
    expect(r.rows).toHaveLength(28);
    expect(r.bucket).toBe('day');
    expect(r.columns.map((c) => c.label)).toEqual(['Period', 'Payments', 'Refunds', 'Net', 'Tax']);
    // 10 Feb: A1 13000 (tax 1000 of 13000: 1000) + A3 4000 (tax 1000 of 11000: 363.6 → 364); 20 Feb: the 2600 refund
    // of A1 (its tax share 200 back); 25 Feb: A9 5500 (500 tax). The failed 1000 of 11 Feb is nowhere.
    expect(nonEmpty(r)).toEqual([
      ['2026-02-10', { period: 'Feb 10', payments: 17000, refunds: 0, net: 17000, tax: 1364 }],
      ['2026-02-20', { period: 'Feb 20', payments: 0, refunds: 2600, net: -2600, tax: -200 }],
      ['2026-02-25', { period: 'Feb 25', payments: 5500, refunds: 0, net: 5500, tax: 500 }],
    ]);
    expect(r.total).toBe(19900);
    expect(r.totalLabel).toBe('Net received');
  });

  it('compares with the previous 28 days (4-31 Jan): 15 Jan lines up with 12 Feb; compare=false gives none', async () => {
    const r = await report('total-revenue', FEB);
    expect([r.previousFrom, r.previousTo, r.previousTotal]).toEqual(['2026-01-04', '2026-01-31', 5500]);
    expect(r.points[11]).toEqual({ key: '2026-02-12', label: 'Feb 12', value: 0, previous: 5500 });
    expect(r.points[9]).toEqual({ key: '2026-02-10', label: 'Feb 10', value: 17000, previous: 0 });
    const off = await report('total-revenue', `${FEB}&compare=false`);
    expect([off.previousTotal, off.previousFrom, off.points[9]!.previous]).toEqual([null, null, null]);
  });

  it('counts a payment at 23:30 on a daylight-saving change day (8 Mar, Chicago) on that local date, not the UTC one', async () => {
    expect((await report('total-revenue', 'from=2026-03-08&to=2026-03-08')).total).toBe(3000);
    expect((await report('total-revenue', 'from=2026-03-09&to=2026-03-09')).total).toBe(0);
  });

  it('counts a UK tax-inclusive sale as paid, its VAT share (half of a 120.00 sale with 20.00 VAT: 10.00), in a VAT column', async () => {
    const r = await report('total-revenue', FEB, ukOwner);
    expect([r.currency, r.taxLabel, r.total]).toEqual(['GBP', 'VAT', 6000]);
    expect(r.columns.at(-1)).toEqual({ key: 'tax', label: 'VAT', kind: 'money' });
    expect(nonEmpty(r)).toEqual([['2026-02-14', { period: '14 Feb', payments: 6000, refunds: 0, net: 6000, tax: 1000 }]]);
  });

  it('drills into a period: the invoices paid then, a page at a time (the second of two)', async () => {
    const page = await details('total-revenue', `${FEB}&key=2026-02-10&limit=1&offset=1`);
    expect(page).toEqual({
      count: 2,
      results: [
        {
          kind: 'invoice',
          id: inv.A3!.id,
          label: `Invoice ${inv.A3!.number}`,
          detail: 'Bob Baker',
          athleteId: who.Bob!.athleteId,
          invoiceId: inv.A3!.id,
          date: '2026-02-10',
          amountMinor: 4000,
        },
      ],
    });
    const first = await details('total-revenue', `${FEB}&key=2026-02-10&limit=1`);
    expect(first.results.map((d) => [d.label, d.detail, d.amountMinor])).toEqual([[`Invoice ${inv.A1!.number}`, 'Alice Archer', 13000]]);
    // The refund's day lists the invoice refunded, with the money back as a negative amount.
    expect((await details('total-revenue', `${FEB}&key=2026-02-20`)).results.map((d) => [d.invoiceId, d.amountMinor])).toEqual([[inv.A1!.id, -2600]]);
  });

  it('answers 400 with a message for a row key that is not a period of the table', async () => {
    for (const key of ['2026-03-10', 'nonsense']) {
      const res = await owner.get(`/api/reports/total-revenue/details/?${FEB}&key=${key}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/no such row/);
    }
  });

  it('gives the table as CSV: the same rows and cell texts, negative amounts as shown', async () => {
    const res = await owner.get(`/api/reports/total-revenue/csv/?${FEB}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(29);
    expect(lines[0]).toBe('Period,Payments,Refunds,Net,Tax');
    expect(lines[1]).toBe('Feb 1,$0.00,$0.00,$0.00,$0.00');
    expect(lines[10]).toBe('Feb 10,$170.00,$0.00,$170.00,$13.64');
    expect(lines[20]).toBe(`Feb 20,$0.00,$26.00,-$26.00,-$2.00`);
  });
});

describe('upcoming revenue', () => {
  it('adds unpaid balances due in the range and membership periods starting in it not yet invoiced (holds, cancellations, class packs, later payments and another gym’s left out)', async () => {
    const r = await report('upcoming-revenue', MAR);
    expect(r.columns.map((c) => c.key)).toEqual(['period', 'invoices', 'renewals', 'total']);
    expect(nonEmpty(r)).toEqual([
      ['2026-03-02', { period: 'Mar 2', invoices: 0, renewals: 2000, total: 2000 }],
      ['2026-03-09', { period: 'Mar 9', invoices: 0, renewals: 2000, total: 2000 }],
      ['2026-03-10', { period: 'Mar 10', invoices: 7000, renewals: 0, total: 7000 }],
      ['2026-03-15', { period: 'Mar 15', invoices: 0, renewals: 9000, total: 9000 }],
      ['2026-03-20', { period: 'Mar 20', invoices: 6000, renewals: 0, total: 6000 }],
      ['2026-03-31', { period: 'Mar 31', invoices: 800, renewals: 0, total: 800 }],
    ]);
    expect(r.total).toBe(26800);
    // The previous 31 days (29 Jan - 28 Feb): A5's 4000 due 16 Feb, past due and unpaid.
    expect(r.previousTotal).toBe(4000);
  });

  it('drills into a period: a renewal is listed as the athlete with the package, an invoice by its balance', async () => {
    expect(await details('upcoming-revenue', `${MAR}&key=2026-03-09`)).toEqual({
      count: 1,
      results: [
        {
          kind: 'athlete',
          id: danPackageId,
          label: 'Dan Dunn',
          detail: 'Weekly bootcamp',
          athleteId: who.Dan!.athleteId,
          invoiceId: null,
          date: '2026-03-09',
          amountMinor: 2000,
        },
      ],
    });
    const due = await details('upcoming-revenue', `${MAR}&key=2026-03-10`);
    expect(due.results.map((d) => [d.kind, d.invoiceId, d.detail, d.amountMinor])).toEqual([['invoice', inv.A3!.id, 'Bob Baker', 7000]]);
  });
});

describe('pending payments', () => {
  it('counts invoices issued in the range, open or partly paid and not yet due, with their balance (past-due and void left out)', async () => {
    const r = await report('pending-payments', FEB);
    expect(nonEmpty(r)).toEqual([
      ['2026-02-09', { period: 'Feb 9', invoices: 1, balance: 7000 }],
      ['2026-02-20', { period: 'Feb 20', invoices: 1, balance: 6000 }],
    ]);
    expect([r.total, r.previousTotal]).toEqual([13000, 800]);
    expect((await details('pending-payments', `${FEB}&key=2026-02-20`)).results.map((d) => [d.label, d.date, d.amountMinor])).toEqual([
      [`Invoice ${inv.A7!.number}`, '2026-02-20', 6000],
    ]);
  });
});

describe('past-due payments', () => {
  const RANGE = 'from=2025-12-01&to=2026-03-04';
  it('groups unpaid invoices due in the range by days overdue today (16, 43 and 93 days), each group a point with the comparison period’s', async () => {
    const r = await report('past-due-payments', RANGE);
    expect(r.bucket).toBe('category');
    expect(r.rows.map((row) => [row.key, row.cells, row.canDrill])).toEqual([
      ['1-30', { group: '1–30 days', invoices: 1, balance: 4000 }, true],
      ['31-60', { group: '31–60 days', invoices: 1, balance: 1200 }, true],
      ['61-90', { group: '61–90 days', invoices: 0, balance: 0 }, false],
      ['90+', { group: 'Over 90 days', invoices: 1, balance: 2000 }, true],
    ]);
    expect([r.total, r.previousTotal]).toEqual([7200, 1500]);
    expect(r.points.map((p) => [p.key, p.value, p.previous])).toEqual([
      ['1-30', 4000, 0],
      ['31-60', 1200, 0],
      ['61-90', 0, 0],
      ['90+', 2000, 1500],
    ]);
  });

  it('drills into an age group, and answers 400 for an unknown one', async () => {
    expect(await details('past-due-payments', `${RANGE}&key=90%2B`)).toEqual({
      count: 1,
      results: [
        {
          kind: 'invoice',
          id: inv.A6!.id,
          label: `Invoice ${inv.A6!.number}`,
          detail: 'Erin Ellis',
          athleteId: who.Erin!.athleteId,
          invoiceId: inv.A6!.id,
          date: '2025-12-01',
          amountMinor: 2000,
        },
      ],
    });
    expect((await owner.get(`/api/reports/past-due-payments/details/?${RANGE}&key=91-120`)).statusCode).toBe(400);
  });
});

describe('package revenue and package-category revenue', () => {
  it('shares each payment and refund among its invoice’s package lines by their totals (the T-shirt left out), per package', async () => {
    // Gold: 13000 × 11000/13000 = 11000, less the refund's 2600 × 11000/13000 = 2200, plus A3's 4000: 12800.
    const r = await report('package-revenue', FEB);
    expect(r.bucket).toBe('category');
    expect(r.rows.map((row) => [row.key, row.cells])).toEqual([
      [goldId, { package: 'Gold membership', category: 'Memberships', revenue: 12800 }],
      [tenPackId, { package: 'Ten pack', category: 'Uncategorised', revenue: 5500 }],
    ]);
    expect(r.points).toEqual([
      { key: goldId, label: 'Gold membership', value: 12800, previous: 0 },
      { key: tenPackId, label: 'Ten pack', value: 5500, previous: 5500 },
    ]);
    expect([r.total, r.previousTotal]).toEqual([18300, 5500]);
    const page = await details('package-revenue', `${FEB}&key=${goldId}`);
    expect(page.results.map((d) => [d.invoiceId, d.date, d.amountMinor])).toEqual([
      [inv.A3!.id, '2026-02-10', 4000],
      [inv.A1!.id, '2026-02-20', 8800],
    ]);
  });

  it('adds package revenue up by category, packages without one as Uncategorised (a donut of categories)', async () => {
    const r = await report('package-category-revenue', FEB);
    expect([r.chart, r.bucket]).toEqual(['donut', 'category']);
    expect(r.rows.map((row) => [row.key, row.cells])).toEqual([
      ['Memberships', { category: 'Memberships', revenue: 12800 }],
      ['Uncategorised', { category: 'Uncategorised', revenue: 5500 }],
    ]);
    expect(r.points.map((p) => [p.key, p.value, p.previous])).toEqual([
      ['Memberships', 12800, 0],
      ['Uncategorised', 5500, 5500],
    ]);
    const page = await details('package-category-revenue', `${FEB}&key=Uncategorised`);
    expect(page).toEqual({
      count: 1,
      results: [
        {
          kind: 'invoice',
          id: inv.A9!.id,
          label: `Invoice ${inv.A9!.number}`,
          detail: 'Alice Archer',
          athleteId: who.Alice!.athleteId,
          invoiceId: inv.A9!.id,
          date: '2026-02-25',
          amountMinor: 5500,
        },
      ],
    });
  });
});
