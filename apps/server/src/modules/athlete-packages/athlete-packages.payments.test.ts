import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import type { Athlete } from '../../../test/factories';
import * as s from '../../db/schema';

/**
 * Issue 18: money at the desk on the athlete page's Packages tab, with the real `stripe` SDK against the local fake.
 * - A sale may charge its invoice to the athlete's default saved method at once (the `invoices.charge` job enqueued in
 *   the sale's transaction): paid, or past due when declined; a repeat of the sale charges once; without the option
 *   nothing is charged.
 * - A cancel at once may refund the unused days of the paid period (shared `unusedPeriodRefund`): a card payment back
 *   through the provider, a cash payment as a manual refund, nothing when nothing was paid, once however often sent.
 */
fixClock(TEST_NOW);
/** TEST_NOW is 2026-03-04 in Chicago. */
const TODAY = '2026-03-04';
/** A monthly plan bought on 20 February: 20 Feb – 19 Mar, 28 days; cancelled today, 5 to 19 March (15 days) are unused. */
const START = '2026-02-20';

let fake: FakeStripe;
let t: TestApp;
let gymId: string;
let owner: ApiClient;
let membership: { id: string; planId: string };
let taxed: { id: string; planId: string };

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fake.env);
  fake.state.deliver = async (payload, signature) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      })
    ).statusCode;
  const gym = await t.make.gym({ title: 'Desk Money Barbell' });
  gymId = gym.id;
  owner = await t.as(await t.make.owner(gymId));
  const onboarding = await owner.post('/api/payments/account/onboarding/');
  expect(onboarding.statusCode).toBe(200);
  const [acct] = await t.db.select().from(s.paymentAccounts).where(eq(s.paymentAccounts.gymId, gymId));
  await fake.completeOnboarding(acct!.providerAccountId!);

  const pkg = await t.make.package(gymId, { name: 'Desk membership' });
  const plan = await t.make.billingPlan(gymId, pkg.id, { name: 'Monthly', priceMinor: 10000, interval: 'month', startsOn: 'purchase' });
  membership = { id: pkg.id, planId: plan.id };
  const rate = await t.make.taxRate(gymId, { name: 'Sales Tax', percent: '8.2500' });
  const taxedPkg = await t.make.package(gymId, { name: 'Taxed membership', taxRateId: rate.id });
  const taxedPlan = await t.make.billingPlan(gymId, taxedPkg.id, { name: 'Monthly', priceMinor: 10000, interval: 'month', startsOn: 'purchase' });
  taxed = { id: taxedPkg.id, planId: taxedPlan.id };
});
afterAll(async () => {
  await fake.idle();
  await t.close();
  await fake.close();
});

/** An athlete of the gym, with a saved method when given one of Stripe's test method ids. */
async function athlete(providerMethodId?: string): Promise<{ a: Athlete; client: ApiClient }> {
  const a = await t.make.athlete(gymId);
  const client = await t.as({ userId: a.userId!, profileId: a.profileId });
  if (providerMethodId) {
    const saved = await client.post('/api/me/payment-methods/', { providerMethodId });
    expect(saved.statusCode, saved.body).toBe(201);
  }
  return { a, client };
}

const sell = (athleteId: string, o: { key?: string; chargeSavedMethod?: boolean; startDate?: string; pkg?: { id: string; planId: string } } = {}) =>
  owner.post(`/api/athletes/${athleteId}/packages/`, {
    packageId: (o.pkg ?? membership).id,
    billingPlanId: (o.pkg ?? membership).planId,
    startDate: o.startDate ?? TODAY,
    idempotencyKey: o.key ?? `sale-${randomUUID()}`,
    ...(o.chargeSavedMethod === undefined ? {} : { chargeSavedMethod: o.chargeSavedMethod }),
  });

const saleInvoice = async (athletePackageId: string) => (await t.db.select().from(s.invoices).where(eq(s.invoices.athletePackageId, athletePackageId)))[0]!;
const paymentsOf = (invoiceId: string) => t.db.select().from(s.payments).where(eq(s.payments.invoiceId, invoiceId)).orderBy(s.payments.createdAt);
const intentsFor = (invoiceId: string) =>
  [...fake.state.intents.values()].filter((pi) => (pi.metadata as Record<string, string> | undefined)?.invoiceId === invoiceId);
const refundsAt = (providerPaymentId: string | null) => [...fake.state.refunds.values()].filter((r) => r.payment_intent === providerPaymentId);

describe('charging a saved method on a desk sale', () => {
  it("charges the sale's invoice to the default saved card: paid once, however often the sale is sent", async () => {
    const { a } = await athlete('pm_card_visa');
    const key = `sale-${randomUUID()}`;
    const res = await sell(a.athleteId, { key, chargeSavedMethod: true });
    expect(res.statusCode, res.body).toBe(201);
    const apId = res.json().athletePackageId as string;
    // The charge is the invoice's job, enqueued with the sale: the invoice is open until it runs.
    expect((await saleInvoice(apId)).status).toBe('open');
    await t.drainJobs();
    const inv = await saleInvoice(apId);
    expect(inv).toMatchObject({ status: 'paid', totalMinor: 10000, paymentsMinor: 10000 });
    expect((await paymentsOf(inv.id)).map((p) => [p.kind, p.channel, p.status, p.amountMinor, p.idempotencyKey])).toEqual([
      ['payment', 'card', 'succeeded', 10000, `billing:${inv.id}:1`],
    ]);
    expect(intentsFor(inv.id)).toHaveLength(1);

    const again = await sell(a.athleteId, { key, chargeSavedMethod: true });
    expect([again.statusCode, again.json().athletePackageId]).toEqual([200, apId]);
    await t.drainJobs();
    expect(await paymentsOf(inv.id)).toHaveLength(1);
    expect(intentsFor(inv.id)).toHaveLength(1);
    expect(await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.idempotencyKey, key))).toHaveLength(1);
  });

  it('a declined card leaves the invoice past due, chased by dunning, the athlete told', async () => {
    const { a } = await athlete('pm_card_chargeDeclined');
    const res = await sell(a.athleteId, { chargeSavedMethod: true });
    expect(res.statusCode, res.body).toBe(201);
    await t.drainJobs();
    const inv = await saleInvoice(res.json().athletePackageId);
    expect(inv).toMatchObject({ status: 'past_due', paymentsMinor: 0, failedAttempts: 1, nextRetryOn: '2026-03-05' });
    expect((await paymentsOf(inv.id)).map((p) => p.status)).toEqual(['failed']);
    expect(t.mail.some((m) => m.to === a.email && /payment/i.test(m.subject))).toBe(true);
    // The package is sold all the same (the desk takes another card or cash).
    expect(res.json().status).toBe('active');
  });

  it('without the option nothing is charged, even with a saved card', async () => {
    const { a } = await athlete('pm_card_visa');
    const res = await sell(a.athleteId);
    expect(res.statusCode, res.body).toBe(201);
    await t.drainJobs();
    const inv = await saleInvoice(res.json().athletePackageId);
    expect(inv).toMatchObject({ status: 'open', paymentsMinor: 0 });
    expect(await paymentsOf(inv.id)).toEqual([]);
    expect(intentsFor(inv.id)).toEqual([]);
  });

  it('refuses the option without a saved method (nothing sold) and in a gym that cannot take cards', async () => {
    const { a } = await athlete();
    const key = `sale-${randomUUID()}`;
    const res = await sell(a.athleteId, { key, chargeSavedMethod: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.chargeSavedMethod).toEqual(['This athlete has no saved payment method to charge.']);
    expect(await t.db.select().from(s.athletePackages).where(eq(s.athletePackages.idempotencyKey, key))).toEqual([]);

    const plain = await t.make.gym();
    const plainOwner = await t.as(await t.make.owner(plain.id));
    const other = await t.make.athlete(plain.id, { login: false });
    const pkg = await t.make.package(plain.id);
    const refused = await plainOwner.post(`/api/athletes/${other.athleteId}/packages/`, {
      packageId: pkg.id,
      billingPlanId: null,
      startDate: TODAY,
      idempotencyKey: `sale-${randomUUID()}`,
      chargeSavedMethod: true,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'no_provider']);
    expect(refused.json().message).toBeTruthy();
  });
});

describe('refunding the unused days of a package cancelled at once', () => {
  const cancel = (client: ApiClient, athletePackageId: string, body: Record<string, unknown>) =>
    client.post(`/api/athlete-packages/${athletePackageId}/cancel/`, { when: 'now', reason: 'Moving away', ...body });
  const preview = (client: ApiClient, athletePackageId: string) => client.get(`/api/athlete-packages/${athletePackageId}/cancel-refund/`);

  it('gives back the unused days of a card-paid period through the provider, once', async () => {
    const { a } = await athlete('pm_card_visa');
    const sold = await sell(a.athleteId, { startDate: START, chargeSavedMethod: true });
    const apId = sold.json().athletePackageId as string;
    await t.drainJobs();
    const inv = await saleInvoice(apId);
    expect(inv).toMatchObject({ status: 'paid', periodStart: START, periodEnd: '2026-03-19' });
    const [payment] = await paymentsOf(inv.id);

    const seen = await preview(owner, apId);
    expect(seen.statusCode, seen.body).toBe(200);
    // 10,000 × 15 / 28 = 5,357.14 → 5,357.
    expect(seen.json()).toEqual({
      amountMinor: 5357,
      unusedDays: 15,
      periodDays: 28,
      periodStart: START,
      periodEnd: '2026-03-19',
      includesTax: false,
      paidMinor: 10000,
      payments: [{ paymentId: payment!.id, invoiceId: inv.id, channel: 'card', amountMinor: 5357 }],
      noRefund: null,
    });

    const res = await cancel(owner, apId, { refundUnused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', endDate: TODAY, refund: { amountMinor: 5357, unusedDays: 15, outcome: 'refunded' } });
    expect(refundsAt(payment!.providerId).map((r) => r.amount)).toEqual([5357]);
    expect(await saleInvoice(apId)).toMatchObject({ status: 'partially_refunded', paymentsMinor: 10000, refundsMinor: 5357 });
    const rows = await paymentsOf(inv.id);
    expect(rows.filter((p) => p.kind === 'refund').map((p) => [p.channel, p.amountMinor, p.refundOfPaymentId, p.providerId?.startsWith('re_')])).toEqual([
      ['card', 5357, payment!.id, true],
    ]);

    // The background job (the refund's durable record) finds it done; a repeat of the cancel is refused, refunding nothing.
    await t.drainJobs();
    const repeat = await cancel(owner, apId, { refundUnused: true });
    expect([repeat.statusCode, repeat.json().code]).toEqual([409, 'package_over']);
    expect(refundsAt(payment!.providerId)).toHaveLength(1);
    expect((await paymentsOf(inv.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
    // Renewed and cancelled at once again, the period already refunded gives nothing more.
    expect((await owner.post(`/api/athlete-packages/${apId}/renew/`, { idempotencyKey: `renew-${randomUUID()}` })).statusCode).toBe(200);
    expect((await cancel(owner, apId, { refundUnused: true })).json().refund).toBeNull();
    expect(refundsAt(payment!.providerId)).toHaveLength(1);
  });

  it('a card refund the provider cannot make now is pending, and its job makes it later, once', async () => {
    const { a } = await athlete('pm_card_visa');
    const apId = (await sell(a.athleteId, { startDate: START, chargeSavedMethod: true })).json().athletePackageId as string;
    await t.drainJobs();
    const inv = await saleInvoice(apId);
    const [payment] = await paymentsOf(inv.id);
    fake.state.outage = '/v1/refunds';
    try {
      const res = await cancel(owner, apId, { refundUnused: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', refund: { amountMinor: 5357, outcome: 'pending' } });
      expect(await saleInvoice(apId)).toMatchObject({ status: 'paid', refundsMinor: 0 });
    } finally {
      fake.state.outage = null;
    }
    await t.drainJobs();
    expect(refundsAt(payment!.providerId).map((r) => r.amount)).toEqual([5357]);
    expect(await saleInvoice(apId)).toMatchObject({ status: 'partially_refunded', refundsMinor: 5357 });
    await t.drainJobs();
    expect(refundsAt(payment!.providerId)).toHaveLength(1);
  });

  it('refunds a cash payment as a manual refund, with the tax as charged', async () => {
    const { a } = await athlete();
    const sold = await sell(a.athleteId, { startDate: START, pkg: taxed });
    const apId = sold.json().athletePackageId as string;
    const inv = await saleInvoice(apId);
    expect(inv.totalMinor).toBe(10825);
    const paid = await owner.post(`/api/invoices/${inv.id}/payments/`, { amountMinor: 10825, type: 'cash_or_check', idempotencyKey: `cash-${randomUUID()}` });
    expect(paid.statusCode, paid.body).toBe(201);
    // 10,825 × 15 / 28 = 5,799.1 → 5,799.
    expect((await preview(owner, apId)).json()).toMatchObject({
      amountMinor: 5799,
      includesTax: true,
      payments: [{ channel: 'cash_or_check', amountMinor: 5799 }],
    });
    const refundsBefore = fake.state.refunds.size;
    const res = await cancel(owner, apId, { refundUnused: true });
    expect(res.json().refund).toEqual({ amountMinor: 5799, unusedDays: 15, outcome: 'refunded' });
    const refund = (await paymentsOf(inv.id)).find((p) => p.kind === 'refund');
    expect(refund).toMatchObject({ channel: 'cash_or_check', amountMinor: 5799, providerId: null, status: 'succeeded' });
    expect(refund!.reason).toContain('15 unused days');
    expect(fake.state.refunds.size).toBe(refundsBefore);
    expect(await saleInvoice(apId)).toMatchObject({ refundsMinor: 5799, status: 'partially_refunded' });
  });

  it('refunds nothing when nothing was paid for the period (the cancel goes ahead)', async () => {
    const { a } = await athlete();
    const apId = (await sell(a.athleteId, { startDate: START })).json().athletePackageId as string;
    expect((await preview(owner, apId)).json()).toMatchObject({ amountMinor: 0, unusedDays: 15, paidMinor: 0, payments: [], noRefund: 'nothing_paid' });
    const res = await cancel(owner, apId, { refundUnused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refund: null });
    expect(await saleInvoice(apId)).toMatchObject({ refundsMinor: 0, paymentsMinor: 0 });
  });

  it('without the option a cancel at once refunds nothing, as before', async () => {
    const { a } = await athlete();
    const apId = (await sell(a.athleteId, { startDate: START })).json().athletePackageId as string;
    const inv = await saleInvoice(apId);
    await owner.post(`/api/invoices/${inv.id}/payments/`, { amountMinor: 10000, type: 'cash_or_check', idempotencyKey: `cash-${randomUUID()}` });
    const res = await cancel(owner, apId, {});
    expect(res.json()).toMatchObject({ status: 'cancelled', refund: null });
    expect((await paymentsOf(inv.id)).filter((p) => p.kind === 'refund')).toEqual([]);
  });

  it('is for staff holding Invoices: the athlete gets 403, staff without it 403, and only with a cancel at once', async () => {
    const { a, client } = await athlete();
    const apId = (await sell(a.athleteId, { startDate: START })).json().athletePackageId as string;
    const inv = await saleInvoice(apId);
    await owner.post(`/api/invoices/${inv.id}/payments/`, { amountMinor: 10000, type: 'cash_or_check', idempotencyKey: `cash-${randomUUID()}` });
    for (const body of [{ refundUnused: true }, { when: 'period_end', refundUnused: true }]) {
      const refused = await cancel(client, apId, body);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'period_end_only']);
    }
    expect((await preview(client, apId)).statusCode).toBe(403);
    const desk = await t.as(await t.make.staff(gymId, { permissions: ['AthleteView'] }));
    expect((await preview(desk, apId)).statusCode).toBe(403);
    const noInvoices = await cancel(desk, apId, { refundUnused: true });
    expect([noInvoices.statusCode, noInvoices.json().code]).toEqual([403, 'refund_forbidden']);
    const periodEnd = await cancel(owner, apId, { when: 'period_end', refundUnused: true });
    expect(periodEnd.statusCode).toBe(400);
    expect(periodEnd.json().fields.refundUnused).toEqual(['Only a cancel at once refunds the unused days.']);
    // Nothing changed by the refusals.
    const [row] = await t.db
      .select()
      .from(s.athletePackages)
      .where(and(eq(s.athletePackages.id, apId), sql`${s.athletePackages.cancelledAt} is null`));
    expect(row?.status).toBe('active');
    expect((await paymentsOf(inv.id)).filter((p) => p.kind === 'refund')).toEqual([]);
  });
});

/** Real races need PostgreSQL (PGlite runs one transaction at a time). */
describe.runIf(Boolean(inject('templateDatabaseUrl')))('at once, on PostgreSQL', () => {
  it('the same sale sent twice at once makes one package and one charge', async () => {
    const { a } = await athlete('pm_card_visa');
    const key = `sale-${randomUUID()}`;
    const answers = await Promise.all([sell(a.athleteId, { key, chargeSavedMethod: true }), sell(a.athleteId, { key, chargeSavedMethod: true })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    await t.drainJobs();
    const inv = await saleInvoice(answers[0]!.json().athletePackageId);
    expect(inv.status).toBe('paid');
    expect(await paymentsOf(inv.id)).toHaveLength(1);
    expect(intentsFor(inv.id)).toHaveLength(1);
  });

  it('two cancels at once with the refund: one cancels and refunds, the other is refused', async () => {
    const { a } = await athlete();
    const apId = (await sell(a.athleteId, { startDate: START })).json().athletePackageId as string;
    const inv = await saleInvoice(apId);
    await owner.post(`/api/invoices/${inv.id}/payments/`, { amountMinor: 10000, type: 'cash_or_check', idempotencyKey: `cash-${randomUUID()}` });
    const other = await t.as(await t.make.owner(gymId));
    await other.get('/api/auth/csrf/');
    const body = { when: 'now', reason: '', refundUnused: true };
    const answers = await Promise.all([owner, other].map((c) => c.post(`/api/athlete-packages/${apId}/cancel/`, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await paymentsOf(inv.id)).filter((p) => p.kind === 'refund').map((p) => p.amountMinor)).toEqual([5357]);
  });
});
