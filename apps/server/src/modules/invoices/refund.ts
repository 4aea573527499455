import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { invoiceMessages, refundRefusal } from '@spotter/shared';
import { invoices, paymentAccounts, payments } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import type { PaymentProvider } from '../../lib/payment-provider';
import { recordRefund, type RecordedPayment } from './invoices.service';

/**
 * Issue 19: refunding a payment, the one path used by the invoice's Refund, a package cancelled at once with its unused
 * days refunded (issue 18) and that refund's background retry (`invoices.refund`). Money that came through the provider
 * goes back through it first, outside any transaction, with the same idempotency key (a retry is the same provider
 * refund); then `recordRefund` writes it, once per key. A manual payment's refund is recorded at once.
 */

/** Channels whose money is held by the payment provider. */
export const PROVIDER_CHANNELS: ReadonlySet<string> = new Set(['card', 'us_bank_account', 'acss_debit']);

export type RefundInput = {
  gymId: string;
  paymentId: string;
  /** When given, the payment must be on this invoice (the invoice's route). */
  invoiceId?: string;
  amountMinor: number;
  reason: string;
  idempotencyKey: string;
  actorUserId: string | null;
};

/** The `invoices.refund` job's data: a RefundInput. */
export const refundJobSchema = z.object({
  gymId: z.string(),
  paymentId: z.string(),
  amountMinor: z.number().int(),
  reason: z.string(),
  idempotencyKey: z.string(),
  actorUserId: z.string().nullable(),
});

export type RefundDeps = { ctx: WriteContext; provider: PaymentProvider | null; onProviderError?: (err: unknown, paymentId: string) => void };

export async function refundPayment(deps: RefundDeps, input: RefundInput): Promise<RecordedPayment> {
  const { db } = deps.ctx;
  const { gymId } = input;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.gymId, gymId), input.invoiceId ? eq(payments.invoiceId, input.invoiceId) : undefined));
  if (!payment) throw notFound(invoiceMessages.paymentNotFound);
  const [repeat] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gymId, gymId), eq(payments.idempotencyKey, input.idempotencyKey)));
  let providerId: string | null = null;
  if (!repeat && PROVIDER_CHANNELS.has(payment.channel)) {
    const provider = deps.provider;
    if (!provider || !payment.providerId) throw conflict(invoiceMessages.noProvider, 'no_provider');
    const [inv] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, payment.invoiceId));
    const refusal = refundRefusal(payment, input.amountMinor, inv?.status === 'void');
    if (refusal) throw conflict(refusal.message, refusal.code);
    const [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
    if (!account?.providerAccountId) throw conflict(invoiceMessages.noProvider, 'no_provider');
    try {
      providerId = (
        await provider.refund({
          accountId: account.providerAccountId,
          providerPaymentId: payment.providerId,
          amountMinor: input.amountMinor,
          idempotencyKey: `spotter:${gymId}:${input.idempotencyKey}`,
        })
      ).providerId;
    } catch (err) {
      deps.onProviderError?.(err, payment.id);
      const why = err instanceof Error && err.message ? ` ${err.message.slice(0, 200)}` : '';
      throw conflict(`The card payment could not be refunded.${why}`, 'refund_failed');
    }
  }
  return writeTransaction(deps.ctx, async (tx, publish) => {
    const r = await recordRefund(tx, gymId, {
      paymentId: payment.id,
      amountMinor: input.amountMinor,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      providerId,
      actorUserId: input.actorUserId,
    });
    if (r.created) await publish({ kind: 'gym', gymId });
    return r;
  });
}

/** Refusals no retry will change (the payment was refunded another way meanwhile, the invoice voided, no provider). */
const FINAL = new Set(['not_found', 'no_provider', 'payment_not_refundable', 'amount_too_large', 'amount_not_positive', 'invoice_void', 'key_reused']);

/**
 * The `invoices.refund` job: a provider refund written with the domain change that asked for it (a package cancelled at
 * once), done now or retried later. A provider failure throws (the queue retries with the same key); a final refusal
 * is answered and logged, and the invoice stays as it is for staff.
 */
export async function refundInBackground(deps: RefundDeps, input: RefundInput): Promise<{ outcome: 'refunded' } | { outcome: 'refused'; code: string }> {
  try {
    await refundPayment(deps, input);
    return { outcome: 'refunded' };
  } catch (err) {
    if (err instanceof HttpError && FINAL.has(err.code)) return { outcome: 'refused', code: err.code };
    throw err;
  }
}
