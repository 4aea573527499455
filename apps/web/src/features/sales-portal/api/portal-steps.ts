import { useQuery } from '@tanstack/react-query';
import { documentDetailSchema, type SignDocumentFormInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { documentKeys } from '../../documents';

/**
 * Issue 18 step 3 (issue 20): the documents a portal sale asks the buyer to sign, read and signed as the athlete they
 * now are (the athlete app's own endpoints). Loaded with the steps after the purchase, not with the portal's first screen.
 */
export const usePortalDocument = (documentId: string) =>
  useQuery({
    queryKey: [...documentKeys.all, 'mine', 'one', documentId],
    queryFn: ({ signal }) => callEndpoint('myDocument', { params: { documentId }, signal }, { schema: documentDetailSchema }),
  });

export const useSignPortalDocument = (documentId: string) =>
  useApiMutation({
    mutationFn: (body: SignDocumentFormInput) => callEndpoint('signMyDocument', { params: { documentId }, body }, { schema: documentDetailSchema }),
    invalidates: [documentKeys.all],
  });
