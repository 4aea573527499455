import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, billingMessages, reservationMessages, toZoned } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { paymentProviderDouble } from '../../../test/payment-provider-double';
import { athletePackages, charges, invoiceLines, invoices, mailOutbox, paymentAccounts, paymentMethods, payments } from '../../db/schema';
import { renewPackage, sellPackage } from '../athlete-packages';
import { recordPayment } from '../invoices';
import { runBilling } from './billing-run';
import { chargeNewInvoice, runDunning } from './dunning';

fixClock(TEST_NOW);
/** TEST_NOW is 2026-03-04 14:30 in Chicago, 20:30 in London. */
const TODAY = '2026-03-04';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Gym = Awaited<ReturnType<TestApp['make']['gym']>>;

const invoicesOf = (athletePackageId: string) =>
  t.db.select().from(invoices).where(eq(invoices.athletePackageId, athletePackageId)).orderBy(asc(invoices.periodStart));
const packageRow = async (id: string) => (await t.db.select().from(athletePackages).where(eq(athletePackages.id, id)))[0]!;

/** A monthly membership ($100 by default) held by a new athlete, its next period due on `nextBillingDate`. */
async function membership(
  gym: Gym,
  o: {
    nextBillingDate?: string | null;
    status?: 'active' | 'on_hold' | 'cancelled' | 'ended';
    priceMinor?: number;
    hold?: [string, string];
    paymentCount?: number | null;
    endDate?: string;
  } = {},
) {
  const athlete = await t.make.athlete(gym.id, { login: false });
  const pkg = await t.make.package(gym.id);
  const plan = await t.make.billingPlan(gym.id, pkg.id, { priceMinor: o.priceMinor ?? 10000, paymentCount: o.paymentCount ?? null });
  const ap = await t.make.athletePackage(gym.id, athlete.athleteId, {
    packageId: pkg.id,
    billingPlanId: plan.id,
    priceMinor: o.priceMinor ?? 10000,
    nextBillingDate: o.nextBillingDate === undefined ? TODAY : o.nextBillingDate,
    status: o.status ?? 'active',
    holdStartsOn: o.hold?.[0] ?? null,
    holdEndsOn: o.hold?.[1] ?? null,
    endDate: o.endDate ?? null,
  });
  return { athlete, pkg, plan, ap };
}

describe('the billing run', () => {
  it("publishes the gym's change when it bills and when it marks past due, so kept reads (the kiosk's past-due flag) follow at once", async () => {
    const gym = await t.make.gym({ timeZone: 'America/Chicago' });
    const other = await t.make.gym({ timeZone: 'America/Chicago' });
    await membership(gym);
    const heard: string[] = [];
    const stop = t.app.changes.on((change) => {
      if (change.kind === 'gym' && (change.gymId === gym.id || change.gymId === other.id)) heard.push(change.gymId === gym.id ? 'gym' : 'other');
    });
    try {
      await runBilling(t.ctx, t.app.jobs, { gymId: gym.id });
      expect(heard).toEqual(['gym']);
      heard.length = 0;
      // The hourly job (no gym given) the day after: the invoice is past due, and only its gym hears of it.
      expect((await runBilling(t.ctx, null, { now: new Date('2026-03-05T20:30:00Z') })).overdue).toBeGreaterThanOrEqual(1);
      expect(heard).toEqual(['gym']);
      heard.length = 0;
      // Nothing changed: nothing published.
      await runBilling(t.ctx, null, { gymId: gym.id, now: new Date('2026-03-05T21:30:00Z') });
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });

  it("bills an active membership once, on its day in the gym's zone, and moves its next billing date on a period", async () => {
    const gym = await t.make.gym({ timeZone: 'America/Chicago' });
    const taxRate = await t.make.taxRate(gym.id, { name: 'Sales Tax', percent: '8.2500' });
    const m = await membership(gym);
    await t.db.execute(sql`update packages set tax_rate_id = ${taxRate.id} where id = ${m.pkg.id}`);
    const first = await runBilling(t.ctx, t.app.jobs, { gymId: gym.id });
    expect(first.invoices).toBe(1);
    const [inv] = await invoicesOf(m.ap.id);
    expect(inv).toMatchObject({
      athleteId: m.athlete.athleteId,
      source: 'billing_period',
      status: 'open',
      periodStart: TODAY,
      periodEnd: '2026-04-03',
      issueDate: TODAY,
      dueDate: TODAY,
      netMinor: 10000,
      taxMinor: 825,
      totalMinor: 10825,
      number: 1,
    });
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv!.id));
    expect(lines).toMatchObject([{ itemPriceMinor: 10000, quantity: 1, taxRateValue: '8.2500', description: `${m.pkg.name}: 03/04/2026 to 04/03/2026` }]); // issue 34: as the US writes dates
    expect((await packageRow(m.ap.id)).nextBillingDate).toBe('2026-04-04');
    // The same hour again, and the next day: nothing more until the next period.
    expect((await runBilling(t.ctx, t.app.jobs, { gymId: gym.id })).invoices).toBe(0);
    // The day after its due date the unpaid invoice is past due.
    expect(await runBilling(t.ctx, t.app.jobs, { gymId: gym.id, now: new Date('2026-03-05T20:30:00Z') })).toMatchObject({ invoices: 0, overdue: 1 });
    // On the next period's day it bills that one.
    const later = await runBilling(t.ctx, t.app.jobs, { gymId: gym.id, now: new Date('2026-04-04T15:00:00Z') });
    expect(later).toMatchObject({ invoices: 1, overdue: 0 });
    expect((await invoicesOf(m.ap.id)).map((i) => [i.periodStart, i.status])).toEqual([
      [TODAY, 'past_due'],
      ['2026-04-04', 'open'],
    ]);
  });

  it("takes the gym's own date: past midnight in London a UK membership is due, a Chicago one is not yet", async () => {
    const london = await t.make.gym({ timeZone: 'Europe/London', country: 'GB' });
    const chicago = await t.make.gym({ timeZone: 'America/Chicago' });
    const uk = await membership(london, { nextBillingDate: '2026-03-05' });
    const us = await membership(chicago, { nextBillingDate: '2026-03-05' });
    // 00:30 on the 5th in London is 18:30 on the 4th in Chicago.
    const at = new Date('2026-03-05T00:30:00Z');
    expect(toZoned(at, 'America/Chicago').date).toBe(TODAY);
    await runBilling(t.ctx, null, { gymId: london.id, now: at });
    await runBilling(t.ctx, null, { gymId: chicago.id, now: at });
    expect((await invoicesOf(uk.ap.id)).map((i) => [i.periodStart, i.issueDate])).toEqual([['2026-03-05', '2026-03-05']]);
    expect(await invoicesOf(us.ap.id)).toEqual([]);
    // At 06:30 UTC it is past midnight in Chicago too.
    await runBilling(t.ctx, null, { gymId: chicago.id, now: new Date('2026-03-05T06:30:00Z') });
    expect((await invoicesOf(us.ap.id)).map((i) => i.periodStart)).toEqual(['2026-03-05']);
  });

  it('bills no package on hold, cancelled or ended, nor a period after the package ends', async () => {
    const gym = await t.make.gym();
    const onHold = await membership(gym, { status: 'on_hold', hold: ['2026-03-01', '2026-03-20'] });
    // The hold started today and the hourly status job has not run yet: the run still sees the hold.
    const holdToday = await membership(gym, { hold: [TODAY, '2026-03-10'] });
    const cancelled = await membership(gym, { status: 'cancelled' });
    const ended = await membership(gym, { status: 'ended' });
    const endsBefore = await membership(gym, { endDate: '2026-03-03' });
    const active = await membership(gym);
    const result = await runBilling(t.ctx, null, { gymId: gym.id });
    expect(result.invoices).toBe(1);
    expect(await invoicesOf(active.ap.id)).toHaveLength(1);
    for (const m of [onHold, holdToday, cancelled, ended, endsBefore]) expect(await invoicesOf(m.ap.id)).toEqual([]);
    expect((await packageRow(endsBefore.ap.id)).nextBillingDate).toBeNull();
  });

  it('a sale invoices its first period prorated per the plan with the sign-up fee, and the run bills the following periods, paymentCount times in all', async () => {
    const gym = await t.make.gym();
    const athlete = await t.make.athlete(gym.id, { login: false });
    const pkg = await t.make.package(gym.id, { name: 'Unlimited', signUpFeeMinor: 2500 });
    // On the 1st of each month, prorated, three payments.
    const plan = await t.make.billingPlan(gym.id, pkg.id, { priceMinor: 10000, startsOn: 'day_of_month', dayOfMonth: 1, prorate: true, paymentCount: 3 });
    const sold = await t.db.transaction((tx) =>
      sellPackage(tx, gym.id, {
        athleteId: athlete.athleteId,
        packageId: pkg.id,
        billingPlanId: plan.id,
        startDate: TODAY,
        source: 'staff',
        idempotencyKey: 'sale-key-0001',
        actorUserId: null,
      }),
    );
    // The same sale again (a double click) makes no second invoice.
    await t.db.transaction((tx) =>
      sellPackage(tx, gym.id, {
        athleteId: athlete.athleteId,
        packageId: pkg.id,
        billingPlanId: plan.id,
        startDate: TODAY,
        source: 'staff',
        idempotencyKey: 'sale-key-0001',
        actorUserId: null,
      }),
    );
    const [sale, ...none] = await invoicesOf(sold.athletePackageId);
    expect(none).toEqual([]);
    // 4 to 31 March: 28 of March's 31 days of $100 = $90.32, and the $25 fee.
    expect(sale).toMatchObject({ source: 'package', periodStart: TODAY, periodEnd: '2026-03-31', totalMinor: 9032 + 2500, status: 'open' });
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, sale!.id)).orderBy(asc(invoiceLines.position));
    expect(lines.map((l) => [l.description, l.itemPriceMinor])).toEqual([
      ['Unlimited: 03/04/2026 to 03/31/2026', 9032],
      ['Sign-up fee', 2500],
    ]);
    expect((await packageRow(sold.athletePackageId)).nextBillingDate).toBe('2026-04-01');
    // Server down all April: the May run catches up April and May, the last of the three payments; then nothing more.
    await runBilling(t.ctx, null, { gymId: gym.id, now: new Date('2026-05-01T15:00:00Z') });
    expect((await invoicesOf(sold.athletePackageId)).map((i) => [i.periodStart, i.periodEnd, i.totalMinor])).toEqual([
      [TODAY, '2026-03-31', 11532],
      ['2026-04-01', '2026-04-30', 10000],
      ['2026-05-01', '2026-05-31', 10000],
    ]);
    expect(await packageRow(sold.athletePackageId)).toMatchObject({ nextBillingDate: null, endDate: '2026-05-31' });
    expect((await runBilling(t.ctx, null, { gymId: gym.id, now: new Date('2026-06-01T15:00:00Z') })).invoices).toBe(0);
  });

  it('a renewal (of a pack that has ended: from today) invoices its new first period once, with no sign-up fee again', async () => {
    const gym = await t.make.gym();
    const athlete = await t.make.athlete(gym.id, { login: false });
    const pkg = await t.make.package(gym.id, { kind: 'class_pack', credits: 10, validityDays: 30, signUpFeeMinor: 1000 });
    const plan = await t.make.billingPlan(gym.id, pkg.id, { priceMinor: 15000, paymentCount: 1 });
    const sold = await t.db.transaction((tx) =>
      sellPackage(tx, gym.id, {
        athleteId: athlete.athleteId,
        packageId: pkg.id,
        billingPlanId: plan.id,
        startDate: '2026-02-01',
        source: 'staff',
        actorUserId: null,
      }),
    );
    for (let i = 0; i < 2; i++) await t.db.transaction((tx) => renewPackage(tx, gym.id, TODAY, sold.athletePackageId, 'renew-key-0001', null));
    expect((await invoicesOf(sold.athletePackageId)).map((i) => [i.periodStart, i.totalMinor])).toEqual([
      ['2026-02-01', 16000],
      [TODAY, 15000],
    ]);
  });

  it('a sign-up fee alone (a package without a plan) is its own invoice; a free comp makes none', async () => {
    const gym = await t.make.gym();
    const athlete = await t.make.athlete(gym.id, { login: false });
    const feeOnly = await t.make.package(gym.id, { signUpFeeMinor: 4000 });
    const comp = await t.make.package(gym.id);
    const a = await t.db.transaction((tx) =>
      sellPackage(tx, gym.id, {
        athleteId: athlete.athleteId,
        packageId: feeOnly.id,
        billingPlanId: null,
        startDate: TODAY,
        source: 'staff',
        actorUserId: null,
      }),
    );
    const b = await t.db.transaction((tx) =>
      sellPackage(tx, gym.id, { athleteId: athlete.athleteId, packageId: comp.id, billingPlanId: null, startDate: TODAY, source: 'staff', actorUserId: null }),
    );
    expect((await invoicesOf(a.athletePackageId)).map((i) => [i.source, i.totalMinor, i.periodStart])).toEqual([['sign_up_fee', 4000, null]]);
    expect(await invoicesOf(b.athletePackageId)).toEqual([]);
  });

  it('a run cut short by a restart, run again, bills each period once with numbers in a row', async () => {
    const gym = await t.make.gym();
    const due = [];
    for (let i = 0; i < 5; i++) due.push(await membership(gym));
    const cut = await runBilling(t.ctx, null, { gymId: gym.id, limit: 2 });
    expect(cut.invoices).toBe(2);
    const rest = await runBilling(t.ctx, null, { gymId: gym.id });
    expect(rest.invoices).toBe(3);
    expect((await runBilling(t.ctx, null, { gymId: gym.id })).invoices).toBe(0);
    for (const m of due) expect(await invoicesOf(m.ap.id)).toHaveLength(1);
    const numbers = (await t.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.gymId, gym.id))).map((r) => r.n).sort((x, y) => x! - y!);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });

  it("invoices a kiosk charge on its collection date, once; Charge Now invoices it at once; a charge's terms do not change under its invoice", async () => {
    const w = await t.make.kioskGym({ athletes: 3 });
    const desk: ApiClient = await t.as(w.staff);
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: -1, time: '06:00' });
    const [later, now, cleared] = await t.make.reserve(
      cls,
      w.members.map((m) => m.athleteId),
    );
    // A no show collected in two days, a late cancel charged now, a no show cleared before it was billed.
    expect((await desk.put(`/api/athlete-kilo-classes/${later}/`, { isNoShow: true, chargeDate: addDays(TODAY, 2) })).statusCode).toBe(200);
    expect((await desk.put(`/api/athlete-kilo-classes/${now}/`, { isLateCancel: true, chargeNow: true })).statusCode).toBe(200);
    expect((await desk.put(`/api/athlete-kilo-classes/${cleared}/`, { isNoShow: true })).statusCode).toBe(200);
    expect((await desk.put(`/api/athlete-kilo-classes/${cleared}/`, { isNoShow: false })).statusCode).toBe(200);
    const byReservation = async (reservationId: string) =>
      t.db.select({ inv: invoices }).from(invoices).innerJoin(charges, eq(charges.id, invoices.chargeId)).where(eq(charges.reservationId, reservationId));
    const [nowInvoice] = await byReservation(now!);
    expect(nowInvoice!.inv).toMatchObject({ source: 'late_cancel', athleteId: w.members[1]!.athleteId, netMinor: 1500, status: 'open' });
    // A new fee voids the unpaid invoice and bills the new one; once paid, the fee cannot change under it.
    expect((await desk.put(`/api/athlete-kilo-classes/${now}/`, { chargeFee: 5 })).statusCode).toBe(200);
    expect((await t.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, nowInvoice!.inv.id)))[0]!.status).toBe('void');
    const [renewed] = await byReservation(now!);
    expect(renewed!.inv).toMatchObject({ source: 'late_cancel', netMinor: 500, status: 'open' });
    await t.db.transaction((tx) =>
      recordPayment(tx, w.gym.id, {
        invoiceId: renewed!.inv.id,
        amountMinor: renewed!.inv.totalMinor,
        channel: 'cash_or_check',
        idempotencyKey: 'kiosk-fee-paid',
        actorUserId: null,
      }),
    );
    const change = await desk.put(`/api/athlete-kilo-classes/${now}/`, { chargeFee: 0 });
    expect([change.statusCode, change.json().message]).toEqual([409, reservationMessages.chargeInvoiced]);

    expect((await runBilling(t.ctx, null, { gymId: w.gym.id })).charges).toBe(0);
    expect(await byReservation(later!)).toEqual([]);
    const onDate = new Date('2026-03-06T20:30:00Z');
    expect((await runBilling(t.ctx, null, { gymId: w.gym.id, now: onDate })).charges).toBe(1);
    expect((await runBilling(t.ctx, null, { gymId: w.gym.id, now: onDate })).charges).toBe(0);
    expect((await byReservation(later!)).map((r) => [r.inv.source, r.inv.netMinor, r.inv.issueDate])).toEqual([['no_show', 3000, '2026-03-06']]);
    expect(await t.db.select().from(invoices).where(eq(invoices.athleteId, w.members[2]!.athleteId))).toEqual([]);
    expect((await desk.put(`/api/athlete-kilo-classes/${now}/`, { isLateCancel: false })).statusCode).toBe(200);
    // Clearing the mark leaves its invoices as they are (staff refund or void them).
    expect(
      (await t.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.athleteId, w.members[1]!.athleteId))).map((r) => r.status).sort(),
    ).toEqual(['paid', 'void']);
  });
});

describe('charging saved methods and dunning', () => {
  async function withSavedMethod(providerMethodId: string, o: { dunningDays?: number[] } = {}) {
    const w = await t.make.kioskGym({ athletes: 1 });
    const athlete = w.members[0]!;
    await t.db.insert(paymentAccounts).values({
      gymId: w.gym.id,
      providerAccountId: `acct_${w.gym.id.slice(0, 8)}`,
      chargesEnabled: true,
      ...(o.dunningDays ? { dunningDays: o.dunningDays } : {}),
    });
    await t.db.execute(sql`update athletes set email = ${`billing-${athlete.athleteId.slice(0, 8)}@example.com`} where id = ${athlete.athleteId}`);
    await t.db.insert(paymentMethods).values({
      gymId: w.gym.id,
      athleteId: athlete.athleteId,
      type: 'CARD',
      brand: 'visa',
      last4: '0002',
      providerCustomerId: 'cus_test',
      providerMethodId,
      isDefault: true,
    });
    const pkg = await t.make.package(w.gym.id);
    const plan = await t.make.billingPlan(w.gym.id, pkg.id, { priceMinor: 8000 });
    const ap = await t.make.athletePackage(w.gym.id, athlete.athleteId, {
      packageId: pkg.id,
      billingPlanId: plan.id,
      priceMinor: 8000,
      nextBillingDate: TODAY,
    });
    return { w, athlete, ap };
  }
  const invoiceOf = async (athletePackageId: string) => (await invoicesOf(athletePackageId))[0]!;
  const failedMails = (gymId: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.gymId, gymId), eq(mailOutbox.kind, 'payment_failed')))
      .orderBy(asc(mailOutbox.createdAt));

  it('the run enqueues a charge of the saved method; a decline makes the invoice past due (the kiosk flag), is retried on days 1, 3 and 7 with a mail each time, and stays past due after the last', async () => {
    const provider = paymentProviderDouble();
    const { w, athlete, ap } = await withSavedMethod('pm_card_chargeDeclined');
    await runBilling(t.ctx, t.app.jobs, { gymId: w.gym.id });
    const inv = await invoiceOf(ap.id);
    const queued = await t.db.execute(sql`select data from pgboss.job where name = 'invoices.charge' and data->>'invoiceId' = ${inv.id}`);
    expect((queued as unknown as { rows: unknown[] }).rows ?? queued).toHaveLength(1);

    const first = await chargeNewInvoice(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, invoiceId: inv.id });
    expect(first).toMatchObject({ outcome: 'failed', status: 'past_due' });
    // The job retried (a crash after the charge): the provider answers the same charge, nothing more is recorded.
    await chargeNewInvoice(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, invoiceId: inv.id });
    expect(provider.charges.map((c) => [c.idempotencyKey, c.amountMinor])).toEqual([[`spotter:${w.gym.id}:billing:${inv.id}:1`, 8000]]);
    expect(await invoiceOf(ap.id)).toMatchObject({
      status: 'past_due',
      failedAttempts: 1,
      nextRetryOn: '2026-03-05',
      lastFailureMessage: 'Your card was declined.',
    });
    const staff = await t.as(w.staff);
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, time: '18:00' });
    await t.make.reserve(cls, [athlete.athleteId]);
    const kiosk = (await staff.get(`/api/events/${cls.id}/kiosk-event/?eventType=class`)).json();
    expect(kiosk.results.find((r: { athleteId: string }) => r.athleteId === athlete.athleteId)).toMatchObject({ hasPastDueBills: true });
    expect((await failedMails(w.gym.id)).map((m) => m.subject)).toEqual([expect.stringContaining('Payment failed for invoice INV-000001')]);

    // Not before its day; then on days 1, 3 and 7 after the first failure.
    expect(await runDunning(t.ctx, t.app.jobs, provider, { gymId: w.gym.id })).toEqual([]);
    const retries: [string, string | null][] = [
      ['2026-03-05T20:30:00Z', '2026-03-07'],
      ['2026-03-07T20:30:00Z', '2026-03-11'],
      ['2026-03-11T20:30:00Z', null],
    ];
    for (const [at, next] of retries) {
      const outcomes = await runDunning(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, now: new Date(at) });
      expect(outcomes).toMatchObject([{ outcome: 'failed' }]);
      expect(await invoiceOf(ap.id)).toMatchObject({ status: 'past_due', nextRetryOn: next });
    }
    expect((await invoiceOf(ap.id)).failedAttempts).toBe(4);
    expect(await runDunning(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, now: new Date('2026-03-20T20:30:00Z') })).toEqual([]);
    expect(provider.charges.map((c) => c.idempotencyKey.split(':').slice(2).join(':'))).toEqual([
      `billing:${inv.id}:1`,
      `dunning:${inv.id}:2`,
      `dunning:${inv.id}:3`,
      `dunning:${inv.id}:4`,
    ]);
    const mails = await failedMails(w.gym.id);
    expect(mails).toHaveLength(4);
    expect(mails[0]!.text).toContain('again on');
    expect(mails[3]!.text).toContain('will not try your saved payment method again');
    expect(new Set(mails.map((m) => m.toAddress))).toEqual(new Set([`billing-${athlete.athleteId.slice(0, 8)}@example.com`]));
  });

  it('Charge Now of a member with a saved method invoices the fee and charges it through the same job', async () => {
    const provider = paymentProviderDouble();
    const { w, athlete } = await withSavedMethod('pm_card_visa');
    const desk = await t.as(w.staff);
    const cls = await t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, daysAhead: -1, time: '07:00' });
    const [reservationId] = await t.make.reserve(cls, [athlete.athleteId]);
    expect((await desk.put(`/api/athlete-kilo-classes/${reservationId}/`, { isNoShow: true, chargeNow: true })).statusCode).toBe(200);
    const [fee] = await t.db
      .select({ inv: invoices })
      .from(invoices)
      .innerJoin(charges, eq(charges.id, invoices.chargeId))
      .where(eq(charges.reservationId, reservationId!));
    const jobs = (await t.db.execute(sql`select data from pgboss.job where name = 'invoices.charge' and data->>'invoiceId' = ${fee!.inv.id}`)) as unknown as {
      rows: unknown[];
    };
    expect(jobs.rows).toHaveLength(1);
    expect(await chargeNewInvoice(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, invoiceId: fee!.inv.id })).toMatchObject({
      outcome: 'succeeded',
      status: 'paid',
    });
    expect(provider.charges.map((c) => c.amountMinor)).toEqual([fee!.inv.totalMinor]);
  });

  it("retries on the gym's own schedule, and a retry that succeeds pays the invoice and ends the chase", async () => {
    const provider = paymentProviderDouble();
    const { w, ap } = await withSavedMethod('pm_card_visa', { dunningDays: [2, 5] });
    await runBilling(t.ctx, t.app.jobs, { gymId: w.gym.id });
    const inv = await invoiceOf(ap.id);
    provider.script.push('decline');
    await chargeNewInvoice(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, invoiceId: inv.id });
    expect(await invoiceOf(ap.id)).toMatchObject({ status: 'past_due', nextRetryOn: '2026-03-06' });
    expect(await runDunning(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, now: new Date('2026-03-05T20:30:00Z') })).toEqual([]);
    const [retry] = await runDunning(t.ctx, t.app.jobs, provider, { gymId: w.gym.id, now: new Date('2026-03-06T20:30:00Z') });
    expect(retry).toMatchObject({ outcome: 'succeeded', status: 'paid' });
    expect(await invoiceOf(ap.id)).toMatchObject({ status: 'paid', paymentsMinor: 8000, nextRetryOn: null, failedAttempts: 0 });
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, inv.id)).orderBy(asc(payments.createdAt));
    expect(rows.map((p) => [p.status, p.amountMinor])).toEqual([
      ['failed', 8000],
      ['succeeded', 8000],
    ]);
    expect(await failedMails(w.gym.id)).toHaveLength(1);
  });

  it('without a provider nothing is charged and the invoice stays open for a manual payment', async () => {
    const { w, ap } = await withSavedMethod('pm_card_visa');
    await runBilling(t.ctx, t.app.jobs, { gymId: w.gym.id });
    const inv = await invoiceOf(ap.id);
    expect(await chargeNewInvoice(t.ctx, t.app.jobs, null, { gymId: w.gym.id, invoiceId: inv.id })).toEqual({ outcome: 'skipped', reason: 'no_provider' });
    expect(await runDunning(t.ctx, t.app.jobs, null, { gymId: w.gym.id })).toEqual([]);
    expect(await invoiceOf(ap.id)).toMatchObject({ status: 'open', failedAttempts: 0 });
  });
});

describe('payment settings (the dunning schedule)', () => {
  it("Run billing now bills the owner's gym's due periods once, and no other gym's", async () => {
    const gym = await t.make.gym();
    const other = await t.make.gym();
    const owner = await t.as(await t.make.owner(gym.id));
    const mine = await membership(gym);
    const theirs = await membership(other);
    const run = await owner.post('/api/payments/billing-run/', {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ invoices: 1 });
    expect(await invoicesOf(mine.ap.id)).toHaveLength(1);
    expect(await invoicesOf(theirs.ap.id)).toHaveLength(0);
    // Again at once: nothing is due any more.
    expect((await owner.post('/api/payments/billing-run/', {})).json()).toMatchObject({ invoices: 0 });
    expect(await invoicesOf(mine.ap.id)).toHaveLength(1);
    const staff = await t.as(await t.make.staff(gym.id, { permissions: ['InvoiceReportsView'] }));
    expect((await staff.post('/api/payments/billing-run/', {})).statusCode).toBe(403);
  });

  it('owners read and set the retry days; bad schedules are refused with a message; others may not', async () => {
    const gym = await t.make.gym();
    const owner = await t.as(await t.make.owner(gym.id));
    expect((await owner.get('/api/payments/settings/')).json()).toEqual({ dunningDays: [1, 3, 7] });
    const saved = await owner.put('/api/payments/settings/', { dunningDays: [2, 4, 10, 30] });
    expect([saved.statusCode, saved.json()]).toEqual([200, { dunningDays: [2, 4, 10, 30] }]);
    expect((await owner.get('/api/payments/settings/')).json()).toEqual({ dunningDays: [2, 4, 10, 30] });
    for (const [days, message] of [
      [[], billingMessages.dunningCount],
      [[3, 1], billingMessages.dunningOrder],
      [[2, 2], billingMessages.dunningOrder],
      [[0], billingMessages.dunningDay],
      [[61], billingMessages.dunningDay],
      [[1.5], billingMessages.dunningDay],
      [Array.from({ length: 11 }, (_, i) => i + 1), billingMessages.dunningCount],
    ] as const) {
      const refused = await owner.put('/api/payments/settings/', { dunningDays: days });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    const staff = await t.as(await t.make.staff(gym.id, { permissions: ['AthleteView'] }));
    expect((await staff.get('/api/payments/settings/')).statusCode).toBe(403);
    expect((await staff.put('/api/payments/settings/', { dunningDays: [1] })).statusCode).toBe(403);
    // Another gym's owner sees their own default.
    const other = await t.make.gym();
    expect((await (await t.as(await t.make.owner(other.id))).get('/api/payments/settings/')).json()).toEqual({ dunningDays: [1, 3, 7] });
  });
});
