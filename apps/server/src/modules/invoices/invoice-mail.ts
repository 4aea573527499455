import { formatDate, formatMoney, invoiceStatusLabels, type InvoiceDetail } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { queueMail, type AttachmentRenderer } from '../../lib/outbox';
import { composeMail, type ComposeItem } from '../messages';
import { invoicePdfName, renderInvoicePdf } from './invoice-pdf';
import { findInvoiceDetail, recipientOf } from './invoices.repository';

/**
 * Issue 19: the mails about an invoice, written to the outbox in the transaction of the write that causes them
 * (decision 027), each with the invoice's PDF attached (rendered when the mail is sent, from the invoice as it is then:
 * see lib/outbox.ts deliverMail). To the athlete's email, else the guest's; with neither, nothing is queued. Issue 22:
 * written with the gym's message template of the kind, its merge values (names, the provider's message) escaped.
 */

export type InvoiceMailKind = 'invoice' | 'invoice_reminder' | 'payment_failed' | 'payment_receipt';

export type InvoiceMailOptions = {
  /** The web app's address: the athlete's mail links to /invoices/{invoiceId}. */
  appUrl?: string;
  /**
   * The same key again is the same mail (written once). Default: once per invoice ('invoice'), per failed attempt
   * ('payment_failed'), per paid figure ('payment_receipt'), per due date and balance ('invoice_reminder'). Null: always a
   * new mail (staff's "Send again").
   */
  dedupeKey?: string | null;
};

/**
 * The `invoice`, `invoice_reminder`, `payment_failed` or `payment_receipt` mail of an invoice, as a compose item (issue
 * 22: written with the gym's template of the kind, modules/messages/compose.ts). The PDF rides along as an attachment.
 */
export function invoiceMail(detail: InvoiceDetail, to: { email: string; name: string }, kind: InvoiceMailKind, opts: InvoiceMailOptions = {}): ComposeItem {
  const country = detail.gym.country;
  const money = (m: number) => formatMoney(m, country);
  const n = detail.numberText;
  const summary = [
    `Invoice ${n}`,
    `Issued: ${detail.issueDate ? formatDate(detail.issueDate, country) : ''}`,
    `Due: ${formatDate(detail.dueDate, country)}`,
    `Total: ${money(detail.totalMinor)}`,
    `Paid: ${money(detail.paidMinor)}`,
    `Balance due: ${money(detail.balanceMinor)}`,
    `Status: ${invoiceStatusLabels[detail.status]}`,
  ].join(' · ');
  const values: Record<string, string> = {
    // A guest has one name; an athlete's is their full name (as the invoice shows it).
    firstName: to.name || 'there',
    fullName: to.name,
    invoiceNumber: n,
    total: money(detail.totalMinor),
    balance: money(detail.balanceMinor),
    dueDate: formatDate(detail.dueDate, country),
    summary,
    link: opts.appUrl && detail.athlete ? `${opts.appUrl}/invoices/${detail.invoiceId}` : '',
  };
  if (kind === 'payment_failed') {
    values.failureReason = detail.lastFailureMessage ? `The payment provider said: ${detail.lastFailureMessage}` : '';
    values.nextStep = detail.nextRetryOn
      ? `We will try your saved payment method again on ${formatDate(detail.nextRetryOn, country)}.`
      : 'We will not try your saved payment method again: please pay at the front desk or in the app, or update your payment method.';
  }
  const defaultKey =
    kind === 'invoice'
      ? `invoice:${detail.invoiceId}`
      : kind === 'payment_failed'
        ? `payment_failed:${detail.invoiceId}:${detail.failedAttempts}`
        : kind === 'payment_receipt'
          ? `payment_receipt:${detail.invoiceId}:${detail.paidMinor}:${detail.payments.length}`
          : `invoice_reminder:${detail.invoiceId}:${detail.dueDate}:${detail.balanceMinor}`;
  const dedupeKey = opts.dedupeKey === null ? undefined : (opts.dedupeKey ?? defaultKey);
  return {
    kind,
    to: to.email,
    values,
    ...(dedupeKey ? { dedupeKey } : {}),
    attachments: [{ kind: 'invoice_pdf', invoiceId: detail.invoiceId }],
  };
}

/**
 * Queues a mail about an invoice to its athlete (or guest) in the caller's transaction, the PDF attached. Answers the
 * outbox row's id, or null when there is nobody to mail (no email) or the same mail was already queued.
 */
export async function queueInvoiceMail(
  tx: DbOrTx,
  jobs: Jobs,
  gymId: string,
  invoiceId: string,
  kind: InvoiceMailKind,
  opts: InvoiceMailOptions = {},
): Promise<string | null> {
  const to = await recipientOf(tx, gymId, invoiceId);
  if (!to) return null;
  const detail = await findInvoiceDetail(tx, { gymId }, invoiceId);
  if (!detail) return null;
  const mail = await composeMail(tx, gymId, invoiceMail(detail, to, kind, opts), { appUrl: opts.appUrl ?? '' });
  const [id] = await queueMail(tx, jobs, mail);
  return id ?? null;
}

/** The outbox's attachment renderer: an invoice's PDF as the invoice is when the mail is sent (none if it is gone). */
export function invoiceAttachmentRenderer(db: DbOrTx): AttachmentRenderer {
  return async (gymId, attachment) => {
    if (attachment.kind !== 'invoice_pdf' || !gymId) return null;
    const detail = await findInvoiceDetail(db, { gymId }, attachment.invoiceId);
    if (!detail) return null;
    return { filename: invoicePdfName(detail), content: Buffer.from(await renderInvoicePdf(detail)), contentType: 'application/pdf' };
  };
}
