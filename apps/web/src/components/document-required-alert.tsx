import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../lib/api-client';

/**
 * Issue 20: a booking refused because a document required before booking is unsigned says so where the athlete
 * booked, with a link to that document (the refusal's `fields.documentId`). Any other failure shows nothing here.
 */
export function DocumentRequiredAlert({ error }: { error: unknown }) {
  if (!isApiError(error) || error.code !== 'document_required') return null;
  const documentId = error.fields?.documentId?.[0];
  return (
    <Alert color="orange" title="A document needs your signature" role="alert">
      {errorMessage(error)}{' '}
      {documentId && (
        <Anchor component={Link} to={`/documents/unsigned/${documentId}`} fw={600}>
          Read and sign it
        </Anchor>
      )}
    </Alert>
  );
}
