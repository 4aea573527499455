import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { addDays, balanceOf, channelOfMethodType, DEFAULT_DUNNING_DAYS, invoiceMessages, type InvoiceStatus } from '@spotter/shared';
import { athletes, gyms, invoices, paymentAccounts, paymentMethods, payments } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, notFound } from '../../lib/http-error';
import { currencyOf, type PaymentProvider } from '../../lib/payment-provider';
import { gymToday, recordPayment, settleProviderPayment } from './invoices.service';

/**
 * Issue 19: charging an invoice's balance to a saved payment method through the provider, the one path used by the
 * athlete's "Pay", staff's "Charge saved method", the billing run and the dunning retries.
 *
 * Exactly-once: the payment row (pending, with the idempotency key) is committed before the provider is called, and the
 * provider gets the same key, so a retry after a crash finds the row and the provider answers the first charge. The
 * outcome is applied by `settleProviderPayment`, which moves only a pending payment (a webhook arriving first or twice
 * changes nothing more).
 */

/** How long a pending charge is taken to be still in flight (its request talking to the provider). */
const IN_FLIGHT_MS = 60_000;

export type ChargeResult = {
  outcome: 'succeeded' | 'pending' | 'failed' | 'nothing_due';
  status: InvoiceStatus;
  paymentId: string | null;
  failureMessage: string | null;
};

/** The next retry after `failedAttempts` failures (the gym's dunning days, counted from the first failure), or null when they are spent. */
export function nextRetryDate(firstFailureOn: string, failedAttempts: number, dunningDays: readonly number[]): string | null {
  const day = dunningDays[failedAttempts - 1];
  return day === undefined ? null : addDays(firstFailureOn, day);
}

export async function dunningDaysOf(db: DbOrTx, gymId: string): Promise<readonly number[]> {
  const [row] = await db.select({ days: paymentAccounts.dunningDays }).from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
  return row?.days ?? DEFAULT_DUNNING_DAYS;
}

/** The athlete's default saved method (else the newest one), or null. */
export async function defaultMethodOf(db: DbOrTx, gymId: string, athleteId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), asc(paymentMethods.id))
    .limit(1);
  return row ?? null;
}

export async function chargeInvoice(
  ctx: WriteContext,
  provider: PaymentProvider | null,
  input: { gymId: string; invoiceId: string; paymentMethodId: string | null; idempotencyKey: string; actorUserId: string | null; now?: Date },
): Promise<ChargeResult> {
  if (!provider) throw conflict(invoiceMessages.noProvider, 'no_provider');
  const { db } = ctx;
  const { gymId, invoiceId } = input;
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, gymId)));
  if (!inv) throw notFound(invoiceMessages.invoiceNotFound);
  if (!inv.athleteId) throw conflict(invoiceMessages.noSavedMethod, 'no_saved_method');
  const method = input.paymentMethodId
    ? (
        await db
          .select()
          .from(paymentMethods)
          .where(
            and(
              eq(paymentMethods.id, input.paymentMethodId),
              eq(paymentMethods.gymId, gymId),
              eq(paymentMethods.athleteId, inv.athleteId),
              isNull(paymentMethods.removedAt),
            ),
          )
      )[0]
    : await defaultMethodOf(db, gymId, inv.athleteId);
  if (!method || !method.providerMethodId || !method.providerCustomerId) throw conflict(invoiceMessages.noSavedMethod, 'no_saved_method');
  const [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
  if (!account?.providerAccountId) throw conflict(invoiceMessages.noProvider, 'no_provider');
  const [gym] = await db.select({ country: gyms.country }).from(gyms).where(eq(gyms.id, gymId));
  const [athlete] = await db.select({ firstName: athletes.firstName, lastName: athletes.lastName }).from(athletes).where(eq(athletes.id, inv.athleteId));

  const amount = balanceOf(inv);
  if (amount <= 0) return { outcome: 'nothing_due', status: inv.status, paymentId: null, failureMessage: null };

  // 1. The pending payment, committed before the provider is asked (the key makes a repeat find it).
  const pending = await writeTransaction(ctx, async (tx, publish) => {
    await publish({ kind: 'gym', gymId });
    return recordPayment(tx, gymId, {
      invoiceId,
      amountMinor: amount,
      channel: channelOfMethodType(method.type),
      status: 'pending',
      paymentMethodId: method.id,
      idempotencyKey: input.idempotencyKey,
      actorUserId: input.actorUserId,
      now: input.now,
    });
  });
  // A repeat of a request already made (a double click, a second tab) answers that payment as it stands: while the
  // first is still talking to the provider, a second call with the same key would be refused as "in use". Only a
  // pending payment left behind (its request died before the provider answered) asks the provider again.
  if (!pending.created) {
    const [first] = await db.select().from(payments).where(eq(payments.id, pending.paymentId));
    const now = input.now ?? new Date();
    const inFlight = first!.status === 'pending' && now.getTime() - new Date(first!.createdAt).getTime() < IN_FLIGHT_MS;
    if (first!.status !== 'pending' || inFlight) {
      const [inv] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
      return {
        outcome: first!.status === 'pending' ? 'pending' : first!.status,
        status: inv!.status,
        paymentId: first!.id,
        failureMessage: first!.failureMessage,
      };
    }
  }
  // 2. The provider, with the same key: a repeat answers the first charge.
  const outcome = await provider.charge({
    accountId: account.providerAccountId,
    customerId: method.providerCustomerId,
    providerMethodId: method.providerMethodId,
    methodType: method.type,
    amountMinor: amount,
    currency: currencyOf(gym!.country),
    description: `Invoice ${inv.number ?? ''} ${athlete ? `${athlete.firstName} ${athlete.lastName}` : ''}`.trim(),
    idempotencyKey: `spotter:${gymId}:${input.idempotencyKey}`,
    metadata: { gymId, invoiceId, paymentId: pending.paymentId },
  });
  // 3. The outcome, applied once; the gym's change goes out with it (the kiosk's past-due flag reads invoices), whoever
  // called: a route, the charge job or dunning.
  return writeTransaction(ctx, async (tx, publish) => {
    await publish({ kind: 'gym', gymId });
    if (outcome.providerId) {
      await tx
        .update(payments)
        .set({ providerId: outcome.providerId })
        .where(and(eq(payments.id, pending.paymentId), isNull(payments.providerId)));
    }
    if (outcome.status === 'pending') return { outcome: 'pending', status: pending.status, paymentId: pending.paymentId, failureMessage: null };
    if (outcome.status === 'succeeded') {
      const settled = await settleProviderPayment(tx, gymId, pending.paymentId, { status: 'succeeded', now: input.now });
      return { outcome: 'succeeded', status: settled.status, paymentId: pending.paymentId, failureMessage: null };
    }
    const today = await gymToday(tx, gymId, input.now);
    const days = await dunningDaysOf(tx, gymId);
    const retryOn = inv.failedAttempts === 0 ? nextRetryDate(today, 1, days) : nextRetryDate(firstFailureBase(inv, days, today), inv.failedAttempts + 1, days);
    const settled = await settleProviderPayment(tx, gymId, pending.paymentId, {
      status: 'failed',
      failureMessage: outcome.failureMessage,
      nextRetryOn: retryOn,
      now: input.now,
    });
    return { outcome: 'failed', status: settled.status, paymentId: pending.paymentId, failureMessage: outcome.failureMessage };
  });
}

/**
 * The date of an invoice's first failure, recovered from its scheduled retry: retry k fell on first + days[k-1], so
 * first = nextRetryOn − days[failedAttempts − 1].
 */
function firstFailureBase(inv: { failedAttempts: number; nextRetryOn: string | null }, days: readonly number[], fallback: string): string {
  const day = days[inv.failedAttempts - 1];
  if (!inv.nextRetryOn || day === undefined) return fallback;
  return addDays(inv.nextRetryOn, -day);
}
