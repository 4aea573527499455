import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { InvoiceDetail } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { invoiceCounters, invoices, payments } from '../../db/schema';
import { createInvoice } from './invoices.service';

fixClock(TEST_NOW);
/**
 * Real races need real concurrency: on PostgreSQL each request or transaction has a connection of the pool, and they
 * meet at the invoice's row lock (payments) or the gym's counter row (numbers). PGlite runs one transaction at a time.
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

describe.runIf(onPostgres)('invoices racing each other on PostgreSQL (issue 19)', () => {
  type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
  let t: TestApp;
  let w: KioskGym;
  let desks: ApiClient[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await t.make.kioskGym({ athletes: 1 });
    desks = [await t.as(w.owner), await t.as(w.owner), await t.as(w.owner)];
    for (const d of desks) await d.get('/api/auth/csrf/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const sale = (gymId: string, i: number) => (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) =>
    createInvoice(tx, gymId, {
      athleteId: null,
      guestName: `Guest ${i}`,
      source: 'sale',
      lines: [{ description: 'Chalk', itemPriceMinor: 500 + i, quantity: 1, taxRateValue: 8.25 }],
      actorUserId: null,
    });

  it('a payment double-submitted at once (the same key from several desks) is recorded once', async () => {
    const made = await t.db.transaction(sale(w.gym.id, 0));
    const idempotencyKey = `double-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        desks[i % desks.length]!.post(`/api/invoices/${made.invoiceId}/payments/`, { amountMinor: 300, type: 'cash_or_check', idempotencyKey }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([...Array(11).fill(200), 201]);
    for (const r of answers) expect(r.json<InvoiceDetail>()).toMatchObject({ paidMinor: 300, status: 'partially_paid' });
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, made.invoiceId));
    expect(rows).toHaveLength(1);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, made.invoiceId)))[0]!.paymentsMinor).toBe(300);
  });

  it('a refund double-submitted at once is recorded once, and different refunds at once never take more than the payment holds', async () => {
    const made = await t.db.transaction(sale(w.gym.id, 0)); // 541
    const paid = (
      await desks[0]!.post(`/api/invoices/${made.invoiceId}/payments/`, { amountMinor: 541, type: 'cash_or_check', idempotencyKey: `pay-${randomUUID()}` })
    ).json<InvoiceDetail>();
    const paymentId = paid.payments[0]!.paymentId;
    const idempotencyKey = `refund-${randomUUID()}`;
    const same = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        desks[i % desks.length]!.post(`/api/invoices/${made.invoiceId}/refunds/`, { paymentId, amountMinor: 100, reason: 'Double tap', idempotencyKey }),
      ),
    );
    expect(same.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([...Array(7).fill(200), 201]);
    const different = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        desks[i % desks.length]!.post(`/api/invoices/${made.invoiceId}/refunds/`, {
          paymentId,
          amountMinor: 100,
          reason: 'Race',
          idempotencyKey: `refund-${randomUUID()}`,
        }),
      ),
    );
    // 441 left after the first refund: four more of 100 fit, the rest are refused.
    expect(different.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(different.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'amount_too_large')).toBe(true);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, made.invoiceId));
    expect([inv!.paymentsMinor, inv!.refundsMinor, inv!.status]).toEqual([541, 500, 'partially_refunded']);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.refundedMinor).toBe(500);
  });

  it('different payments at once never take more than the balance', async () => {
    const made = await t.db.transaction(sale(w.gym.id, 0)); // 500 + 8.25% = 541
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        desks[i % desks.length]!.post(`/api/invoices/${made.invoiceId}/payments/`, {
          amountMinor: 100,
          type: 'gift_card',
          idempotencyKey: `split-${randomUUID()}`,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'amount_too_large')).toBe(true);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, made.invoiceId));
    expect([inv!.paymentsMinor, inv!.status]).toEqual([500, 'partially_paid']);
  });

  it('100 concurrent sales get the numbers 1…100 of their gym, no gap, no duplicate, even with rolled-back ones among them', async () => {
    const gym = await t.make.gym({ timeZone: 'America/New_York' });
    const other = await t.make.gym({ timeZone: 'Europe/London', country: 'GB' });
    const rollback = new Error('rolled back on purpose');
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        t.db.transaction(async (tx) => {
          // Every sixth sale of the first gym fails after taking its number: the number goes back.
          const made = await sale(i % 12 === 11 ? other.id : gym.id, i)(tx);
          if (i % 6 === 5 && i % 12 !== 11) throw rollback;
          return made;
        }),
      ),
    );
    const ok = results.filter((r): r is PromiseFulfilledResult<{ invoiceId: string; number: number; created: boolean }> => r.status === 'fulfilled');
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason === rollback)).toBe(true);
    const numbersOf = async (gymId: string) =>
      (await t.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.gymId, gymId)).orderBy(asc(invoices.number))).map((r) => r.n);
    const mine = await numbersOf(gym.id);
    expect(mine).toHaveLength(100);
    expect(mine).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await numbersOf(other.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(ok).toHaveLength(110);
    expect((await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.gymId, gym.id)))[0]!.lastNumber).toBe(100);
  });
});
