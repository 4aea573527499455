import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  INVOICES_PAGE_SIZE,
  invoiceDetailSchema,
  invoicePageSchema,
  okSchema,
  type InvoiceDetail,
  type InvoiceStatus,
  type ManualPaymentInput,
  type RefundInput,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** The /invoices filters as the address keeps them. */
export type InvoiceFilters = { status: InvoiceStatus | null; from: string | null; to: string | null; athleteId: string | null; search: string };
export const defaultInvoiceFilters: InvoiceFilters = { status: null, from: null, to: null, athleteId: null, search: '' };

/** Every read of invoices sits under ['invoices']: a payment, refund or void refreshes them all. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (f: InvoiceFilters, page: number) => ['invoices', 'list', f, page] as const,
  ofAthlete: (athleteId: string, page: number) => ['invoices', 'athlete', athleteId, page] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  mine: (id: string) => ['invoices', 'mine', id] as const,
  myList: ['invoices', 'mine-list'] as const,
};

const filterQuery = (f: InvoiceFilters) => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.athleteId ? { athleteId: f.athleteId } : {}),
  ...(f.search ? { search: f.search } : {}),
});
const pageQuery = (page: number) => ({ limit: INVOICES_PAGE_SIZE, offset: (page - 1) * INVOICES_PAGE_SIZE });

export const useInvoices = (filters: InvoiceFilters, page: number) =>
  useQuery({
    queryKey: invoiceKeys.list(filters, page),
    queryFn: ({ signal }) => callEndpoint('invoices', { query: { ...filterQuery(filters), ...pageQuery(page) }, signal }, { schema: invoicePageSchema }),
    placeholderData: keepPreviousData,
  });

export const useAthleteInvoices = (athleteId: string, page: number) =>
  useQuery({
    queryKey: invoiceKeys.ofAthlete(athleteId, page),
    queryFn: ({ signal }) => callEndpoint('athleteInvoices', { params: { athleteId }, query: pageQuery(page), signal }, { schema: invoicePageSchema }),
    placeholderData: keepPreviousData,
  });

export const useInvoice = (invoiceId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.one(invoiceId ?? ''),
    queryFn: () => callEndpoint('invoice', { params: { invoiceId: invoiceId! } }, { schema: invoiceDetailSchema }),
    enabled: Boolean(invoiceId),
  });

/** The athlete's newest invoices (the first page). */
export const useMyInvoices = () =>
  useQuery({
    queryKey: invoiceKeys.myList,
    queryFn: ({ signal }) => callEndpoint('myInvoices', { query: { limit: 10, offset: 0 }, signal }, { schema: invoicePageSchema }),
  });

export const useMyInvoice = (invoiceId: string) =>
  useQuery({ queryKey: invoiceKeys.mine(invoiceId), queryFn: () => callEndpoint('myInvoice', { params: { invoiceId } }, { schema: invoiceDetailSchema }) });

/** GET /api/invoices/export.csv: every invoice of the filters (not only the page shown). */
export function useExportInvoicesCsv() {
  return useMutation({
    mutationFn: async (filters: InvoiceFilters) => {
      const { blob, fileName } = await downloadEndpoint('invoicesCsv', { query: filterQuery(filters) });
      saveFile(blob, fileName ?? 'invoices.csv');
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}

/** The invoice's PDF, saved under the server's name (staff, or the athlete's own). */
export function useDownloadInvoicePdf(mine = false) {
  return useMutation({
    mutationFn: async (invoice: Pick<InvoiceDetail, 'invoiceId' | 'numberText'>) => {
      const call = { params: { invoiceId: invoice.invoiceId } };
      const { blob, fileName } = mine ? await downloadEndpoint('myInvoicePdf', call) : await downloadEndpoint('invoicePdf', call);
      saveFile(blob, fileName ?? `invoice-${invoice.numberText}.pdf`);
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}

export function useRecordPayment(invoiceId: string) {
  return useApiMutation({
    mutationFn: (body: ManualPaymentInput) => callEndpoint('recordInvoicePayment', { params: { invoiceId }, body }, { schema: invoiceDetailSchema }),
    success: { title: 'Payment recorded', message: 'The payment is on the invoice.' },
    errorTitle: 'Recording the payment failed',
    invalidates: [invoiceKeys.all, ['athlete-record'], ['athletes']],
  });
}

export function useRefundPayment(invoiceId: string) {
  return useApiMutation({
    mutationFn: (body: RefundInput) => callEndpoint('refundInvoicePayment', { params: { invoiceId }, body }, { schema: invoiceDetailSchema }),
    success: { title: 'Refund recorded', message: 'The refund is on the invoice.' },
    errorTitle: 'Refund failed',
    invalidates: [invoiceKeys.all, ['athlete-record'], ['athletes']],
  });
}

export function useVoidInvoice(invoiceId: string) {
  return useApiMutation({
    mutationFn: (reason: string) => callEndpoint('voidInvoice', { params: { invoiceId }, body: { reason } }, { schema: invoiceDetailSchema }),
    success: { title: 'Invoice voided', message: 'Nothing is owed on it any more.' },
    errorTitle: 'Voiding failed',
    invalidates: [invoiceKeys.all, ['athlete-record'], ['athletes']],
  });
}

export function useSendInvoice(invoiceId: string) {
  return useApiMutation({
    mutationFn: () => callEndpoint('sendInvoice', { params: { invoiceId } }, { schema: okSchema }),
    success: { title: 'Invoice sent', message: 'It is on its way, with the PDF attached.' },
    errorTitle: 'Sending failed',
  });
}

/** A fresh idempotency key for one attempt of a payment or refund (a retry of the same attempt reuses it). */
export const newIdempotencyKey = () =>
  globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
