import { and, eq, sql } from 'drizzle-orm';
import {
  balanceOf,
  invoiceLimitRefusal,
  invoiceStateOf,
  paymentRefusal,
  refundRefusal,
  taxOf,
  toZoned,
  voidRefusal,
  type InvoiceSource,
  type InvoiceStatus,
  type PaymentChannel,
  type PaymentStatus,
} from '@spotter/shared';
import { gyms, invoiceCounters, invoiceLines, invoices, payments } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { recordEvent } from '../../lib/domain-events';
import { badRequest, conflict, notFound } from '../../lib/http-error';

/**
 * Issue 19 (decision 033): the one write path of invoices and payments, used by the HTTP routes, the billing run, the
 * dunning job, the kiosk's charges, the point of sale, package sales and the provider's webhooks. Each function runs in
 * the caller's transaction.
 *
 * - An invoice's number comes from `invoice_counters`, whose row the creating transaction locks first: creations in a
 *   gym queue, a rolled-back one gives its number back, so numbers never skip or repeat.
 * - Every change of an invoice's money locks its row (`FOR UPDATE`), writes the payment or refund row, and rewrites
 *   `paymentsMinor`, `refundsMinor` and `status` from the shared rules (`invoiceStateOf`), so paid = payments − refunds
 *   and balance = total − paid hold at every commit.
 * - A payment or refund with an idempotency key that was already used answers the first one (a unique index per gym
 *   makes a concurrent duplicate wait and then find it).
 */

export type NewInvoiceLine = {
  description: string;
  itemPriceMinor: number;
  quantity: number;
  /** Percent (8.25), or null when untaxed. */
  taxRateValue: string | number | null;
  taxRateId?: string | null;
  productId?: string | null;
  packageId?: string | null;
};

export type NewInvoice = {
  athleteId: string | null;
  guestName?: string | null;
  guestEmail?: string | null;
  source: InvoiceSource;
  lines: NewInvoiceLine[];
  /** The gym's local dates; default: today in the gym's zone, due the same day. */
  issueDate?: string;
  dueDate?: string;
  athletePackageId?: string | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  chargeId?: string | null;
  note?: string | null;
  idempotencyKey?: string | null;
  actorUserId: string | null;
  /** The request field a refusal of the money limits names (the point of sale's `items`); default `lines`. */
  limitField?: string;
  /** The clock (tests). */
  now?: Date;
};

export type CreatedInvoice = { invoiceId: string; number: number; created: boolean };

type GymFacts = { timeZone: string; isTaxInclusive: boolean };

async function gymFacts(tx: DbOrTx, gymId: string): Promise<GymFacts> {
  const [gym] = await tx.select({ timeZone: gyms.timeZone, isTaxInclusive: gyms.isTaxInclusive }).from(gyms).where(eq(gyms.id, gymId));
  if (!gym) throw notFound('Gym not found.');
  return gym;
}

/** Today in the gym's zone (YYYY-MM-DD). */
export async function gymToday(tx: DbOrTx, gymId: string, now = new Date()): Promise<string> {
  return toZoned(now, (await gymFacts(tx, gymId)).timeZone).date;
}

/** The invoice a repeated creation answers: the same idempotency key, billing period or charge. */
async function existingInvoice(tx: Tx, gymId: string, input: NewInvoice): Promise<{ id: string; number: number | null } | undefined> {
  const conditions = [];
  if (input.idempotencyKey) conditions.push(and(eq(invoices.gymId, gymId), eq(invoices.idempotencyKey, input.idempotencyKey)));
  if (input.athletePackageId && input.periodStart)
    conditions.push(and(eq(invoices.athletePackageId, input.athletePackageId), eq(invoices.periodStart, input.periodStart)));
  if (input.chargeId) conditions.push(eq(invoices.chargeId, input.chargeId));
  if (conditions.length === 0) return undefined;
  const [row] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` or `,
      ),
    )
    .limit(1);
  return row;
}

/** Computes each line's net, tax and total by spec 9 (tax-inclusive or not). */
export function priceLines(lines: readonly NewInvoiceLine[], isTaxInclusive: boolean) {
  return lines.map((line, position) => {
    const percent = line.taxRateValue === null || line.taxRateValue === undefined ? 0 : Number(line.taxRateValue);
    const figures = taxOf(line.itemPriceMinor * line.quantity, percent, isTaxInclusive);
    return { ...line, position, percent, ...figures };
  });
}

/**
 * Issues an invoice (state open, or paid when it totals zero) with its lines, numbered in the gym's run. Idempotent by
 * key, by billing period (athletePackageId + periodStart) and by charge: a repeat answers the first invoice.
 */
export async function createInvoice(tx: Tx, gymId: string, input: NewInvoice): Promise<CreatedInvoice> {
  if (input.lines.length === 0) throw conflict('An invoice needs at least one line.', 'no_lines');
  for (const line of input.lines) {
    if (!Number.isInteger(line.itemPriceMinor) || line.itemPriceMinor < 0 || !Number.isInteger(line.quantity) || line.quantity <= 0) {
      throw conflict('Each line needs a price of zero or more and a quantity of one or more.', 'bad_line');
    }
  }
  // The gym's counter row, locked: every creation in this gym waits here until the one before commits.
  await tx.execute(
    sql`insert into ${invoiceCounters} (gym_id, last_number) values (${gymId}, 0) on conflict (gym_id) do update set last_number = ${invoiceCounters}.last_number`,
  );
  const existing = await existingInvoice(tx, gymId, input);
  if (existing) return { invoiceId: existing.id, number: existing.number ?? 0, created: false };

  const gym = await gymFacts(tx, gymId);
  const today = toZoned(input.now ?? new Date(), gym.timeZone).date;
  const issueDate = input.issueDate ?? today;
  const dueDate = input.dueDate ?? issueDate;
  const priced = priceLines(input.lines, gym.isTaxInclusive);
  const net = priced.reduce((s, l) => s + l.net, 0);
  const tax = priced.reduce((s, l) => s + l.tax, 0);
  const total = priced.reduce((s, l) => s + l.total, 0);
  // Decision 040: whoever calls, no line or invoice past the limits (the request schemas refuse most of it first).
  const refusal = invoiceLimitRefusal(input.lines, total);
  if (refusal) throw badRequest(refusal.message, refusal.code, { [input.limitField ?? 'lines']: [refusal.message] });
  const status = invoiceStateOf({ totalMinor: total, paymentsMinor: 0, refundsMinor: 0, isVoid: false, isDraft: false, dueDate, today });

  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(eq(invoiceCounters.gymId, gymId))
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const number = counter!.lastNumber;
  const [row] = await tx
    .insert(invoices)
    .values({
      gymId,
      athleteId: input.athleteId,
      guestName: input.guestName ?? null,
      guestEmail: input.guestEmail ?? null,
      number,
      status,
      source: input.source,
      issueDate,
      dueDate,
      netMinor: net,
      taxMinor: tax,
      totalMinor: total,
      isTaxInclusive: gym.isTaxInclusive,
      athletePackageId: input.athletePackageId ?? null,
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      chargeId: input.chargeId ?? null,
      note: input.note ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      createdByUserId: input.actorUserId,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoiceLines).values(
    priced.map((l) => ({
      gymId,
      invoiceId: row!.id,
      position: l.position,
      description: l.description,
      itemPriceMinor: l.itemPriceMinor,
      quantity: l.quantity,
      taxRateValue: l.taxRateValue === null || l.taxRateValue === undefined ? null : Number(l.taxRateValue).toFixed(4),
      taxRateId: l.taxRateId ?? null,
      productId: l.productId ?? null,
      packageId: l.packageId ?? null,
      netMinor: l.net,
      taxMinor: l.tax,
      totalMinor: l.total,
    })),
  );
  await recordEvent(tx, { gymId, type: 'invoice.issued', subjectId: row!.id, payload: { athleteId: input.athleteId, number, totalMinor: total, dueDate } });
  if (status === 'paid') await recordEvent(tx, { gymId, type: 'invoice.paid', subjectId: row!.id, payload: { athleteId: input.athleteId, totalMinor: total } });
  if (status === 'past_due') await recordEvent(tx, { gymId, type: 'invoice.past_due', subjectId: row!.id, payload: { athleteId: input.athleteId } });
  return { invoiceId: row!.id, number, created: true };
}

/** The invoice's row, locked for a change of its money; 404 when it is not the gym's. */
export async function lockInvoice(tx: Tx, gymId: string, invoiceId: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, gymId)))
    .for('update');
  if (!row) throw notFound('Invoice not found.');
  return row;
}

type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

function figuresOf(
  inv: LockedInvoice,
  today: string,
  overrides: Partial<{ paymentsMinor: number; refundsMinor: number; hasFailedCharge: boolean; isVoid: boolean }> = {},
) {
  return {
    totalMinor: inv.totalMinor,
    paymentsMinor: overrides.paymentsMinor ?? inv.paymentsMinor,
    refundsMinor: overrides.refundsMinor ?? inv.refundsMinor,
    isVoid: overrides.isVoid ?? inv.status === 'void',
    isDraft: inv.status === 'draft',
    dueDate: inv.dueDate,
    today,
    hasFailedCharge: overrides.hasFailedCharge ?? inv.failedAttempts > 0,
  };
}

/** Rewrites a locked invoice's money and state from its figures. */
async function settle(
  tx: Tx,
  inv: LockedInvoice,
  today: string,
  change: { paymentsMinor?: number; refundsMinor?: number; failedAttempts?: number; nextRetryOn?: string | null; lastFailureMessage?: string | null },
) {
  const failedAttempts = change.failedAttempts ?? inv.failedAttempts;
  const paymentsMinor = change.paymentsMinor ?? inv.paymentsMinor;
  const refundsMinor = change.refundsMinor ?? inv.refundsMinor;
  const status = invoiceStateOf(figuresOf(inv, today, { paymentsMinor, refundsMinor, hasFailedCharge: failedAttempts > 0 }));
  const paidOff = status === 'paid' || status === 'refunded' || status === 'partially_refunded';
  await tx
    .update(invoices)
    .set({
      paymentsMinor,
      refundsMinor,
      status,
      failedAttempts,
      // A paid invoice has nothing left to chase.
      nextRetryOn: paidOff ? null : change.nextRetryOn !== undefined ? change.nextRetryOn : inv.nextRetryOn,
      lastFailureMessage: change.lastFailureMessage !== undefined ? change.lastFailureMessage : inv.lastFailureMessage,
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, inv.id));
  if (status === 'paid' && inv.status !== 'paid')
    await recordEvent(tx, { gymId: inv.gymId, type: 'invoice.paid', subjectId: inv.id, payload: { athleteId: inv.athleteId, totalMinor: inv.totalMinor } });
  return status;
}

export type RecordPayment = {
  invoiceId: string;
  amountMinor: number;
  channel: PaymentChannel;
  /** 'succeeded' for manual payments; a provider charge starts 'pending' or is recorded with its outcome. */
  status?: PaymentStatus;
  reference?: string | null;
  paymentMethodId?: string | null;
  providerId?: string | null;
  failureMessage?: string | null;
  idempotencyKey: string;
  actorUserId: string | null;
  now?: Date;
};

export type RecordedPayment = { paymentId: string; created: boolean; status: InvoiceStatus };

async function paymentByKey(tx: Tx, gymId: string, key: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gymId, gymId), eq(payments.idempotencyKey, key)));
  return row;
}

/**
 * Records a payment on an invoice: never more than the balance (409 with the shared rule's message). The same
 * idempotency key again, sent twice or at once, records one payment and answers it.
 */
export async function recordPayment(tx: Tx, gymId: string, input: RecordPayment): Promise<RecordedPayment> {
  const inv = await lockInvoice(tx, gymId, input.invoiceId);
  // Under the invoice's lock, a concurrent twin has committed or not started: its row is found here.
  const repeat = await paymentByKey(tx, gymId, input.idempotencyKey);
  if (repeat) {
    if (repeat.invoiceId !== inv.id) throw conflict('This idempotency key was used for another payment.', 'key_reused');
    return { paymentId: repeat.id, created: false, status: inv.status };
  }
  const today = await gymToday(tx, gymId, input.now);
  const status = input.status ?? 'succeeded';
  if (status !== 'failed') {
    const refusal = paymentRefusal(figuresOf(inv, today), input.amountMinor);
    if (refusal) throw conflict(refusal.message, refusal.code);
    // A charge still in flight holds the balance: a second one (another tab, the dunning job) would charge twice.
    const [inFlight] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.invoiceId, inv.id), eq(payments.kind, 'payment'), eq(payments.status, 'pending')))
      .limit(1);
    if (inFlight) throw conflict('A card payment of this invoice is still being processed.', 'payment_pending');
  }
  const inserted = await tx
    .insert(payments)
    .values({
      gymId,
      invoiceId: inv.id,
      athleteId: inv.athleteId,
      kind: 'payment',
      channel: input.channel,
      status,
      amountMinor: input.amountMinor,
      reference: input.reference ?? null,
      paymentMethodId: input.paymentMethodId ?? null,
      providerId: input.providerId ?? null,
      failureMessage: input.failureMessage ?? null,
      idempotencyKey: input.idempotencyKey,
      recordedByUserId: input.actorUserId,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) {
    const twin = await paymentByKey(tx, gymId, input.idempotencyKey);
    if (!twin) throw conflict('This payment is already recorded.', 'duplicate_payment');
    return { paymentId: twin.id, created: false, status: inv.status };
  }
  const next = status === 'succeeded' ? await settle(tx, inv, today, { paymentsMinor: inv.paymentsMinor + input.amountMinor }) : inv.status;
  return { paymentId: inserted[0]!.id, created: true, status: next };
}

/** A pending provider charge's outcome (its synchronous answer or its webhook): applied once, whatever arrives twice. */
export async function settleProviderPayment(
  tx: Tx,
  gymId: string,
  paymentId: string,
  outcome: { status: 'succeeded' | 'failed'; failureMessage?: string | null; nextRetryOn?: string | null; now?: Date },
): Promise<{ changed: boolean; status: InvoiceStatus }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.gymId, gymId)));
  if (!payment) throw notFound('Payment not found.');
  const inv = await lockInvoice(tx, gymId, payment.invoiceId);
  const [fresh] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  // Only a pending payment moves: a succeeded one never fails later, a failed one is retried as a new payment.
  if (fresh!.status !== 'pending') return { changed: false, status: inv.status };
  const today = await gymToday(tx, gymId, outcome.now);
  await tx
    .update(payments)
    .set({ status: outcome.status, failureMessage: outcome.failureMessage ?? null, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
  if (outcome.status === 'succeeded') {
    const overpaid = balanceOf(inv) < fresh!.amountMinor;
    if (overpaid) throw conflict('The charge is more than the invoice balance.', 'amount_too_large');
    return {
      changed: true,
      status: await settle(tx, inv, today, {
        paymentsMinor: inv.paymentsMinor + fresh!.amountMinor,
        failedAttempts: 0,
        nextRetryOn: null,
        lastFailureMessage: null,
      }),
    };
  }
  await recordEvent(tx, {
    gymId,
    type: 'payment.failed',
    subjectId: paymentId,
    payload: { invoiceId: inv.id, athleteId: inv.athleteId, amountMinor: fresh!.amountMinor, message: outcome.failureMessage ?? null },
  });
  return {
    changed: true,
    status: await settle(tx, inv, today, {
      failedAttempts: inv.failedAttempts + 1,
      nextRetryOn: outcome.nextRetryOn ?? null,
      lastFailureMessage: outcome.failureMessage ?? null,
    }),
  };
}

/** A charge of a saved method failed outright (no payment row kept pending): the invoice goes past due and is chased. */
export async function recordFailedCharge(
  tx: Tx,
  gymId: string,
  invoiceId: string,
  input: { failureMessage: string; nextRetryOn: string | null; now?: Date },
): Promise<InvoiceStatus> {
  const inv = await lockInvoice(tx, gymId, invoiceId);
  const today = await gymToday(tx, gymId, input.now);
  return settle(tx, inv, today, { failedAttempts: inv.failedAttempts + 1, nextRetryOn: input.nextRetryOn, lastFailureMessage: input.failureMessage });
}

export type RecordRefund = {
  paymentId: string;
  amountMinor: number;
  reason: string;
  idempotencyKey: string;
  providerId?: string | null;
  actorUserId: string | null;
  now?: Date;
};

/**
 * Refunds part or all of a succeeded payment: at most what it still holds, so paid never goes below zero. The same key
 * again answers the first refund.
 */
export async function recordRefund(
  tx: Tx,
  gymId: string,
  input: RecordRefund,
): Promise<RecordedPayment & { channel: PaymentChannel; providerPaymentId: string | null }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.gymId, gymId)));
  if (!payment) throw notFound('Payment not found.');
  const inv = await lockInvoice(tx, gymId, payment.invoiceId);
  const repeat = await paymentByKey(tx, gymId, input.idempotencyKey);
  if (repeat) {
    if (repeat.refundOfPaymentId !== payment.id) throw conflict('This idempotency key was used for another payment.', 'key_reused');
    return { paymentId: repeat.id, created: false, status: inv.status, channel: payment.channel, providerPaymentId: payment.providerId };
  }
  const [fresh] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  const refusal = refundRefusal(fresh!, input.amountMinor, inv.status === 'void');
  if (refusal) throw conflict(refusal.message, refusal.code);
  const [row] = await tx
    .insert(payments)
    .values({
      gymId,
      invoiceId: inv.id,
      athleteId: inv.athleteId,
      kind: 'refund',
      channel: payment.channel,
      status: 'succeeded',
      amountMinor: input.amountMinor,
      refundOfPaymentId: payment.id,
      reason: input.reason,
      providerId: input.providerId ?? null,
      idempotencyKey: input.idempotencyKey,
      recordedByUserId: input.actorUserId,
    })
    .returning({ id: payments.id });
  await tx
    .update(payments)
    .set({ refundedMinor: fresh!.refundedMinor + input.amountMinor, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  await recordEvent(tx, { gymId, type: 'payment.refunded', subjectId: payment.id, payload: { invoiceId: inv.id, amountMinor: input.amountMinor } });
  const today = await gymToday(tx, gymId, input.now);
  const status = await settle(tx, inv, today, { refundsMinor: inv.refundsMinor + input.amountMinor });
  return { paymentId: row!.id, created: true, status, channel: payment.channel, providerPaymentId: payment.providerId };
}

/** Voids an invoice with nothing paid on it (refund first). Voiding a void invoice again changes nothing. */
export async function voidInvoice(tx: Tx, gymId: string, invoiceId: string, input: { reason: string; now?: Date }): Promise<{ changed: boolean }> {
  const inv = await lockInvoice(tx, gymId, invoiceId);
  if (inv.status === 'void') return { changed: false };
  const today = await gymToday(tx, gymId, input.now);
  const refusal = voidRefusal(figuresOf(inv, today));
  if (refusal) throw conflict(refusal.message, refusal.code);
  await tx
    .update(invoices)
    .set({ status: 'void', voidedAt: input.now ?? new Date(), voidReason: input.reason, nextRetryOn: null, updatedAt: sql`now()` })
    .where(eq(invoices.id, inv.id));
  return { changed: true };
}

/**
 * Open and partially paid invoices whose due date has passed in their gym's zone become past due (the billing job
 * runs this hourly, for every gym or one): one statement, which publishes the change of each gym it touched.
 */
export async function markOverdue(ctx: WriteContext, now = new Date(), gymId: string | null = null): Promise<number> {
  return writeTransaction(ctx, async (tx, publish) => {
    const rows = await tx.execute(sql`
      update ${invoices} i set status = 'past_due', updated_at = now()
      from ${gyms} g
      where g.id = i.gym_id and i.status in ('open', 'partially_paid') and (${gymId}::uuid is null or i.gym_id = ${gymId}::uuid)
        and i.due_date < (${now}::timestamptz at time zone g.time_zone)::date
      returning i.id, i.gym_id as "gymId", i.athlete_id as "athleteId"`);
    const marked =
      (rows as unknown as { rows?: { id: string; gymId: string; athleteId: string | null }[] }).rows ??
      (rows as unknown as { id: string; gymId: string; athleteId: string | null }[]);
    for (const inv of marked) await recordEvent(tx, { gymId: inv.gymId, type: 'invoice.past_due', subjectId: inv.id, payload: { athleteId: inv.athleteId } });
    // Each gym with an invoice just past due: its kiosk's past-due flag and kept reads follow at once.
    for (const gym of new Set(marked.map((r) => r.gymId))) await publish({ kind: 'gym', gymId: gym });
    return marked.length;
  });
}
