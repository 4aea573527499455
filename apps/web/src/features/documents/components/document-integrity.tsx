import { Alert, Button, Stack, Text } from '@mantine/core';
import { documentIntegrityMessages, type DocumentDetail, type GymCountry } from '@spotter/shared';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyDocument } from '../api/issued';
import { momentOf } from './issued-parts';

const Hashes = ({ recorded, computed }: { recorded: string | null; computed: string | null }) => (
  <Stack gap={2} mt={4}>
    {recorded && <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{`Recorded when signed: ${recorded}`}</Text>}
    {computed && <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{`Stored content now: ${computed}`}</Text>}
  </Stack>
);

/**
 * Issue 32 (decision 041): said plainly when a signed document's stored content no longer matches the SHA-256
 * recorded at signing (the server checks on every read); nothing when it matches or is not signed.
 */
export function DocumentIntegrityAlert({ doc }: { doc: Pick<DocumentDetail, 'integrity'> }) {
  if (doc.integrity.state !== 'altered') return null;
  return (
    <Alert color="red" variant="outline" title="This document does not match its signature" role="alert">
      <Text size="sm">{doc.integrity.message}</Text>
      <Hashes recorded={doc.integrity.recordedSha256} computed={doc.integrity.computedSha256} />
    </Alert>
  );
}

/** An owner's Verify: hashes the stored content again on the server now and shows the verdict with the time it ran. */
export function VerifyDocumentButton({ documentId, gym }: { documentId: string; gym: { timeZone: string; country: GymCountry | null } }) {
  const verify = useVerifyDocument(documentId);
  const result = verify.data;
  return (
    <Stack gap="xs">
      <div>
        <Button variant="default" onClick={() => verify.mutate()} loading={verify.isPending}>
          Verify
        </Button>
      </div>
      <div aria-live="polite">
        {verify.isError && (
          <Alert color="red" title="Verify failed">
            {errorMessage(verify.error)}
          </Alert>
        )}
        {result && (
          <Alert
            color={result.state === 'intact' ? 'teal' : result.state === 'altered' ? 'red' : 'gray'}
            title={result.state === 'intact' ? 'Verified' : result.state === 'altered' ? 'Altered' : 'Nothing to verify'}
          >
            <Text size="sm">{result.message}</Text>
            <Text size="xs" mt={4}>{`Checked ${momentOf(result.checkedAt, gym.timeZone, gym.country)}.`}</Text>
            {result.state === 'altered' && result.message !== documentIntegrityMessages.signatureMissing && (
              <Hashes recorded={result.recordedSha256} computed={result.computedSha256} />
            )}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
