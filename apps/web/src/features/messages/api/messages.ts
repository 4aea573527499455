import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  MESSAGES_PAGE_SIZE,
  messageDetailSchema,
  messagePageSchema,
  messageTemplateDetailSchema,
  messageTemplateListSchema,
  renderedMessageSchema,
  testSendAnswerSchema,
  type MessageState,
  type MessageTemplateInput,
  type MessageTemplateKind,
} from '@spotter/shared';
import { callEndpoint, downloadEndpoint, errorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Issue 22: message templates and the gym's message log (`/flows/templates`, the athlete page's Messages tab). */
export const messageKeys = {
  templates: ['message-templates'] as const,
  template: (kind: string) => ['message-templates', kind] as const,
  preview: (kind: string, input: MessageTemplateInput) => ['message-templates', kind, 'preview', input] as const,
  log: ['messages'] as const,
  list: (f: MessageFilters, page: number) => ['messages', 'list', f, page] as const,
  one: (id: string) => ['messages', 'one', id] as const,
  athlete: (athleteId: string, page: number) => ['messages', 'athlete', athleteId, page] as const,
};

export type MessageFilters = { status: MessageState | null; kind: string | null; from: string | null; to: string | null; search: string };
export const noMessageFilters: MessageFilters = { status: null, kind: null, from: null, to: null, search: '' };

const filterQuery = (f: MessageFilters) => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.search ? { search: f.search } : {}),
});

export const useMessageTemplates = () =>
  useQuery({ queryKey: messageKeys.templates, queryFn: ({ signal }) => callEndpoint('messageTemplates', { signal }, { schema: messageTemplateListSchema }) });

export const useMessageTemplate = (kind: MessageTemplateKind | null) =>
  useQuery({
    queryKey: messageKeys.template(kind ?? ''),
    queryFn: ({ signal }) => callEndpoint('messageTemplate', { params: { kind: kind! }, signal }, { schema: messageTemplateDetailSchema }),
    enabled: kind !== null,
  });

/** The wording rendered with sample values (debounced by the caller); kept while the next one loads. */
export const useMessagePreview = (kind: MessageTemplateKind, input: MessageTemplateInput | null) =>
  useQuery({
    queryKey: messageKeys.preview(kind, input ?? { subject: '', bodyHtml: '' }),
    queryFn: ({ signal }) => callEndpoint('previewMessageTemplate', { params: { kind }, body: input!, signal }, { schema: renderedMessageSchema }),
    enabled: input !== null && input.subject.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSaveMessageTemplate = (kind: MessageTemplateKind) =>
  useApiMutation({
    mutationFn: (body: MessageTemplateInput) => callEndpoint('updateMessageTemplate', { params: { kind }, body }, { schema: messageTemplateDetailSchema }),
    success: 'Template saved.',
    invalidates: [messageKeys.templates],
  });

export const useResetMessageTemplate = (kind: MessageTemplateKind) =>
  useApiMutation({
    mutationFn: () => callEndpoint('resetMessageTemplate', { params: { kind } }, { schema: messageTemplateDetailSchema }),
    success: { title: 'Back to the default', message: 'The gym’s own wording was removed.' },
    errorTitle: 'Reset failed',
    invalidates: [messageKeys.templates],
  });

export const useTestSendMessageTemplate = (kind: MessageTemplateKind) =>
  useApiMutation({
    mutationFn: (body: MessageTemplateInput) => callEndpoint('testSendMessageTemplate', { params: { kind }, body }, { schema: testSendAnswerSchema }),
    success: (r: { to: string; detail: string }) => ({ title: 'Test sent', message: r.detail || `Sent to ${r.to}.` }),
    errorTitle: 'Test not sent',
    invalidates: [messageKeys.log],
  });

export const useMessages = (filters: MessageFilters, page: number, pageSize = MESSAGES_PAGE_SIZE) =>
  useQuery({
    queryKey: messageKeys.list(filters, page),
    queryFn: ({ signal }) =>
      callEndpoint('messages', { query: { ...filterQuery(filters), limit: pageSize, offset: (page - 1) * pageSize }, signal }, { schema: messagePageSchema }),
    placeholderData: keepPreviousData,
  });

export const useMessage = (messageId: string | null) =>
  useQuery({
    queryKey: messageKeys.one(messageId ?? ''),
    queryFn: ({ signal }) => callEndpoint('message', { params: { messageId: messageId! }, signal }, { schema: messageDetailSchema }),
    enabled: Boolean(messageId),
  });

export const useAthleteMessages = (athleteId: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: messageKeys.athlete(athleteId, page),
    queryFn: ({ signal }) =>
      callEndpoint(
        'athleteMessages',
        { params: { athleteId }, query: { limit: pageSize, offset: (page - 1) * pageSize }, signal },
        { schema: messagePageSchema },
      ),
    placeholderData: keepPreviousData,
  });

/** GET the CSV of every mail of the filters (not only the page). */
export function useExportMessagesCsv() {
  return useMutation({
    mutationFn: async (filters: MessageFilters) => {
      const { blob, fileName } = await downloadEndpoint('messagesCsv', { query: filterQuery(filters) });
      saveFile(blob, fileName ?? 'messages.csv');
    },
    onError: (error) => notifyError({ title: 'Export failed', message: errorMessage(error) }),
  });
}
