import { and, asc, desc, eq, gt, inArray, isNotNull, like, notInArray } from 'drizzle-orm';
import { invoiceMessages, unusedPeriodRefund, type CancelRefundPreview } from '@spotter/shared';
import type { DbOrTx, Tx } from '../../db/client';
import { invoiceLines, invoices, payments } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { recordRefund } from '../invoices';
import { PROVIDER_CHANNELS, type RefundInput } from '../invoices';

/**
 * Issue 18 (decision 032, amendment): a package cancelled at once gives back the unused days of the period it paid for.
 * The periods are the package's invoices with a billing period not over today (the current one, or one not yet begun);
 * each gives back round(period line total × unused days / period days) (shared `unusedPeriodRefund`), at most what the
 * invoice still holds, spread over its payments newest first. A payment's unused refund has the key
 * `unused:{invoiceId}:{paymentId}`, so an invoice's unused days are refunded once, whatever is cancelled again.
 */

/** The idempotency key of the unused-days refund of one payment. */
const unusedKey = (invoiceId: string, paymentId: string) => `unused:${invoiceId}:${paymentId}`;
/** Sources whose first line is the billed period (a sale's invoice may add a sign-up fee after it). */
const PERIOD_SOURCES = new Set(['package', 'billing_period']);

export async function planUnusedRefund(db: DbOrTx, gymId: string, athletePackageId: string, today: string): Promise<CancelRefundPreview> {
  const periods = await db
    .select({
      id: invoices.id,
      source: invoices.source,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      paymentsMinor: invoices.paymentsMinor,
      refundsMinor: invoices.refundsMinor,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.gymId, gymId),
        eq(invoices.athletePackageId, athletePackageId),
        isNotNull(invoices.periodStart),
        gt(invoices.periodEnd, today),
        notInArray(invoices.status, ['void', 'draft']),
      ),
    )
    .orderBy(asc(invoices.periodStart));
  const preview: CancelRefundPreview = {
    amountMinor: 0,
    unusedDays: 0,
    periodDays: 0,
    periodStart: null,
    periodEnd: null,
    includesTax: false,
    paidMinor: 0,
    payments: [],
    noRefund: 'no_period',
  };
  if (periods.length === 0) return preview;
  const ids = periods.map((p) => p.id);
  const lines = await db
    .select({ invoiceId: invoiceLines.invoiceId, totalMinor: invoiceLines.totalMinor, taxMinor: invoiceLines.taxMinor })
    .from(invoiceLines)
    .where(and(inArray(invoiceLines.invoiceId, ids), eq(invoiceLines.position, 0)));
  const paid = await db
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      channel: payments.channel,
      amountMinor: payments.amountMinor,
      refundedMinor: payments.refundedMinor,
    })
    .from(payments)
    .where(and(inArray(payments.invoiceId, ids), eq(payments.kind, 'payment'), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  // An invoice whose unused days were refunded before (a package renewed and cancelled again) gives nothing more.
  const done = await db
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(inArray(payments.invoiceId, ids), eq(payments.kind, 'refund'), like(payments.idempotencyKey, 'unused:%')));
  const refundedBefore = new Set(done.map((d) => d.invoiceId));
  for (const inv of periods) {
    const line = lines.find((l) => l.invoiceId === inv.id);
    const periodTotalMinor = PERIOD_SOURCES.has(inv.source) && line ? line.totalMinor : 0;
    const held = refundedBefore.has(inv.id) ? 0 : inv.paymentsMinor - inv.refundsMinor;
    const r = unusedPeriodRefund({ periodStart: inv.periodStart!, periodEnd: inv.periodEnd!, today, periodTotalMinor, paidMinor: held });
    preview.periodStart ??= inv.periodStart;
    preview.periodEnd = inv.periodEnd;
    preview.periodDays += r.periodDays;
    preview.unusedDays += r.unusedDays;
    preview.paidMinor += Math.max(0, held);
    preview.amountMinor += r.amountMinor;
    if (r.amountMinor > 0 && (line?.taxMinor ?? 0) > 0) preview.includesTax = true;
    let left = r.amountMinor;
    for (const p of paid) {
      if (left === 0) break;
      if (p.invoiceId !== inv.id) continue;
      const take = Math.min(left, p.amountMinor - p.refundedMinor);
      if (take <= 0) continue;
      preview.payments.push({ paymentId: p.id, invoiceId: inv.id, channel: p.channel, amountMinor: take });
      left -= take;
    }
  }
  preview.noRefund = preview.amountMinor > 0 ? null : preview.unusedDays === 0 ? 'nothing_unused' : preview.paidMinor === 0 ? 'nothing_paid' : 'nothing_unused';
  return preview;
}

export type UnusedRefundMade = { preview: CancelRefundPreview; providerRefunds: RefundInput[] };

/**
 * Refunds the unused days in the cancel's transaction: a manual payment's share is recorded here (`recordRefund`); a
 * provider payment's share is an `invoices.refund` job enqueued here (the provider is called only outside a
 * transaction), which the caller also runs at once after the commit. Without a provider a card share cannot go back:
 * 409, and the cancel rolls back with it.
 */
export async function refundUnusedDays(
  tx: Tx,
  deps: { jobs: Jobs; hasProvider: boolean },
  input: { gymId: string; athletePackageId: string; today: string; actorUserId: string | null },
): Promise<UnusedRefundMade> {
  const preview = await planUnusedRefund(tx, input.gymId, input.athletePackageId, input.today);
  const reason = `Package cancelled: ${preview.unusedDays} unused ${preview.unusedDays === 1 ? 'day' : 'days'} refunded`;
  const providerRefunds: RefundInput[] = [];
  for (const p of preview.payments) {
    const refund: RefundInput = {
      gymId: input.gymId,
      paymentId: p.paymentId,
      amountMinor: p.amountMinor,
      reason,
      idempotencyKey: unusedKey(p.invoiceId, p.paymentId),
      actorUserId: input.actorUserId,
    };
    if (PROVIDER_CHANNELS.has(p.channel)) {
      if (!deps.hasProvider) throw conflict(invoiceMessages.noProvider, 'no_provider');
      // The job is the refund's durable record (the caller's own attempt after the commit usually does it first; the
      // same key makes whichever comes second find it done).
      await deps.jobs.enqueue(tx, 'invoices.refund', refund);
      providerRefunds.push(refund);
    } else {
      await recordRefund(tx, input.gymId, { ...refund, providerId: null });
    }
  }
  return { preview, providerRefunds };
}
