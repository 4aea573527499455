import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  endpoints,
  formatDate,
  invoiceMessages,
  invoiceSourceLabels,
  invoiceStatusLabels,
  minorToDecimal,
  toZoned,
  type GymCountry,
  type InvoiceDetail,
  type InvoiceRow,
} from '@spotter/shared';
import type { WriteContext } from '../../lib/changes';
import { csvRows, streamCsv, toCsv, type CsvCell } from '../../lib/csv';
import { conflict, notFound } from '../../lib/http-error';
import { toPage } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { invoicePdfName, renderInvoicePdf } from './invoice-pdf';
import { isAthleteOfGym } from '../people';
import { recordManualPayment, sendInvoiceAgain, voidInvoiceCommand, type InvoiceDeps } from './invoices.commands';
import { findInvoiceDetail, invoiceBatches, listInvoices, type InvoiceScope } from './invoices.repository';
import { refundPayment } from './refund';

export const INVOICES_CSV_HEADER = ['Number', 'Billed to', 'Status', 'Source', 'Issued', 'Due', 'Total', 'Paid', 'Balance'] as const;

/** Money in a CSV cell: the amount in major units with two decimals (a spreadsheet sums it), no currency sign; exact at any size. */
const amount = minorToDecimal;

export function invoiceCsvCells(r: InvoiceRow, country: GymCountry): CsvCell[] {
  return [
    r.numberText,
    r.athlete?.fullName ?? r.guestName ?? '',
    invoiceStatusLabels[r.status],
    invoiceSourceLabels[r.source],
    r.issueDate ? formatDate(r.issueDate, country) : '',
    formatDate(r.dueDate, country),
    amount(r.totalMinor),
    amount(r.paidMinor),
    amount(r.balanceMinor),
  ];
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'gym';

/**
 * Issue 19 (contract-19 H1): `/invoices` for staff holding InvoiceReportsView (and owners): the list with its totals
 * and CSV, an invoice's detail and PDF, manual payments, refunds, voids and sending it again; the athlete page's
 * Invoices tab; the athlete's own invoices. Every write goes through invoices.service.ts in one transaction that
 * publishes the gym's change (the kiosk's past-due flag reads invoices).
 */
export async function invoicesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx: WriteContext = { db, changes: app.changes };
  const deps: InvoiceDeps = { ...ctx, jobs: app.jobs, appUrl: app.config.appUrl };

  const detailOf = async (scope: InvoiceScope, invoiceId: string): Promise<InvoiceDetail> => {
    const detail = await findInvoiceDetail(db, scope, invoiceId);
    if (!detail) throw notFound(invoiceMessages.invoiceNotFound);
    return detail;
  };

  const sendPdf = async (reply: FastifyReply, detail: InvoiceDetail) => {
    const bytes = await renderInvoicePdf(detail);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${invoicePdfName(detail)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  };

  route(app, endpoints.invoices, async (request) => {
    const { gym } = gymCaller(request);
    const q = request.query;
    const list = await listInvoices(db, { gymId: gym.gymId }, q);
    return { ...toPage(request, q.limit, q.offset, list.count, list.results), totals: list.totals };
  });

  route(app, endpoints.invoicesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const country = gym.country as GymCountry;
    async function* lines() {
      // Papa ends a header-only text with its line break already.
      yield toCsv(INVOICES_CSV_HEADER, []);
      for await (const batch of invoiceBatches(db, { gymId: gym.gymId }, request.query)) yield csvRows(batch.map((r) => invoiceCsvCells(r, country)));
    }
    const fileName = `invoices-${slug(gym.title)}-${toZoned(new Date(), gym.timeZone).date}.csv`;
    return streamCsv(reply, fileName, lines());
  });

  route(app, endpoints.invoice, async (request) => detailOf({ gymId: gymCaller(request).gym.gymId }, request.params.invoiceId));

  route(app, endpoints.invoicePdf, async (request, reply) => sendPdf(reply, await detailOf({ gymId: gymCaller(request).gym.gymId }, request.params.invoiceId)));

  route(app, endpoints.recordInvoicePayment, async (request, reply) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const { invoiceId } = request.params;
    const body = request.body;
    const recorded = await recordManualPayment(deps, gymId, {
      invoiceId,
      amountMinor: body.amountMinor,
      channel: body.type,
      reference: body.reference || null,
      idempotencyKey: body.idempotencyKey,
      actorUserId: auth.actorUserId,
    });
    const detail = await detailOf({ gymId }, invoiceId);
    // The same key on another invoice's payment is refused by the service; a repeat here answers this invoice.
    reply.status(recorded.created ? 201 : 200);
    return detail;
  });

  route(app, endpoints.refundInvoicePayment, async (request, reply) => {
    const auth = gymCaller(request);
    const gymId = auth.gym.gymId;
    const { invoiceId } = request.params;
    const body = request.body;
    const recorded = await refundPayment(
      { ctx, provider: app.paymentProvider, onProviderError: (err, paymentId) => request.log.warn({ err, paymentId }, 'provider refund failed') },
      {
        gymId,
        invoiceId,
        paymentId: body.paymentId,
        amountMinor: body.amountMinor,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
        actorUserId: auth.actorUserId,
      },
    );
    reply.status(recorded.created ? 201 : 200);
    return detailOf({ gymId }, invoiceId);
  });

  route(app, endpoints.voidInvoice, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { invoiceId } = request.params;
    await voidInvoiceCommand(ctx, gymId, invoiceId, request.body.reason);
    return detailOf({ gymId }, invoiceId);
  });

  route(app, endpoints.sendInvoice, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { invoiceId } = request.params;
    await detailOf({ gymId }, invoiceId);
    if (!(await sendInvoiceAgain(deps, gymId, invoiceId))) throw conflict('This invoice has no email address to send it to.', 'no_email');
    return { detail: 'Invoice sent.' };
  });

  route(app, endpoints.athleteInvoices, async (request) => {
    const gymId = gymCaller(request).gym.gymId;
    const { athleteId } = request.params;
    if (!(await isAthleteOfGym(db, gymId, athleteId))) throw notFound('Athlete not found.');
    const q = request.query;
    const list = await listInvoices(db, { gymId, athleteId }, q);
    return { ...toPage(request, q.limit, q.offset, list.count, list.results), totals: list.totals };
  });

  /** The signed-in athlete's own scope; an athlete profile without an athlete row sees nothing. */
  const mine = (request: Parameters<typeof gymCaller>[0]): InvoiceScope | null => {
    const auth = gymCaller(request);
    return auth.athleteId ? { gymId: auth.gym.gymId, athleteId: auth.athleteId } : null;
  };

  route(app, endpoints.myInvoices, async (request) => {
    const scope = mine(request);
    const q = request.query;
    const list = scope ? await listInvoices(db, scope, q) : { count: 0, results: [], totals: { count: 0, totalMinor: 0, paidMinor: 0, balanceMinor: 0 } };
    return { ...toPage(request, q.limit, q.offset, list.count, list.results), totals: list.totals };
  });

  route(app, endpoints.myInvoice, async (request) => {
    const scope = mine(request);
    if (!scope) throw notFound(invoiceMessages.invoiceNotFound);
    return detailOf(scope, request.params.invoiceId);
  });

  route(app, endpoints.myInvoicePdf, async (request, reply) => {
    const scope = mine(request);
    if (!scope) throw notFound(invoiceMessages.invoiceNotFound);
    return sendPdf(reply, await detailOf(scope, request.params.invoiceId));
  });
}
