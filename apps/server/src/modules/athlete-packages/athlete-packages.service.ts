import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DOMAIN_EVENTS,
  addDays,
  addInterval,
  firstPeriod,
  periodLineDescription,
  saleCharges,
  type AthletePackageSource,
  type FirstPeriod,
} from '@spotter/shared';
import type { DbOrTx, Tx } from '../../db/client';
import { athletePackages, athletes, billingPlans, creditLedger, domainEvents, events, gyms, packages, reservations, taxRates } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { createInvoice, gymToday, type NewInvoiceLine } from '../invoices';
import { enqueueChargeIfSaved } from '../billing';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { balanceOf, ledgerRow, restoreCredits } from './ledger';

/**
 * Issue 18 (decision 032): the packages athletes hold. Every write of an athlete package and of its credits runs here,
 * inside the caller's transaction, whoever calls it (staff selling on the athlete page, the sales portal, the seed, a
 * background job). A package's credits are the sum of its credit_ledger rows; nothing stores a balance.
 */

export const packageMessages = {
  packageNotFound: 'This package does not exist or is no longer sold.',
  planNotFound: 'Choose one of the billing plans of this package.',
  planRequired: 'Choose a billing plan.',
  athleteNotFound: 'This athlete does not exist in this gym.',
  noSavedMethod: 'This athlete has no saved payment method to charge.',
} as const;

export type SellInput = {
  athleteId: string;
  packageId: string;
  /** Required when the package has billing plans (null: a package given without a plan, such as a comp). */
  billingPlanId: string | null;
  /** The first day, a YYYY-MM-DD date in the gym's zone. */
  startDate: string;
  source: AthletePackageSource;
  /** The same key again (a retry, a double click) answers the package it made. */
  idempotencyKey?: string | null;
  actorUserId: string | null;
  /**
   * Charge the sale's invoice to the athlete's default saved method: its `invoices.charge` job (key
   * `billing:{invoiceId}:1`) is enqueued in this transaction, so it exists exactly when the sale does, and a repeat of
   * the sale (same key) answers the first without a second charge. Refused without a saved method.
   */
  chargeSavedMethod?: { jobs: Jobs | null } | null;
};

/** The sale's package, and the invoice it made (null for a repeat, or when nothing was due). */
export type Sold = { athletePackageId: string; created: boolean; invoiceId: string | null };

/**
 * Sell or assign a package to an athlete of the gym, from `startDate`: the package and plan must be the gym's and not
 * archived. Records the price as sold, the end date (start + validity days), the next billing date of the plan's
 * calendar (shared rules/billing-periods.ts), and grants the package's credits as a ledger row. Idempotent by key.
 */
export async function sellPackage(tx: Tx, gymId: string, input: SellInput): Promise<Sold> {
  if (input.idempotencyKey) {
    const [existing] = await tx
      .select({ id: athletePackages.id })
      .from(athletePackages)
      .where(and(eq(athletePackages.gymId, gymId), eq(athletePackages.idempotencyKey, input.idempotencyKey)));
    if (existing) return { athletePackageId: existing.id, created: false, invoiceId: null };
  }
  const [athlete] = await tx
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.id, input.athleteId), eq(athletes.gymId, gymId)));
  if (!athlete) throw notFound(packageMessages.athleteNotFound);
  const [pkg] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, input.packageId), eq(packages.gymId, gymId), isNull(packages.archivedAt)));
  if (!pkg) throw fieldError('packageId', packageMessages.packageNotFound, 'package_not_found');
  const plans = await tx
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.packageId, pkg.id), isNull(billingPlans.archivedAt)));
  const plan = input.billingPlanId ? plans.find((p) => p.id === input.billingPlanId) : undefined;
  if (input.billingPlanId && !plan) throw fieldError('billingPlanId', packageMessages.planNotFound, 'plan_not_found');
  if (!input.billingPlanId && plans.length > 0 && input.source !== 'staff' && input.source !== 'seed')
    throw fieldError('billingPlanId', packageMessages.planRequired, 'plan_required');

  const period = plan ? firstPeriod(plan, input.startDate) : null;
  const endDate =
    pkg.validityDays !== null
      ? addDays(input.startDate, pkg.validityDays - 1)
      : plan && plan.paymentCount !== null && period?.nextBillingDate === null
        ? period.periodEnd
        : null;
  const inserted = await tx
    .insert(athletePackages)
    .values({
      gymId,
      athleteId: athlete.id,
      packageId: pkg.id,
      billingPlanId: plan?.id ?? null,
      status: 'active',
      startDate: input.startDate,
      endDate,
      priceMinor: plan?.priceMinor ?? 0,
      signUpFeeMinor: pkg.signUpFeeMinor,
      nextBillingDate: period?.nextBillingDate ?? null,
      source: input.source,
      idempotencyKey: input.idempotencyKey ?? null,
      soldByUserId: input.actorUserId,
    })
    .onConflictDoNothing()
    .returning({ id: athletePackages.id });
  if (inserted.length === 0) {
    // A concurrent sale with the same key committed first: answer its package.
    const [existing] = await tx
      .select({ id: athletePackages.id })
      .from(athletePackages)
      .where(and(eq(athletePackages.gymId, gymId), eq(athletePackages.idempotencyKey, input.idempotencyKey ?? '')));
    return { athletePackageId: existing!.id, created: false, invoiceId: null };
  }
  const athletePackageId = inserted[0]!.id;
  if (pkg.credits !== null) {
    await tx
      .insert(creditLedger)
      .values({ gymId, athletePackageId, athleteId: athlete.id, delta: pkg.credits, reason: 'grant', note: pkg.name, createdByUserId: input.actorUserId });
  }
  // Issue 19: the sale's invoice, in the same transaction (the seed writes its own history).
  const invoiceId =
    input.source !== 'seed'
      ? await invoiceSale(tx, gymId, { athletePackageId, athleteId: athlete.id, pkg, period, startDate: input.startDate, actorUserId: input.actorUserId })
      : null;
  if (input.chargeSavedMethod && invoiceId && !(await enqueueChargeIfSaved(tx, input.chargeSavedMethod.jobs, gymId, athlete.id, invoiceId))) {
    throw fieldError('chargeSavedMethod', packageMessages.noSavedMethod, 'no_saved_method');
  }
  if (input.source !== 'seed')
    await recordEvent(tx, {
      gymId,
      type: 'package.sold',
      subjectId: athletePackageId,
      payload: { athleteId: athlete.id, packageId: pkg.id, startDate: input.startDate },
    });
  return { athletePackageId, created: true, invoiceId };
}

/**
 * Issue 19: the invoice of a package sale: the first billing period (prorated per the plan, shared firstPeriod) and a
 * 'Sign-up fee' line when the package has one. It carries the package and the period's start, so the billing run never
 * bills that period again. Nothing to charge (a comp, a free plan without fee): no invoice. Answers the invoice's id.
 */
async function invoiceSale(
  tx: Tx,
  gymId: string,
  sale: {
    athletePackageId: string;
    athleteId: string;
    pkg: typeof packages.$inferSelect;
    period: FirstPeriod | null;
    startDate: string;
    actorUserId: string | null;
  },
): Promise<string | null> {
  const { pkg, period } = sale;
  const [rate] = pkg.taxRateId ? await tx.select({ percent: taxRates.percent }).from(taxRates).where(eq(taxRates.id, pkg.taxRateId)) : [];
  const percent = rate?.percent ?? null;
  const [gym] = await tx.select({ country: gyms.country }).from(gyms).where(eq(gyms.id, gymId));
  const lines: NewInvoiceLine[] = saleCharges(period?.firstChargeMinor ?? 0, pkg.signUpFeeMinor).map((charge) => ({
    description: charge.kind === 'period' && period ? periodLineDescription(pkg.name, period.periodStart, period.periodEnd, gym?.country) : 'Sign-up fee',
    itemPriceMinor: charge.amountMinor,
    quantity: 1,
    taxRateValue: percent,
    taxRateId: pkg.taxRateId,
    packageId: pkg.id,
  }));
  if (lines.length === 0) return null;
  const today = await gymToday(tx, gymId);
  const created = await createInvoice(tx, gymId, {
    athleteId: sale.athleteId,
    source: period && period.firstChargeMinor > 0 ? 'package' : 'sign_up_fee',
    lines,
    issueDate: today,
    dueDate: sale.startDate > today ? sale.startDate : today,
    athletePackageId: sale.athletePackageId,
    // The first period is billed here (also when only its fee is due: the billing run starts at nextBillingDate).
    periodStart: period?.periodStart ?? null,
    periodEnd: period?.periodEnd ?? null,
    actorUserId: sale.actorUserId,
  });
  return created.invoiceId;
}

/** The credits left on an athlete package: the sum of its ledger (null for a package without credits, i.e. unlimited). */
export async function creditBalance(db: DbOrTx, athletePackageId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.athletePackageId, athletePackageId));
  return row?.balance ?? 0;
}

/*
 * Lifecycle (issue 18, contract-athlete-packages): hold, remove hold, cancel, renew, adjust credits, and the daily
 * status job. Each runs inside the caller's transaction, the package row locked FOR UPDATE first.
 */

export const lifecycleMessages = {
  notFound: 'This package does not exist in this gym.',
  over: 'This package has ended or been cancelled.',
  holdBeforeStart: 'A hold cannot start before the package does.',
  holdAfterEnd: 'A hold cannot start after the package ends.',
  noHold: 'This package is not on hold.',
  athletePeriodEndOnly: 'You can cancel your package at the end of its period only.',
  noCredits: 'This package has no credits to adjust.',
  belowZero: (balance: number) => `The balance cannot go below zero (it is ${balance}).`,
  renewKeyTaken: 'This idempotency key was used for another package.',
} as const;

type AthletePackageRow = typeof athletePackages.$inferSelect;

/** The package row of the gym, locked FOR UPDATE, with its package. */
async function lockedPackage(tx: Tx, gymId: string, athletePackageId: string): Promise<{ ap: AthletePackageRow; pkg: typeof packages.$inferSelect }> {
  const [row] = await tx
    .select({ ap: athletePackages, pkg: packages })
    .from(athletePackages)
    .innerJoin(packages, eq(packages.id, athletePackages.packageId))
    .where(and(eq(athletePackages.id, athletePackageId), eq(athletePackages.gymId, gymId)))
    .for('update', { of: athletePackages });
  if (!row) throw notFound(lifecycleMessages.notFound);
  return row;
}

const isOver = (ap: AthletePackageRow) => ap.status === 'cancelled' || ap.status === 'ended';
/** Days from a to b inclusive (YYYY-MM-DD). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
/** The status a package in use has on `today`: on hold inside its hold's range, else active. */
const statusOn = (today: string, holdStartsOn: string | null, holdEndsOn: string | null) =>
  holdStartsOn !== null && holdEndsOn !== null && holdStartsOn <= today && today <= holdEndsOn ? 'on_hold' : 'active';

/**
 * Puts a package on hold from `startsOn` to `endsOn`: bookings on those days are refused by the eligibility rule, and
 * billing pauses: the next billing date moves on by the hold's length (a hold replaced is undone first). Bookings
 * already made inside the range stay as they are (the front desk decides).
 */
export async function holdPackage(tx: Tx, gymId: string, today: string, athletePackageId: string, range: { startsOn: string; endsOn: string }): Promise<void> {
  const { ap } = await lockedPackage(tx, gymId, athletePackageId);
  if (isOver(ap)) throw conflict(lifecycleMessages.over, 'package_over');
  if (range.startsOn < ap.startDate) throw fieldError('startsOn', lifecycleMessages.holdBeforeStart);
  if (ap.endDate !== null && range.startsOn > ap.endDate) throw fieldError('startsOn', lifecycleMessages.holdAfterEnd);
  let next = ap.nextBillingDate;
  if (next !== null && ap.holdStartsOn !== null && ap.holdEndsOn !== null) next = addDays(next, -unusedHoldDays(today, ap.holdStartsOn, ap.holdEndsOn));
  if (next !== null) next = addDays(next, daysBetween(range.startsOn, range.endsOn));
  await tx
    .update(athletePackages)
    .set({
      holdStartsOn: range.startsOn,
      holdEndsOn: range.endsOn,
      nextBillingDate: next,
      status: statusOn(today, range.startsOn, range.endsOn),
      updatedAt: new Date(),
    })
    .where(eq(athletePackages.id, ap.id));
  await recordEvent(tx, {
    gymId,
    type: 'package.held',
    subjectId: ap.id,
    payload: { athleteId: ap.athleteId, startsOn: range.startsOn, endsOn: range.endsOn },
  });
}

/** The days of a hold not yet passed on `today` (a hold removed gives these back to billing). */
function unusedHoldDays(today: string, startsOn: string, endsOn: string): number {
  if (endsOn < today) return 0;
  return daysBetween(startsOn > today ? startsOn : today, endsOn);
}

/** Removes a package's hold: billing moves back by the days of it not yet passed; bookings are accepted again. */
export async function removeHold(tx: Tx, gymId: string, today: string, athletePackageId: string): Promise<void> {
  const { ap } = await lockedPackage(tx, gymId, athletePackageId);
  if (ap.holdStartsOn === null || ap.holdEndsOn === null) throw conflict(lifecycleMessages.noHold, 'no_hold');
  const next = ap.nextBillingDate !== null ? addDays(ap.nextBillingDate, -unusedHoldDays(today, ap.holdStartsOn, ap.holdEndsOn)) : null;
  await tx
    .update(athletePackages)
    .set({ holdStartsOn: null, holdEndsOn: null, nextBillingDate: next, status: isOver(ap) ? ap.status : 'active', updatedAt: new Date() })
    .where(eq(athletePackages.id, ap.id));
}

/**
 * Cancels a package.
 * - 'now': cancelled from today (status cancelled, endDate today, nothing more billed). Its bookings after today stay
 *   booked but become uncredited, and the credits they took are given back ('cancel_restore'): the package no longer
 *   pays for them, and the front desk sees them as uncredited (the kiosk's flag).
 * - 'period_end': it stays usable until the day before its next billing date, and at least the package's
 *   cancellationNoticeDays from today (a later period end when the notice does not fit); the daily job then marks it
 *   cancelled. A package without billing ends on its end date (or after the notice).
 */
export async function cancelPackage(
  tx: Tx,
  gymId: string,
  today: string,
  athletePackageId: string,
  input: { when: 'now' | 'period_end'; reason: string; actorUserId: string | null },
): Promise<void> {
  const { ap, pkg } = await lockedPackage(tx, gymId, athletePackageId);
  if (isOver(ap)) throw conflict(lifecycleMessages.over, 'package_over');
  const now = new Date();
  if (input.when === 'now') {
    await tx
      .update(athletePackages)
      .set({ status: 'cancelled', endDate: today, nextBillingDate: null, cancelledAt: now, cancelReason: input.reason, updatedAt: now })
      .where(eq(athletePackages.id, ap.id));
    const later = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .innerJoin(events, eq(events.id, reservations.eventId))
      .where(and(eq(reservations.athletePackageId, ap.id), sql`${events.startDate} > ${today}`));
    const ids = later.map((r) => r.id);
    if (ids.length > 0) {
      await restoreCredits(tx, ids, input.actorUserId, 'Package cancelled');
      await tx.update(reservations).set({ isCredited: false, athletePackageId: null }).where(inArray(reservations.id, ids));
    }
    await recordEvent(tx, { gymId, type: 'package.cancelled', subjectId: ap.id, payload: { athleteId: ap.athleteId, effective: 'now' } });
    return;
  }
  const earliest = addDays(today, pkg.cancellationNoticeDays);
  let end: string;
  if (ap.nextBillingDate !== null) {
    const [plan] = ap.billingPlanId ? await tx.select().from(billingPlans).where(eq(billingPlans.id, ap.billingPlanId)) : [];
    let next = ap.nextBillingDate;
    // The period must end on or after the notice: move on a period at a time (at most ten years of them).
    for (let i = 0; plan && addDays(next, -1) < earliest && i < 520; i++) next = addInterval(next, plan.interval, plan.intervalCount);
    end = addDays(next, -1) < earliest ? earliest : addDays(next, -1);
  } else {
    end = ap.endDate !== null && ap.endDate >= earliest ? ap.endDate : earliest;
  }
  await tx
    .update(athletePackages)
    .set({ endDate: end, nextBillingDate: null, cancelledAt: now, cancelReason: input.reason, updatedAt: now })
    .where(eq(athletePackages.id, ap.id));
  await recordEvent(tx, { gymId, type: 'package.cancelled', subjectId: ap.id, payload: { athleteId: ap.athleteId, effective: 'period_end' } });
}

/**
 * Renews a package: a new period from the day after its end (or today, when it has ended or never ends), active again,
 * its end date and next billing date those of the new period, and its credits granted again ('renewal'). The same
 * idempotency key again answers without renewing twice.
 */
export async function renewPackage(
  tx: Tx,
  gymId: string,
  today: string,
  athletePackageId: string,
  idempotencyKey: string,
  actorUserId: string | null,
): Promise<void> {
  const { ap, pkg } = await lockedPackage(tx, gymId, athletePackageId);
  if (ap.idempotencyKey === idempotencyKey) return;
  const [taken] = await tx
    .select({ id: athletePackages.id })
    .from(athletePackages)
    .where(and(eq(athletePackages.gymId, gymId), eq(athletePackages.idempotencyKey, idempotencyKey)));
  if (taken) throw conflict(lifecycleMessages.renewKeyTaken, 'idempotency_key_taken');
  const start = ap.endDate !== null && ap.endDate >= today ? addDays(ap.endDate, 1) : today;
  const [plan] = ap.billingPlanId ? await tx.select().from(billingPlans).where(eq(billingPlans.id, ap.billingPlanId)) : [];
  const period = plan ? firstPeriod(plan, start) : null;
  const endDate =
    pkg.validityDays !== null
      ? addDays(start, pkg.validityDays - 1)
      : plan && plan.paymentCount !== null && period?.nextBillingDate === null
        ? period.periodEnd
        : null;
  await tx
    .update(athletePackages)
    .set({
      status: statusOn(today, ap.holdStartsOn, ap.holdEndsOn),
      endDate,
      nextBillingDate: period?.nextBillingDate ?? null,
      cancelledAt: null,
      cancelReason: null,
      idempotencyKey,
      updatedAt: new Date(),
    })
    .where(eq(athletePackages.id, ap.id));
  if (pkg.credits !== null)
    await ledgerRow(tx, { athletePackageId: ap.id, delta: pkg.credits, reason: 'renewal', reservationId: null, note: pkg.name, actorUserId });
  // Issue 19: a renewal is a purchase of the new first period (no sign-up fee again).
  await invoiceSale(tx, gymId, { athletePackageId: ap.id, athleteId: ap.athleteId, pkg: { ...pkg, signUpFeeMinor: 0 }, period, startDate: start, actorUserId });
}

/** Staff add or remove credits by hand, with a note; the balance never goes below zero. */
export async function adjustCredits(
  tx: Tx,
  gymId: string,
  athletePackageId: string,
  input: { delta: number; note: string; actorUserId: string | null },
): Promise<void> {
  const { ap, pkg } = await lockedPackage(tx, gymId, athletePackageId);
  if (pkg.credits === null) throw conflict(lifecycleMessages.noCredits, 'no_credits');
  const balance = await balanceOf(tx, ap.id);
  if (balance + input.delta < 0) throw fieldError('delta', lifecycleMessages.belowZero(balance), 'below_zero');
  await ledgerRow(tx, {
    athletePackageId: ap.id,
    delta: input.delta,
    reason: 'adjustment',
    reservationId: null,
    note: input.note,
    actorUserId: input.actorUserId,
  });
}

/**
 * The `packages.daily` job: each package's status as of today in its gym's zone. A hold starting puts it on hold, a
 * hold over makes it active again, and a package past its end date ends (cancelled when a cancellation was asked for),
 * its leftover credits expiring as one 'expiry' row. Answers how many packages changed.
 */
export async function runPackagesDaily(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const todayOf = sql`(${at}::timestamptz at time zone g.time_zone)::date`;
  const ended = await db.execute(sql`
    with ended as (
      update ${athletePackages} ap set status = case when ap.cancelled_at is not null then 'cancelled'::athlete_package_status else 'ended'::athlete_package_status end,
        updated_at = ${at}::timestamptz
      from ${gyms} g
      where g.id = ap.gym_id and ap.status in ('active', 'on_hold') and ap.end_date < ${todayOf}
      returning ap.id, ap.gym_id, ap.athlete_id, ap.status
    ), recorded as (
      -- Issue 33: a package.ended domain event for each, in the same statement (the catalogue: packages/shared domain-events.ts).
      insert into ${domainEvents} (gym_id, type, subject_id, payload, schema_version)
      select e.gym_id, 'package.ended', e.id, json_build_object('athleteId', e.athlete_id, 'status', e.status)::jsonb, ${DOMAIN_EVENTS['package.ended'].version}::int
      from ended e
      returning 1
    ), expired as (
      insert into ${creditLedger} (gym_id, athlete_package_id, athlete_id, delta, reason, note, created_at)
      select e.gym_id, e.id, e.athlete_id, -b.balance, 'expiry', 'Expired', clock_timestamp()
      from ended e cross join lateral (select coalesce(sum(cl.delta), 0)::int as balance from ${creditLedger} cl where cl.athlete_package_id = e.id) b
      where b.balance > 0
      returning 1
    )
    select (select count(*)::int from ended) as n`);
  const onHold = await db.execute(sql`
    update ${athletePackages} ap set status = 'on_hold', updated_at = ${at}::timestamptz from ${gyms} g
    where g.id = ap.gym_id and ap.status = 'active' and ap.hold_starts_on <= ${todayOf} and ap.hold_ends_on >= ${todayOf}
    returning ap.id`);
  const active = await db.execute(sql`
    update ${athletePackages} ap set status = 'active', updated_at = ${at}::timestamptz from ${gyms} g
    where g.id = ap.gym_id and ap.status = 'on_hold' and (ap.hold_ends_on is null or ap.hold_ends_on < ${todayOf} or ap.hold_starts_on > ${todayOf})
    returning ap.id`);
  const count = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])).length;
  const endedRows = (ended as { rows?: { n: number }[] }).rows ?? (ended as unknown as { n: number }[]);
  return (endedRows[0]?.n ?? 0) + count(onHold) + count(active);
}
