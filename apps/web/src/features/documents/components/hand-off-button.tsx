import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { athleteFamilySchema, documentDetailSchema, documentPageSchema, handOffStateSchema, type Session } from '@spotter/shared';
import { sessionQueryKey } from '../../auth';
import { callEndpoint, errorMessage, shownMessage } from '../../../lib/api-client';
import { documentKeys } from '../api/documents';

/**
 * Issue 20 (decision 035): staff hand this device to an athlete to sign one document. The server locks the session to
 * the document; the app then shows only the signing screen (hand-off-screen.tsx) until staff end it with their password.
 */

/** What the locked screen needs that it can no longer read from the server: the athlete's parents and where to return. */
export type HandOffNote = { documentId: string; returnTo: string | null; parents: { athleteId: string; fullName: string }[] };
const NOTE_KEY = 'spotter.handOff';

export function readHandOffNote(documentId: string): HandOffNote | null {
  try {
    const note = JSON.parse(window.sessionStorage.getItem(NOTE_KEY) ?? 'null') as HandOffNote | null;
    return note?.documentId === documentId ? note : null;
  } catch {
    return null;
  }
}
export const clearHandOffNote = () => window.sessionStorage.removeItem(NOTE_KEY);

/** The parents who may sign for the athlete at the desk (their athlete records in this gym); none when unknown. */
async function parentsOf(athleteId: string): Promise<HandOffNote['parents']> {
  try {
    const family = await callEndpoint('athleteFamily', { params: { athleteId } }, { schema: athleteFamilySchema });
    return family.parents.flatMap((p) => (p.athleteId ? [{ athleteId: p.athleteId, fullName: p.fullName }] : []));
  } catch {
    return [];
  }
}

/** Start the hand-off: read the athlete's parents first (refused once locked), then lock, then show the signing screen. */
export function useStartHandOff() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async (documentId: string, athleteId: string | undefined, returnTo: string | null) => {
    setError(null);
    setBusy(true);
    try {
      const holder = athleteId ?? (await callEndpoint('issuedDocument', { params: { documentId } }, { schema: documentDetailSchema })).athlete.athleteId;
      const parents = await parentsOf(holder);
      const state = await callEndpoint('startHandOff', { params: { documentId }, body: { returnTo } }, { schema: handOffStateSchema });
      const note: HandOffNote = { documentId, returnTo: state.returnTo, parents };
      window.sessionStorage.setItem(NOTE_KEY, JSON.stringify(note));
      queryClient.setQueryData(documentKeys.handOff, state);
      queryClient.setQueryData<Session | null>(sessionQueryKey, (s) => (s ? { ...s, signingDocumentId: documentId } : s));
      return true;
    } catch (err) {
      setError(shownMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { start, error, busy };
}

const currentPath = () => `${window.location.pathname}${window.location.search}`;

function HandOffExplanation() {
  return (
    <Text>This device will be locked to this document: the member can read and sign it, and nothing else. Staff unlock it again with their password.</Text>
  );
}

export type HandOffButtonProps = {
  documentId: string;
  /** The athlete holding the document (saves a read); found from the document when not given. */
  athleteId?: string;
  /** Where staff return after ending the hand-off (default: this page). */
  returnTo?: string;
};

/** "Sign on this device": a confirm dialog explaining the lock, then the locked signing screen. */
export function HandOffButton({ documentId, athleteId, returnTo }: HandOffButtonProps) {
  const [opened, setOpened] = useState(false);
  const { start, error, busy } = useStartHandOff();
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Sign on this device
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Hand this device to the member?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <HandOffExplanation />
          {error && (
            <Alert color="red" role="alert" title="Could not hand over">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void start(documentId, athleteId, returnTo ?? currentPath())}>
              Hand over
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The kiosk's "Sign document": the athlete's unsigned documents, one chosen, then the hand-off. */
export function SignDocumentDialog({
  athleteId,
  athleteName,
  onClose,
  returnTo,
}: {
  athleteId: string;
  athleteName: string;
  onClose: () => void;
  returnTo?: string;
}) {
  const open = useQuery({
    queryKey: [...documentKeys.all, 'unsigned-of', athleteId],
    queryFn: ({ signal }) => callEndpoint('issuedDocuments', { query: { athleteId, state: 'unsigned', limit: 20 }, signal }, { schema: documentPageSchema }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const { start, error, busy } = useStartHandOff();
  const documents = open.data?.results ?? [];
  const documentId = chosen ?? documents[0]?.documentId ?? null;
  return (
    <Modal opened onClose={onClose} title={`Sign a document: ${athleteName}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {open.isPending ? (
          <Stack role="status" gap="xs" aria-label="Loading documents">
            <Skeleton height={20} />
            <Skeleton height={20} />
          </Stack>
        ) : open.isError ? (
          <Alert color="red" role="alert" title="Could not load the documents">
            {errorMessage(open.error)}
          </Alert>
        ) : documents.length === 0 ? (
          <Text>{athleteName} has no unsigned document. Issue one from their athlete page.</Text>
        ) : documents.length === 1 ? (
          <Text>
            <Text span fw={600}>
              {documents[0]!.title}
            </Text>{' '}
            is waiting to be signed.
          </Text>
        ) : (
          <Radio.Group label="Which document?" value={documentId} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {documents.map((d) => (
                <Radio key={d.documentId} value={d.documentId} label={d.title} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {documents.length > 0 && <HandOffExplanation />}
        {error && (
          <Alert color="red" role="alert" title="Could not hand over">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button size="md" disabled={!documentId} loading={busy} onClick={() => documentId && void start(documentId, athleteId, returnTo ?? currentPath())}>
            Hand over to sign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
