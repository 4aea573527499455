import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentsMessages } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, gyms, invoices, paymentAccounts, paymentMethods } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { badRequest } from '../../lib/http-error';
import type { ProviderAccountStatus, ProviderEvent, SavedMethod } from '../../lib/payment-provider';
import { accountOf, applyAccountStatus, applyPaymentIntentEvent, ensureDefault, firstDelivery, setDefault } from './payments.service';

/**
 * Issue 33: the payments module's commands (decision 034): what the routes and the provider's webhooks write. Each owns
 * its transaction and publishes the gym's change (the kiosk and the sessions read the account's state and the methods).
 */

/** The account's status as the provider tells it now; a change is published to the gym and its sessions. */
export async function refreshAccountStatus(ctx: WriteContext, gymId: string, status: ProviderAccountStatus): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    if (await applyAccountStatus(tx, gymId, status)) {
      await publish({ kind: 'gym', gymId });
      await publish({ kind: 'sessions', gymId });
    }
  });
}

/** Keeps the connected account the provider made for the gym (the first one kept wins); answers the gym's account id. */
export async function keepConnectedAccount(ctx: WriteContext, gymId: string, providerAccountId: string): Promise<string> {
  const [stored] = await ctx.db
    .insert(paymentAccounts)
    .values({ gymId, providerAccountId })
    .onConflictDoUpdate({
      target: paymentAccounts.gymId,
      set: { providerAccountId, updatedAt: new Date() },
      setWhere: isNull(paymentAccounts.providerAccountId),
    })
    .returning({ providerAccountId: paymentAccounts.providerAccountId });
  return stored?.providerAccountId ?? (await accountOf(ctx.db, gymId))!.providerAccountId!;
}

/** Keeps a method the provider holds for the athlete (once: the provider's id is unique per gym); 400 when it is another athlete's. */
export async function storePaymentMethod(
  ctx: WriteContext,
  gymId: string,
  athleteId: string,
  customerId: string,
  saved: SavedMethod,
  o: { nickname?: string; makeDefault?: boolean } = {},
): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const values = {
      type: saved.type,
      nickname: o.nickname || null,
      brand: saved.brand,
      last4: saved.last4,
      bankName: saved.bankName,
      providerCustomerId: customerId,
      removedAt: null,
    };
    const [row] = await tx
      .insert(paymentMethods)
      .values({ gymId, athleteId, providerMethodId: saved.providerMethodId, ...values })
      .onConflictDoUpdate({
        target: [paymentMethods.gymId, paymentMethods.providerMethodId],
        targetWhere: sql`provider_method_id is not null`,
        set: values,
        setWhere: eq(paymentMethods.athleteId, athleteId),
      })
      .returning({ id: paymentMethods.id });
    if (!row) throw badRequest(paymentsMessages.methodRefused, 'method_refused');
    if (o.makeDefault) await setDefault(tx, gymId, athleteId, row.id);
    await ensureDefault(tx, gymId, athleteId);
    await publish({ kind: 'gym', gymId });
  });
}

/** The athlete removes a saved method; another becomes the default. */
export async function removePaymentMethod(ctx: WriteContext, gymId: string, athleteId: string, paymentMethodId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await tx.update(paymentMethods).set({ removedAt: new Date(), isDefault: false }).where(eq(paymentMethods.id, paymentMethodId));
    await ensureDefault(tx, gymId, athleteId);
    await publish({ kind: 'gym', gymId });
  });
}

/** `account.updated`, once per event id; the account's status as the provider answered it now (null: not ours). True for a duplicate. */
export async function applyAccountUpdated(
  ctx: WriteContext,
  event: ProviderEvent,
  gymId: string | null,
  status: ProviderAccountStatus | null,
): Promise<boolean> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (!(await firstDelivery(tx, event))) return true;
    if (gymId && status && (await applyAccountStatus(tx, gymId, status))) {
      await publish({ kind: 'gym', gymId });
      await publish({ kind: 'sessions', gymId });
    }
    return false;
  });
}

/** Any other webhook event, once per event id: a payment intent's outcome settles its payment. True for a duplicate. */
export async function applyWebhookEvent(ctx: WriteContext, event: ProviderEvent, log: FastifyBaseLogger): Promise<boolean> {
  return writeTransaction(ctx, async (tx, publish) => {
    if (!(await firstDelivery(tx, event))) return true;
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const applied = await applyPaymentIntentEvent(tx, event);
      if (applied?.unapplied) log.error({ eventId: event.id, gymId: applied.gymId }, 'a payment succeeded after its invoice was paid another way: refund it');
      else if (applied) await publish({ kind: 'gym', gymId: applied.gymId });
    }
    return false;
  });
}

// --- Reads the routes ask -------------------------------------------------------------------------------------------

/** The gym's provider account type, status and country. */
export async function gymPaymentFacts(db: DbOrTx, gymId: string) {
  const [row] = await db
    .select({ stripeStatus: gyms.stripeStatus, stripeAccountType: gyms.stripeAccountType, country: gyms.country })
    .from(gyms)
    .where(eq(gyms.id, gymId));
  return row;
}

/** The athlete's name and email, for the provider's customer. */
export async function athleteContact(db: DbOrTx, athleteId: string) {
  const [row] = await db
    .select({ firstName: athletes.firstName, lastName: athletes.lastName, email: athletes.email })
    .from(athletes)
    .where(eq(athletes.id, athleteId));
  return row;
}

/** The athlete's saved method that is not removed, or undefined. */
export async function activeMethodOf(db: DbOrTx, gymId: string, athleteId: string, paymentMethodId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.gymId, gymId), eq(paymentMethods.athleteId, athleteId), isNull(paymentMethods.removedAt)),
    );
  return row;
}

/** The gym's invoice (the athlete's, given one), or undefined. */
export async function invoiceIdOf(db: DbOrTx, gymId: string, invoiceId: string, athleteId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.gymId, gymId), athleteId ? eq(invoices.athleteId, athleteId) : undefined));
  return row?.id;
}
