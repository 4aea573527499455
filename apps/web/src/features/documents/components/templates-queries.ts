import { useQuery } from '@tanstack/react-query';
import {
  documentTemplateDetailSchema,
  documentTemplateListSchema,
  documentTemplateVersionSchema,
  packagePageSchema,
  type DocumentTemplateFormInput,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { documentKeys } from '../api/documents';

/** Issue 20 `/documents/templates`: reads under ['documents', 'templates'], so any documents write refreshes the counts. */
export const templateKeys = {
  all: [...documentKeys.all, 'templates'] as const,
  one: (id: string) => [...documentKeys.all, 'templates', 'one', id] as const,
  version: (id: string, version: number) => [...documentKeys.all, 'templates', 'one', id, 'version', version] as const,
  packages: [...documentKeys.all, 'templates', 'packages'] as const,
};

export const useDocumentTemplates = () =>
  useQuery({ queryKey: templateKeys.all, queryFn: ({ signal }) => callEndpoint('documentTemplates', { signal }, { schema: documentTemplateListSchema }) });

export const useDocumentTemplate = (templateId: string | null) =>
  useQuery({
    queryKey: templateKeys.one(templateId ?? 'new'),
    enabled: templateId !== null,
    queryFn: ({ signal }) => callEndpoint('documentTemplate', { params: { templateId: templateId! }, signal }, { schema: documentTemplateDetailSchema }),
  });

export const useDocumentTemplateVersion = (templateId: string, version: number | null) =>
  useQuery({
    queryKey: templateKeys.version(templateId, version ?? 0),
    enabled: version !== null,
    staleTime: Infinity, // a version never changes once written
    queryFn: ({ signal }) =>
      callEndpoint('documentTemplateVersion', { params: { templateId, version: String(version!) }, signal }, { schema: documentTemplateVersionSchema }),
  });

/** The packages a template's purchase rule may name: the gym's active ones (the first hundred, by name). */
export const useRulePackages = () =>
  useQuery({
    queryKey: templateKeys.packages,
    queryFn: ({ signal }) => callEndpoint('packages', { query: { status: 'active', limit: 100 }, signal }, { schema: packagePageSchema }),
  });

export const useSaveDocumentTemplate = () =>
  useApiMutation({
    mutationFn: ({ templateId, body }: { templateId: string | null; body: DocumentTemplateFormInput }) =>
      templateId
        ? callEndpoint('updateDocumentTemplate', { params: { templateId }, body }, { schema: documentTemplateDetailSchema })
        : callEndpoint('createDocumentTemplate', { body }, { schema: documentTemplateDetailSchema }),
    success: (saved, { templateId }) => (templateId === null ? 'Template created.' : `Template saved (version ${saved.currentVersion}).`),
    invalidates: [documentKeys.all],
  });

export const useArchiveDocumentTemplate = () =>
  useApiMutation({
    mutationFn: ({ templateId, archive }: { templateId: string; archive: boolean; title: string }) =>
      callEndpoint(archive ? 'archiveDocumentTemplate' : 'restoreDocumentTemplate', { params: { templateId } }, { schema: documentTemplateDetailSchema }),
    success: (_saved, { archive, title }) => (archive ? `${title} archived.` : `${title} restored.`),
    invalidates: [documentKeys.all],
  });
