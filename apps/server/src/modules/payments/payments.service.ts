import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { balanceOf, type PaymentMethodType, type PaymentMethodView, type StripeStatus } from '@spotter/shared';
import { gyms, invoices, paymentAccounts, paymentMethods, payments, providerEvents } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/client';
import { gymToday, settleProviderPayment } from '../invoices';
import { dunningDaysOf, nextRetryDate } from '../invoices';
import type { ProviderAccountStatus, ProviderEvent } from '../../lib/payment-provider';

/**
 * Issue 19 (decision 034): what Spotter keeps of the provider: the gym's connected account and its status, athletes'
 * saved methods, and the webhook events already applied.
 */

/** The method types a gym's athletes may save (spec 3): cards everywhere, US bank accounts in the US, ACSS debits in Canada. */
export function methodTypesFor(country: 'US' | 'GB' | 'CA'): PaymentMethodType[] {
  return country === 'US' ? ['CARD', 'US_BANK_ACCOUNT'] : country === 'CA' ? ['CARD', 'ACSS_DEBIT'] : ['CARD'];
}

export async function accountOf(db: DbOrTx, gymId: string) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.gymId, gymId));
  return row ?? null;
}

/** The gym's status once the provider says where its account stands: charges enabled is Active; losing them restricts it. */
export function nextStripeStatus(current: StripeStatus, status: ProviderAccountStatus): StripeStatus {
  if (status.chargesEnabled) return current === 'Disabled' ? current : 'Active';
  return current === 'Active' ? 'Restricted' : current;
}

/** Applies the provider's view of a connected account to the gym; answers whether the gym's status changed. */
export async function applyAccountStatus(tx: Tx, gymId: string, status: ProviderAccountStatus): Promise<boolean> {
  await tx
    .update(paymentAccounts)
    .set({ chargesEnabled: status.chargesEnabled, payoutsEnabled: status.payoutsEnabled, detailsSubmitted: status.detailsSubmitted, updatedAt: sql`now()` })
    .where(eq(paymentAccounts.gymId, gymId));
  const [gym] = await tx.select({ stripeStatus: gyms.stripeStatus }).from(gyms).where(eq(gyms.id, gymId)).for('update');
  if (!gym) return false;
  const next = nextStripeStatus(gym.stripeStatus, status);
  if (next === gym.stripeStatus) return false;
  await tx.update(gyms).set({ stripeStatus: next }).where(eq(gyms.id, gymId));
  return true;
}

export async function methodsOf(db: DbOrTx, gymId: string, athleteId: string): Promise<PaymentMethodView[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.map((m) => ({
    paymentMethodId: m.id,
    type: m.type,
    nickname: m.nickname,
    metadata: { brand: m.brand, last4: m.last4, bankName: m.bankName },
    isDefault: m.isDefault,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** The provider customer already made for an athlete (kept on their saved methods, removed ones too). */
export async function customerOf(db: DbOrTx, gymId: string, athleteId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentMethods.providerCustomerId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNotNull(paymentMethods.providerCustomerId)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

/** Makes one method the athlete's default (and no other). */
export async function setDefault(tx: Tx, gymId: string, athleteId: string, paymentMethodId: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: sql`${paymentMethods.id} = ${paymentMethodId}` })
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt)));
}

/** After a removal: the newest remaining method becomes the default when none is. */
export async function ensureDefault(tx: Tx, gymId: string, athleteId: string): Promise<void> {
  const live = and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt));
  const [current] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(live, eq(paymentMethods.isDefault, true)))
    .limit(1);
  if (current) return;
  const [newest] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(live).orderBy(desc(paymentMethods.createdAt)).limit(1);
  if (newest) await setDefault(tx, gymId, athleteId, newest.id);
}

/**
 * Records a webhook event once: false when it was seen before (a replay), so it is answered and ignored. Runs in the
 * transaction that applies the event, so an event whose application fails is not recorded and the provider's retry
 * applies it.
 */
export async function firstDelivery(tx: Tx, event: ProviderEvent): Promise<boolean> {
  const inserted = await tx
    .insert(providerEvents)
    .values({ id: event.id, type: event.type, providerCreated: event.created })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  return inserted.length > 0;
}

/**
 * A PaymentIntent's outcome from a webhook. The payment is found by the provider's id, or by the paymentId the charge
 * put in the metadata (the webhook may arrive before the charge's answer was stored). Only a pending payment moves,
 * except that `succeeded` is final for a PaymentIntent: a success arriving after an earlier failure of the same intent
 * (out of order) still settles it, so the invoice ends paid.
 */
export async function applyPaymentIntentEvent(tx: Tx, event: ProviderEvent): Promise<{ gymId: string; unapplied?: true } | null> {
  const pi = event.object;
  const piId = typeof pi.id === 'string' ? pi.id : null;
  const metadata = (pi.metadata ?? {}) as Record<string, string>;
  if (!piId) return null;
  const [byProvider] = await tx.select().from(payments).where(eq(payments.providerId, piId));
  const payment =
    byProvider ??
    (metadata.paymentId && /^[0-9a-f-]{36}$/i.test(metadata.paymentId) && metadata.gymId && /^[0-9a-f-]{36}$/i.test(metadata.gymId)
      ? (
          await tx
            .select()
            .from(payments)
            .where(and(eq(payments.id, metadata.paymentId), eq(payments.gymId, metadata.gymId)))
        )[0]
      : undefined);
  if (!payment || payment.kind !== 'payment') return null;
  if (payment.providerId && payment.providerId !== piId) return null;
  if (!payment.providerId)
    await tx
      .update(payments)
      .set({ providerId: piId })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerId)));
  if (event.type === 'payment_intent.succeeded') {
    if (payment.status === 'failed') {
      // The earlier failure was not the intent's last word: back to pending, then settled as succeeded below. Unless
      // the invoice was paid another way meanwhile (the money then needs a refund by staff; logged by the caller).
      const [inv] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update');
      if (!inv || balanceOf(inv) < payment.amountMinor) return { gymId: payment.gymId, unapplied: true };
      await tx
        .update(payments)
        .set({ status: 'pending' })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'failed')));
    }
    await settleProviderPayment(tx, payment.gymId, payment.id, { status: 'succeeded' });
  } else {
    const error = (pi.last_payment_error ?? null) as { message?: string } | null;
    // A first failure is retried on the gym's dunning days like a declined charge (charge.ts).
    const [inv] = await tx
      .select({ failedAttempts: invoices.failedAttempts, nextRetryOn: invoices.nextRetryOn })
      .from(invoices)
      .where(eq(invoices.id, payment.invoiceId));
    const retryOn =
      inv && inv.failedAttempts === 0
        ? nextRetryDate(await gymToday(tx, payment.gymId), 1, await dunningDaysOf(tx, payment.gymId))
        : (inv?.nextRetryOn ?? null);
    await settleProviderPayment(tx, payment.gymId, payment.id, {
      status: 'failed',
      failureMessage: error?.message ?? 'The payment failed.',
      nextRetryOn: retryOn,
    });
  }
  return { gymId: payment.gymId };
}

/** The gym whose connected account an event concerns. */
export async function gymOfAccount(db: DbOrTx, providerAccountId: string): Promise<string | null> {
  const [row] = await db.select({ gymId: paymentAccounts.gymId }).from(paymentAccounts).where(eq(paymentAccounts.providerAccountId, providerAccountId));
  return row?.gymId ?? null;
}

/** Another method of the gym already saved under this provider id (the unique key), with its athlete. */
export async function savedByProviderId(db: DbOrTx, gymId: string, providerMethodId: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gymId, gymId), eq(paymentMethods.providerMethodId, providerMethodId), exceptId ? ne(paymentMethods.id, exceptId) : undefined));
  return row ?? null;
}
