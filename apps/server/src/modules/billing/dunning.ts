import { and, eq, sql } from 'drizzle-orm';
import type { WriteContext } from '../../lib/changes';
import { gyms, invoices } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { chargeInvoice, type ChargeResult } from '../invoices';
import type { PaymentProvider } from '../../lib/payment-provider';
import { queueInvoiceMail } from '../invoices';

/**
 * Issue 19: charging invoices to saved methods in the background, and chasing the ones that failed.
 *
 * - `invoices.charge` (one job per new invoice of the billing run or a kiosk charge): the balance, charged once with
 *   the key `billing:{invoiceId}:1`.
 * - `invoices.dunning` (hourly): past-due invoices whose retry date (gym's zone) has come are charged again with the
 *   key `dunning:{invoiceId}:{attempt}`; chargeInvoice schedules the next retry from the gym's dunning days, or none
 *   after the last (the invoice stays past due).
 *
 * Every failure queues a mail to the athlete (once per failed payment).
 */

export type BackgroundCharge = ChargeResult | { outcome: 'skipped'; reason: string };

/** Codes of refusals that no retry will change: the invoice is left for staff (no saved method, nothing to charge). */
const HOPELESS = new Set(['no_saved_method', 'no_provider', 'invoice_void', 'nothing_due', 'not_found']);

async function chargeAndMail(
  ctx: WriteContext,
  jobs: Jobs,
  provider: PaymentProvider | null,
  input: { gymId: string; invoiceId: string; idempotencyKey: string; attempt: number; now?: Date; appUrl?: string },
): Promise<BackgroundCharge> {
  const { db } = ctx;
  let result: ChargeResult;
  try {
    result = await chargeInvoice(ctx, provider, {
      gymId: input.gymId,
      invoiceId: input.invoiceId,
      paymentMethodId: null,
      idempotencyKey: input.idempotencyKey,
      actorUserId: null,
      now: input.now,
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      if (HOPELESS.has(err.code)) {
        // Nothing to retry with: no more dunning of this invoice (it stays as it is for staff).
        await db
          .update(invoices)
          .set({ nextRetryOn: null, updatedAt: sql`now()` })
          .where(and(eq(invoices.id, input.invoiceId), eq(invoices.gymId, input.gymId)));
      }
      return { outcome: 'skipped', reason: err.code };
    }
    throw err;
  }
  if (result.outcome === 'failed') {
    await db.transaction((tx) => queueInvoiceMail(tx, jobs, input.gymId, input.invoiceId, 'payment_failed', { appUrl: input.appUrl }));
  }
  return result;
}

/** The `invoices.charge` job: the first charge of a new invoice to the athlete's saved method. */
export async function chargeNewInvoice(
  ctx: WriteContext,
  jobs: Jobs,
  provider: PaymentProvider | null,
  input: { gymId: string; invoiceId: string; now?: Date; appUrl?: string },
): Promise<BackgroundCharge> {
  if (!provider) return { outcome: 'skipped', reason: 'no_provider' };
  return chargeAndMail(ctx, jobs, provider, { ...input, idempotencyKey: `billing:${input.invoiceId}:1`, attempt: 1 });
}

/** The `invoices.dunning` job: every invoice whose retry has come is charged again. Answers the outcomes. */
export async function runDunning(
  ctx: WriteContext,
  jobs: Jobs,
  provider: PaymentProvider | null,
  options: { now?: Date; gymId?: string; appUrl?: string } = {},
): Promise<BackgroundCharge[]> {
  if (!provider) return [];
  const { db } = ctx;
  const at = options.now ?? new Date();
  const due = await db
    .select({ id: invoices.id, gymId: invoices.gymId, failedAttempts: invoices.failedAttempts })
    .from(invoices)
    .innerJoin(gyms, eq(gyms.id, invoices.gymId))
    .where(
      and(
        sql`${invoices.nextRetryOn} is not null`,
        sql`${invoices.nextRetryOn} <= (${at.toISOString()}::timestamptz at time zone ${gyms.timeZone})::date`,
        sql`${invoices.status} in ('past_due', 'open', 'partially_paid')`,
        sql`${invoices.totalMinor} - (${invoices.paymentsMinor} - ${invoices.refundsMinor}) > 0`,
        options.gymId ? eq(invoices.gymId, options.gymId) : undefined,
      ),
    )
    .orderBy(invoices.nextRetryOn, invoices.id)
    .limit(1000);
  const outcomes: BackgroundCharge[] = [];
  for (const inv of due) {
    const attempt = inv.failedAttempts + 1;
    outcomes.push(
      await chargeAndMail(ctx, jobs, provider, {
        gymId: inv.gymId,
        invoiceId: inv.id,
        idempotencyKey: `dunning:${inv.id}:${attempt}`,
        attempt,
        now: at,
        appUrl: options.appUrl,
      }),
    );
  }
  return outcomes;
}
