import { eq } from 'drizzle-orm';
import { balanceOf, formatDate, formatMoney, invoiceNumberText } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, gyms, invoices } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { queueMail } from '../../lib/outbox';

/**
 * Issue 19: the mail an athlete gets when a charge of their saved method fails (the billing run's charge and each
 * dunning retry). Written in the outbox with a key per failed payment, so a retried job mails once.
 *
 * TODO(lead): once H1's modules/invoices/invoice-mail.ts lands, replace this with
 * `queueInvoiceMail(tx, jobs, gymId, invoiceId, 'payment_failed')` (it attaches the invoice PDF).
 */
export async function queuePaymentFailedMail(tx: DbOrTx, jobs: Jobs, input: { gymId: string; invoiceId: string; paymentId: string | null; attempt: number }): Promise<boolean> {
  const [row] = await tx
    .select({ inv: invoices, email: athletes.email, firstName: athletes.firstName, gymTitle: gyms.title, country: gyms.country })
    .from(invoices)
    .innerJoin(gyms, eq(gyms.id, invoices.gymId))
    .leftJoin(athletes, eq(athletes.id, invoices.athleteId))
    .where(eq(invoices.id, input.invoiceId));
  const to = row?.email ?? row?.inv.guestEmail ?? null;
  if (!row || !to) return false;
  const { inv } = row;
  const amount = formatMoney(balanceOf(inv), row.country);
  const number = inv.number !== null ? invoiceNumberText(inv.number) : 'your invoice';
  const retry = inv.nextRetryOn
    ? `We will try your saved payment method again on ${formatDate(inv.nextRetryOn, row.country)}.`
    : 'We will not try your saved payment method again: please pay at the front desk or in the app.';
  const reason = inv.lastFailureMessage ? ` The bank said: ${inv.lastFailureMessage}` : '';
  const ids = await queueMail(tx, jobs, {
    kind: 'payment_failed',
    to,
    gymId: input.gymId,
    subject: `${row.gymTitle}: payment of ${number} failed`,
    text: [
      `Hello ${row.firstName ?? inv.guestName ?? ''},`.replace(' ,', ','),
      '',
      `We could not charge ${amount} for ${number} to your saved payment method.${reason}`,
      retry,
      '',
      row.gymTitle,
    ].join('\n'),
    dedupeKey: `payment_failed:${input.invoiceId}:${input.paymentId ?? `attempt-${input.attempt}`}`,
  });
  return ids.length > 0;
}
