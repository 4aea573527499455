import type { Jobs } from '../../lib/jobs';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { queueInvoiceMail } from './invoice-mail';
import { recordPayment, voidInvoice, type RecordPayment } from './invoices.service';

/**
 * Issue 33: the invoice page's commands. Each owns its transaction (invoices.service.ts writes the rows and records the
 * domain events), queues its mail through the outbox and publishes the gym's change (the kiosk's past-due flag reads
 * invoices).
 */

/** What the commands that mail need besides the database: the queue and the app's address for the mail's links. */
export type InvoiceDeps = WriteContext & { jobs: Jobs; appUrl: string };

/** A manual payment, with its receipt mailed; the same idempotency key again answers the payment made (`created: false`). */
export async function recordManualPayment(deps: InvoiceDeps, gymId: string, input: RecordPayment) {
  return writeTransaction(deps, async (tx, publish) => {
    const r = await recordPayment(tx, gymId, input);
    if (r.created) {
      await queueInvoiceMail(tx, deps.jobs, gymId, input.invoiceId, 'payment_receipt', { appUrl: deps.appUrl });
      await publish({ kind: 'gym', gymId });
    }
    return r;
  });
}

/** Voids an invoice (once; a repeat changes nothing). */
export async function voidInvoiceCommand(ctx: WriteContext, gymId: string, invoiceId: string, reason: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const r = await voidInvoice(tx, gymId, invoiceId, { reason });
    if (r.changed) await publish({ kind: 'gym', gymId });
  });
}

/** Mails the invoice again (no dedupe: each request sends it); false when it has no address to go to. */
export async function sendInvoiceAgain(deps: InvoiceDeps, gymId: string, invoiceId: string): Promise<boolean> {
  const queued = await deps.db.transaction((tx) => queueInvoiceMail(tx, deps.jobs, gymId, invoiceId, 'invoice', { appUrl: deps.appUrl, dedupeKey: null }));
  return queued !== null;
}
