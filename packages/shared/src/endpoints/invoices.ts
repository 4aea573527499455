import { access } from '../access';
import { csvAnswerSchema } from '../api/event-setup';
import { dateRangeRefinement, idParamsSchema, isoDateSchema, okSchema, searchTermSchema } from '../api/common';
import {
  INVOICES_PAGE_SIZE,
  invoiceMessages,
  invoiceSortKeys,
  invoiceDetailSchema,
  invoiceListFilterSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  manualPaymentSchema,
  refundSchema,
  voidInvoiceSchema,
} from '../api/invoices';
import { defineEndpoint } from '../endpoint';
import { invoiceStatuses } from '../rules/invoices';
import { z } from 'zod';

const tags = ['invoices'];
const params = idParamsSchema('invoiceId');
const athleteParams = idParamsSchema('athleteId');

/** One athlete's invoices (the athlete page's tab, the athlete's own): the list's query without its athlete filter. */
export const athleteInvoicesQuerySchema = z
  .object({
    status: z.enum(invoiceStatuses).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    search: searchTermSchema,
    sort: z.enum(invoiceSortKeys).default('issueDate'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(dateRangeRefinement('from', 'to', { orderMessage: invoiceMessages.rangeOrder }));

/** A PDF download (the body is the file's bytes). */
export const pdfAnswerSchema = z.string();

/**
 * Issue 19: `/invoices` (InvoiceReportsView), an invoice's detail, PDF, manual payments, refunds and voids; the athlete
 * page's Invoices tab; the athlete's own invoices (`/invoices/{invoiceId}` in the athlete app).
 */
export const invoicesEndpoints = {
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/',
    access: access.invoiceView,
    tags,
    summary:
      "The gym's invoices, paged: filtered by state, issue-date range, athlete and a search on number or name; with the totals of the whole filtered set",
    query: invoiceListQuerySchema,
    answers: { 200: invoicePageSchema },
  }),
  invoicesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/export.csv',
    budget: 'long',
    access: access.invoiceView,
    tags,
    summary: 'Every invoice of the filter (not one page), in its sort, as a CSV file streamed in batches',
    query: invoiceListFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  invoice: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:invoiceId/',
    access: access.invoiceView,
    tags,
    summary: 'One invoice with its lines, payments and refunds',
    params,
    answers: { 200: invoiceDetailSchema },
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:invoiceId/pdf',
    budget: 'long',
    access: access.invoiceView,
    tags,
    summary: "An invoice as a PDF, in the gym's locale and currency",
    params,
    answers: { 200: pdfAnswerSchema },
  }),
  recordInvoicePayment: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:invoiceId/payments/',
    access: access.invoiceView,
    tags,
    summary:
      'Record a manual payment (Cash or Check, Gift Card, E Transfer, POS Terminal), never more than the balance; the same idempotency key again records nothing more and answers the invoice',
    params,
    body: manualPaymentSchema,
    answers: { 201: invoiceDetailSchema, 200: invoiceDetailSchema },
  }),
  refundInvoicePayment: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:invoiceId/refunds/',
    access: access.invoiceView,
    tags,
    summary:
      'Refund part or all of a payment, with a reason (a card payment is refunded through the provider first); never more than what the payment still holds',
    params,
    body: refundSchema,
    answers: { 201: invoiceDetailSchema, 200: invoiceDetailSchema },
  }),
  voidInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:invoiceId/void/',
    access: access.invoiceView,
    tags,
    summary: 'Void an invoice with nothing paid on it (refund first), with a reason',
    params,
    body: voidInvoiceSchema,
    answers: { 200: invoiceDetailSchema },
  }),
  sendInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:invoiceId/send/',
    access: access.invoiceView,
    tags,
    summary: 'Email the invoice (its PDF attached) to the athlete or guest again, through the outbox',
    params,
    answers: { 200: okSchema },
  }),
  athleteInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/:athleteId/invoices/',
    access: access.staffAthleteView,
    tags,
    summary: "An athlete's invoices, paged, newest first, with their totals (the athlete page's Invoices tab)",
    params: athleteParams,
    query: athleteInvoicesQuerySchema,
    answers: { 200: invoicePageSchema },
  }),
  myInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/me/invoices/',
    access: access.athlete,
    tags,
    summary: "The signed-in athlete's invoices, paged, newest first",
    query: athleteInvoicesQuerySchema,
    answers: { 200: invoicePageSchema },
  }),
  myInvoice: defineEndpoint({
    method: 'GET',
    path: '/api/me/invoices/:invoiceId/',
    access: access.athlete,
    tags,
    summary: "One of the signed-in athlete's own invoices (another's is not found)",
    params,
    answers: { 200: invoiceDetailSchema },
  }),
  myInvoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/me/invoices/:invoiceId/pdf',
    budget: 'long',
    access: access.athlete,
    tags,
    summary: "One of the signed-in athlete's own invoices as a PDF",
    params,
    answers: { 200: pdfAnswerSchema },
  }),
};
