import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  DOCUMENTS_PAGE_SIZE,
  athletePageSchema,
  documentDetailSchema,
  documentPageSchema,
  documentTemplateListSchema,
  documentVerificationSchema,
  issueDocumentsAnswerSchema,
  okSchema,
  type DocumentState,
  type DocumentType,
  type issueDocumentsInputSchema,
} from '@spotter/shared';
import type { z } from 'zod';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { documentKeys } from './documents';

/** The `/documents/issued` filters as the address keeps them. */
export type IssuedFilters = {
  state: DocumentState | null;
  templateId: string | null;
  athleteId: string | null;
  type: DocumentType | null;
  from: string | null;
  to: string | null;
  search: string;
  sort?: 'issuedAt' | 'signedAt' | 'title' | 'athlete';
  order?: 'asc' | 'desc';
};
export const noIssuedFilters: IssuedFilters = { state: null, templateId: null, athleteId: null, type: null, from: null, to: null, search: '' };

/** Issued lists and details sit under ['documents'] with the rest (a signature anywhere refreshes them). */
export const issuedKeys = {
  list: (f: IssuedFilters, page: number, pageSize: number) => ['documents', 'issued', f, page, pageSize] as const,
  one: (id: string) => documentKeys.one(id),
  templates: ['documents', 'templates', 'options'] as const,
};

const filterQuery = (f: IssuedFilters) => ({
  ...(f.state ? { state: f.state } : {}),
  ...(f.templateId ? { templateId: f.templateId } : {}),
  ...(f.athleteId ? { athleteId: f.athleteId } : {}),
  ...(f.type ? { type: f.type } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.search ? { search: f.search } : {}),
  ...(f.sort ? { sort: f.sort } : {}),
  ...(f.order ? { order: f.order } : {}),
});

export const useIssuedDocuments = (filters: IssuedFilters, page: number, pageSize = DOCUMENTS_PAGE_SIZE) =>
  useQuery({
    queryKey: issuedKeys.list(filters, page, pageSize),
    queryFn: ({ signal }) =>
      callEndpoint(
        'issuedDocuments',
        { query: { ...filterQuery(filters), limit: pageSize, offset: (page - 1) * pageSize }, signal },
        { schema: documentPageSchema },
      ),
    placeholderData: keepPreviousData,
  });

export const useIssuedDocument = (documentId: string | null) =>
  useQuery({
    queryKey: issuedKeys.one(documentId ?? ''),
    queryFn: ({ signal }) => callEndpoint('issuedDocument', { params: { documentId: documentId! }, signal }, { schema: documentDetailSchema }),
    enabled: Boolean(documentId),
  });

/** The gym's templates for the filter and the issue dialog (archived ones only filter). */
export const useTemplateOptions = () =>
  useQuery({
    queryKey: issuedKeys.templates,
    queryFn: ({ signal }) => callEndpoint('documentTemplates', { signal }, { schema: documentTemplateListSchema }),
    staleTime: 30_000,
  });

/** Athletes matching a search, for the issue dialog's picker (the first 20). */
export const useAthleteOptions = (search: string) =>
  useQuery({
    queryKey: ['athletes', 'document-options', search],
    queryFn: ({ signal }) => callEndpoint('athletes', { query: { search, limit: 20, offset: 0 }, signal }, { schema: athletePageSchema }),
    placeholderData: keepPreviousData,
  });

export const useIssueDocuments = () =>
  useApiMutation({
    mutationFn: (body: z.input<typeof issueDocumentsInputSchema>) => callEndpoint('issueDocuments', { body }, { schema: issueDocumentsAnswerSchema }),
    success: (r: { issued: number; alreadyOpen: number }) => ({
      title: r.issued === 1 ? 'Document issued' : `${r.issued} documents issued`,
      message: r.alreadyOpen > 0 ? `${r.alreadyOpen} already had an unsigned copy.` : 'It is waiting for a signature.',
    }),
    errorTitle: 'Issuing failed',
    invalidates: [documentKeys.all, ['athletes'], ['athlete-record'], ['kiosk']],
  });

export const useVoidIssuedDocument = (documentId: string) =>
  useApiMutation({
    mutationFn: (reason: string) => callEndpoint('voidDocument', { params: { documentId }, body: { reason } }, { schema: documentDetailSchema }),
    success: 'Document voided.',
    errorTitle: 'Voiding failed',
    invalidates: [documentKeys.all, ['athletes'], ['athlete-record'], ['kiosk']],
  });

export const useRemindDocument = (documentId: string) =>
  useApiMutation({
    mutationFn: () => callEndpoint('remindDocument', { params: { documentId } }, { schema: okSchema }),
    success: { title: 'Reminder sent', message: 'The athlete gets an email with a link to sign.' },
    errorTitle: 'Reminder not sent',
    invalidates: [documentKeys.all],
  });

/** GET the CSV of every document of the filters (not only the page). */
export function useExportDocumentsCsv() {
  return useMutation({
    mutationFn: async (filters: IssuedFilters) => {
      const { blob, fileName } = await downloadEndpoint('issuedDocumentsCsv', { query: filterQuery(filters) });
      saveFile(blob, fileName ?? 'documents.csv');
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}

/** Issue 32: an owner's Verify of a signed document (run on demand; the answer is shown where it was asked for). */
export function useVerifyDocument(documentId: string) {
  return useApiMutation({
    mutationFn: () => callEndpoint('verifyDocument', { params: { documentId } }, { schema: documentVerificationSchema }),
    errorShown: 'inline',
  });
}

/** A signed document's PDF (staff's route). */
export function useDownloadIssuedPdf() {
  return useMutation({
    mutationFn: async (doc: { documentId: string; title: string }) => {
      const { blob, fileName } = await downloadEndpoint('issuedDocumentPdf', { params: { documentId: doc.documentId } });
      saveFile(blob, fileName ?? `${doc.title.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`);
    },
    onError: (error) => notifyError({ title: 'Download failed', message: errorMessage(error) }),
  });
}
