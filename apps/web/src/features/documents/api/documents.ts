import { useQuery } from '@tanstack/react-query';
import { documentDetailSchema, handOffStateSchema, myDocumentListSchema, type DocumentTab, type SignDocumentFormInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/**
 * Issue 20: every read of documents sits under ['documents']: an issue, a signature or a void refreshes them all (the
 * kiosk's and the athletes list's unsigned-document flags are under their own keys and refetch on focus).
 */
export const documentKeys = {
  all: ['documents'] as const,
  mine: (tab: DocumentTab) => ['documents', 'mine', tab] as const,
  myOne: (id: string) => ['documents', 'mine', 'one', id] as const,
  one: (id: string) => ['documents', 'one', id] as const,
  handOff: ['documents', 'hand-off'] as const,
};

export const useMyDocuments = (tab: DocumentTab) =>
  useQuery({
    queryKey: documentKeys.mine(tab),
    queryFn: ({ signal }) => callEndpoint('myDocuments', { query: { tab }, signal }, { schema: myDocumentListSchema }),
  });

export const useMyDocument = (documentId: string) =>
  useQuery({
    queryKey: documentKeys.myOne(documentId),
    queryFn: ({ signal }) => callEndpoint('myDocument', { params: { documentId }, signal }, { schema: documentDetailSchema }),
  });

export const useSignMyDocument = (documentId: string) =>
  useApiMutation({
    mutationFn: (body: SignDocumentFormInput) => callEndpoint('signMyDocument', { params: { documentId }, body }, { schema: documentDetailSchema }),
    success: 'Document signed.',
    invalidates: [documentKeys.all],
  });

export const useHandOff = (enabled = true) =>
  useQuery({ queryKey: documentKeys.handOff, enabled, queryFn: ({ signal }) => callEndpoint('handOff', { signal }, { schema: handOffStateSchema }) });

export const useSignHandOff = () =>
  useApiMutation({
    mutationFn: (body: SignDocumentFormInput) => callEndpoint('signHandOff', { body }, { schema: handOffStateSchema }),
    invalidates: [documentKeys.all],
  });
