import { formatDate, formatMoney, invoiceStatusLabels, type InvoiceDetail } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { queueMail, type AttachmentRenderer, type OutgoingMail } from '../../lib/outbox';
import { invoicePdfName, renderInvoicePdf } from './invoice-pdf';
import { findInvoiceDetail, recipientOf } from './invoices.repository';

/**
 * Issue 19: the mails about an invoice, written to the outbox in the transaction of the write that causes them
 * (decision 027), each with the invoice's PDF attached (rendered when the mail is sent, from the invoice as it is then:
 * see lib/outbox.ts deliverMail). To the athlete's email, else the guest's; with neither, nothing is queued. Plain text
 * only, so the merge fields (names, the gym's title, the provider's message) are not markup and need no escaping;
 * line breaks are taken out of the subject.
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

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export function invoiceMail(detail: InvoiceDetail, to: { email: string; name: string }, kind: InvoiceMailKind, opts: InvoiceMailOptions = {}): OutgoingMail {
  const country = detail.gym.country;
  const money = (m: number) => formatMoney(m, country);
  const gym = detail.gym.title;
  const n = detail.numberText;
  const hello = to.name ? `Hi ${to.name},` : 'Hello,';
  const link = opts.appUrl && detail.athlete ? `\n\nSee it and pay online: ${opts.appUrl}/invoices/${detail.invoiceId}` : '';
  const summary = `Invoice ${n}\nIssued: ${detail.issueDate ? formatDate(detail.issueDate, country) : ''}\nDue: ${formatDate(detail.dueDate, country)}\nTotal: ${money(detail.totalMinor)}\nPaid: ${money(detail.paidMinor)}\nBalance due: ${money(detail.balanceMinor)}\nStatus: ${invoiceStatusLabels[detail.status]}`;
  let subject: string;
  let body: string;
  switch (kind) {
    case 'invoice':
      subject = `Your invoice ${n} from ${gym}`;
      body = `${hello}\n\nHere is your invoice from ${gym}; the PDF is attached.\n\n${summary}${link}`;
      break;
    case 'invoice_reminder':
      subject = `Reminder: invoice ${n} from ${gym} is due`;
      body = `${hello}\n\nThis is a reminder that ${money(detail.balanceMinor)} is due on invoice ${n}.\n\n${summary}${link}`;
      break;
    case 'payment_failed': {
      const retry = detail.nextRetryOn ? `\n\nWe will try your saved payment method again on ${formatDate(detail.nextRetryOn, country)}.` : '\n\nWe will not try your saved payment method again: please pay at the front desk or in the app, or update your payment method.';
      const why = detail.lastFailureMessage ? `\nThe payment provider said: ${oneLine(detail.lastFailureMessage)}` : '';
      subject = `Payment failed for invoice ${n} from ${gym}`;
      body = `${hello}\n\nWe could not charge your saved payment method for invoice ${n} (${money(detail.balanceMinor)}).${why}${retry}\n\n${summary}${link}`;
      break;
    }
    case 'payment_receipt':
      subject = `Receipt for invoice ${n} from ${gym}`;
      body = `${hello}\n\nThank you: we have recorded your payment.\n\n${summary}${link}`;
      break;
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
    gymId: null,
    to: to.email,
    subject: oneLine(subject),
    text: `${body}\n\n${gym}`,
    ...(dedupeKey ? { dedupeKey } : {}),
    attachments: [{ kind: 'invoice_pdf', invoiceId: detail.invoiceId }],
  };
}

/**
 * Queues a mail about an invoice to its athlete (or guest) in the caller's transaction, the PDF attached. Answers the
 * outbox row's id, or null when there is nobody to mail (no email) or the same mail was already queued.
 */
export async function queueInvoiceMail(tx: DbOrTx, jobs: Jobs, gymId: string, invoiceId: string, kind: InvoiceMailKind, opts: InvoiceMailOptions = {}): Promise<string | null> {
  const to = await recipientOf(tx, gymId, invoiceId);
  if (!to) return null;
  const detail = await findInvoiceDetail(tx, { gymId }, invoiceId);
  if (!detail) return null;
  const [id] = await queueMail(tx, jobs, { ...invoiceMail(detail, to, kind, opts), gymId });
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
