import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, addInterval, invoiceSourceLabels, periodLineDescription, toZoned } from '@spotter/shared';
import type { Db, Tx } from '../../db/client';
import { athletePackages, billingPlans, charges, classTypes, events, gyms, invoices, packages, paymentMethods, reservations, taxRates } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import type { Jobs } from '../../lib/jobs';
import { createInvoice, markOverdue } from '../invoices';

/**
 * Issue 19: the billing run (job `billing.run`, hourly and once at boot). For each gym, on the gym's local date:
 *
 * - every athlete package in use (active, not on hold today, not cancelled or ended) whose next billing date has come
 *   gets ONE invoice for that period, and its next billing date moves on a period, in the same transaction. The
 *   package row is locked (SKIP LOCKED: a second worker passes over it) and re-read, and the invoice is unique per
 *   (package, period start), so two workers, or a restart in the middle of a run, bill each period once;
 * - every late-cancel or no-show charge whose collection date has come and that has no invoice yet gets one (unique
 *   per charge);
 * - each new invoice of an athlete with a saved method gets an `invoices.charge` job (enqueued in the invoice's own
 *   transaction), which charges it through the provider;
 * - open invoices past their due date become past due (markOverdue).
 *
 * A batch of a gym's packages (or one charge) is one short transaction, so a crash loses at most the batch in
 * progress (rolled back, billed again by the next run).
 */

export type BillingRunOptions = {
  /** The clock (tests, the bench). */
  now?: Date;
  /** Stop after this many packages and charges (tests: a run cut short by a restart). */
  limit?: number;
  /** Only this gym (Run billing now, tests). */
  gymId?: string;
};

export type BillingRunResult = { invoices: number; charges: number; overdue: number };

/** How many due rows one query fetches; each is then billed in its own transaction. */
const PAGE = 500;
/** Packages of one gym billed in one transaction. */
const BATCH = 25;
/** At most this many periods are caught up per package in one run (a server down for months catches up over runs). */
const MAX_CATCH_UP = 24;

type DueRow = { id: string; gymId: string };

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The packages of gyms (or of one gym) due for billing on each gym's local date, after `afterId` (keyset paging). */
async function duePackages(db: Db, at: Date, after: DueRow | null, gymId: string | undefined): Promise<DueRow[]> {
  const todayOf = sql`(${at.toISOString()}::timestamptz at time zone g.time_zone)::date`;
  return rowsOf<DueRow>(
    await db.execute(sql`
      select ap.id, ap.gym_id as "gymId"
      from ${athletePackages} ap join ${gyms} g on g.id = ap.gym_id
      where ap.status = 'active' and ap.next_billing_date is not null and ap.next_billing_date <= ${todayOf}
        and not (ap.hold_starts_on is not null and ap.hold_starts_on <= ${todayOf} and ap.hold_ends_on >= ${todayOf})
        ${gymId ? sql`and ap.gym_id = ${gymId}` : sql``}
        ${after ? sql`and (ap.gym_id, ap.id) > (${after.gymId}::uuid, ${after.id}::uuid)` : sql``}
      order by ap.gym_id, ap.id
      limit ${PAGE}`),
  );
}

async function dueCharges(db: Db, at: Date, afterId: string | null, gymId: string | undefined): Promise<DueRow[]> {
  const todayOf = sql`(${at.toISOString()}::timestamptz at time zone g.time_zone)::date`;
  return rowsOf<DueRow>(
    await db.execute(sql`
      select c.id, c.gym_id as "gymId"
      from ${charges} c join ${gyms} g on g.id = c.gym_id
      where c.collect_on <= ${todayOf} and c.amount_minor > 0
        and not exists (select 1 from ${invoices} i where i.charge_id = c.id)
        ${gymId ? sql`and c.gym_id = ${gymId}` : sql``}
        ${afterId ? sql`and c.id > ${afterId}` : sql``}
      order by c.id
      limit ${PAGE}`),
  );
}

/** Whether the athlete has a saved method to charge (the charge job is enqueued only then). */
async function hasSavedMethod(tx: Tx, gymId: string, athleteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt)))
    .limit(1);
  return row !== undefined;
}

/** Enqueues the charge of a new invoice's balance to the athlete's saved method, in the invoice's transaction. */
export async function enqueueChargeIfSaved(tx: Tx, jobs: Jobs | null, gymId: string, athleteId: string | null, invoiceId: string): Promise<boolean> {
  if (!jobs || !athleteId || !(await hasSavedMethod(tx, gymId, athleteId))) return false;
  await jobs.enqueue(tx, 'invoices.charge', { gymId, invoiceId });
  return true;
}

async function percentOf(tx: Tx, taxRateId: string | null): Promise<string | null> {
  if (!taxRateId) return null;
  const [rate] = await tx.select({ percent: taxRates.percent }).from(taxRates).where(eq(taxRates.id, taxRateId));
  return rate?.percent ?? null;
}

/**
 * Bills one package's due periods (at most MAX_CATCH_UP) in one transaction. Answers how many invoices it made; 0 when
 * another worker holds or already billed it, or it is no longer due.
 */
export async function billPackage(db: Db, jobs: Jobs | null, athletePackageId: string, at: Date): Promise<number> {
  return db.transaction((tx) => billPackageIn(tx, jobs, athletePackageId, at));
}

async function billPackageIn(tx: Tx, jobs: Jobs | null, athletePackageId: string, at: Date): Promise<number> {
  const [row] = await tx
    .select({
      ap: athletePackages,
      pkg: packages,
      plan: billingPlans,
      timeZone: gyms.timeZone,
      country: gyms.country,
      // Read with the lock (one round trip): the package's tax rate and the periods already invoiced.
      percent: sql<string | null>`(select ${taxRates.percent} from ${taxRates} where ${taxRates.id} = ${packages.taxRateId})`,
      billed: sql<number>`(select count(*)::int from ${invoices} where ${invoices.athletePackageId} = ${athletePackages.id} and ${invoices.periodStart} is not null)`,
    })
    .from(athletePackages)
    .innerJoin(packages, eq(packages.id, athletePackages.packageId))
    .innerJoin(gyms, eq(gyms.id, athletePackages.gymId))
    .leftJoin(billingPlans, eq(billingPlans.id, athletePackages.billingPlanId))
    .where(eq(athletePackages.id, athletePackageId))
    .for('update', { of: athletePackages, skipLocked: true });
  if (!row) return 0;
  const { ap, pkg, plan } = row;
  const today = toZoned(at, row.timeZone).date;
  const onHold = ap.holdStartsOn !== null && ap.holdEndsOn !== null && ap.holdStartsOn <= today && today <= ap.holdEndsOn;
  if (ap.status !== 'active' || onHold || ap.nextBillingDate === null || ap.nextBillingDate > today) return 0;
  if (!plan) {
    // Nothing says how long a period is: nothing more to bill.
    await tx.update(athletePackages).set({ nextBillingDate: null, updatedAt: at }).where(eq(athletePackages.id, ap.id));
    return 0;
  }
  const percent = row.percent;
  let periods = Number(row.billed);
  let next: string | null = ap.nextBillingDate;
  let endDate = ap.endDate;
  let made = 0;
  while (next !== null && next <= today && made < MAX_CATCH_UP) {
    if (plan.paymentCount !== null && periods >= plan.paymentCount) {
      next = null;
      break;
    }
    // A package that ends (a cancellation at period end, a fixed term) bills no period starting after its end.
    if (endDate !== null && next > endDate) {
      next = null;
      break;
    }
    const periodStart = next;
    const following = addInterval(periodStart, plan.interval, plan.intervalCount);
    const periodEnd = addDays(following, -1);
    const created = await createInvoice(tx, ap.gymId, {
      athleteId: ap.athleteId,
      source: 'billing_period',
      athletePackageId: ap.id,
      periodStart,
      periodEnd,
      issueDate: today,
      dueDate: today,
      lines: [
        {
          description: periodLineDescription(pkg.name, periodStart, periodEnd, row.country),
          itemPriceMinor: ap.priceMinor,
          quantity: 1,
          taxRateValue: percent,
          taxRateId: pkg.taxRateId,
          packageId: pkg.id,
        },
      ],
      actorUserId: null,
      now: at,
    });
    periods += 1;
    if (created.created) {
      made += 1;
      await enqueueChargeIfSaved(tx, jobs, ap.gymId, ap.athleteId, created.invoiceId);
    }
    next = following;
    if (plan.paymentCount !== null && periods >= plan.paymentCount) {
      // The last payment: the package ends with this period.
      endDate = endDate !== null && endDate < periodEnd ? endDate : periodEnd;
      next = null;
    }
  }
  await tx.update(athletePackages).set({ nextBillingDate: next, endDate, updatedAt: at }).where(eq(athletePackages.id, ap.id));
  return made;
}

const chargeLabel = (reason: 'late_cancel' | 'no_show') => invoiceSourceLabels[reason];

/**
 * Invoices a late-cancel or no-show charge (once: unique per charge), in the caller's transaction: at once for
 * Charge Now, or by the billing run on its collection date. Answers the invoice id, or null for a charge of nothing.
 */
export async function invoiceCharge(tx: Tx, jobs: Jobs | null, chargeId: string, at: Date): Promise<string | null> {
  const [row] = await tx
    .select({ charge: charges, eventDate: events.startDate, className: classTypes.name })
    .from(charges)
    .leftJoin(reservations, eq(reservations.id, charges.reservationId))
    .leftJoin(events, eq(events.id, reservations.eventId))
    .leftJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .where(eq(charges.id, chargeId));
  if (!row || row.charge.amountMinor <= 0) return null;
  const { charge } = row;
  const what = [row.className, row.eventDate].filter(Boolean).join(', ');
  const created = await createInvoice(tx, charge.gymId, {
    athleteId: charge.athleteId,
    source: charge.reason,
    chargeId: charge.id,
    lines: [
      {
        description: what ? `${chargeLabel(charge.reason)}: ${what}` : chargeLabel(charge.reason),
        itemPriceMinor: charge.amountMinor,
        quantity: 1,
        taxRateValue: await percentOf(tx, charge.taxRateId),
        taxRateId: charge.taxRateId,
      },
    ],
    actorUserId: charge.createdByUserId,
    now: at,
  });
  if (created.created) await enqueueChargeIfSaved(tx, jobs, charge.gymId, charge.athleteId, created.invoiceId);
  return created.invoiceId;
}

/**
 * Runs the billing of every gym (or one) as of `now`: a command (issue 33) whether the hourly job, the boot run or Run
 * billing now calls it; each transaction that makes invoices or marks them past due publishes the gym's change, so
 * the kiosk's past-due flag and every kept read of that gym follow at once, in every server process.
 */
export async function runBilling(ctx: WriteContext, jobs: Jobs | null, options: BillingRunOptions = {}): Promise<BillingRunResult> {
  const { db } = ctx;
  const at = options.now ?? new Date();
  let budget = options.limit ?? Number.POSITIVE_INFINITY;
  const result: BillingRunResult = { invoices: 0, charges: 0, overdue: 0 };
  let afterPackage: DueRow | null = null;
  while (budget > 0) {
    const page = await duePackages(db, at, afterPackage, options.gymId);
    // One transaction per BATCH packages of one gym: a commit (and its flush) per batch, not per package, and one
    // gym's invoice counter locked at a time (two workers never wait on each other's counters in a cycle).
    for (let i = 0; i < page.length && budget > 0;) {
      const gymOf = page[i]!.gymId;
      const batch: DueRow[] = [];
      while (i < page.length && page[i]!.gymId === gymOf && batch.length < BATCH && budget > 0) {
        batch.push(page[i]!);
        i += 1;
        budget -= 1;
      }
      result.invoices += await writeTransaction(ctx, async (tx, publish) => {
        let made = 0;
        for (const due of batch) made += await billPackageIn(tx, jobs, due.id, at);
        if (made > 0) await publish({ kind: 'gym', gymId: gymOf });
        return made;
      });
    }
    if (page.length < PAGE) break;
    afterPackage = page.at(-1)!;
  }
  let after: string | null = null;
  while (budget > 0) {
    const page = await dueCharges(db, at, after, options.gymId);
    for (const due of page) {
      if (budget <= 0) break;
      budget -= 1;
      const invoiceId = await writeTransaction(ctx, async (tx, publish) => {
        // The charge row, locked: a second worker waits, then finds its invoice (unique per charge) and makes none.
        const [locked] = await tx.select({ id: charges.id }).from(charges).where(eq(charges.id, due.id)).for('update', { skipLocked: true });
        if (!locked) return null;
        const [already] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.chargeId, due.id));
        if (already) return null;
        const made = await invoiceCharge(tx, jobs, due.id, at);
        if (made) await publish({ kind: 'gym', gymId: due.gymId });
        return made;
      });
      if (invoiceId) result.charges += 1;
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  if (budget > 0) result.overdue = await markOverdue(ctx, at, options.gymId ?? null);
  return result;
}
