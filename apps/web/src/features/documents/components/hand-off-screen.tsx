import { useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Group, Modal, PasswordInput, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { documentMessages, type Session } from '@spotter/shared';
import { sessionQueryKey } from '../../auth';
import { callEndpoint, errorMessage, isApiError, shownMessage } from '../../../lib/api-client';
import { documentKeys, useHandOff, useSignHandOff } from '../api/documents';
import { clearHandOffNote, readHandOffNote } from './hand-off-button';
import { SignDocumentForm } from './sign-document-form';

/**
 * Issue 20 (decision 035): the front-desk device while handed to a member. The app shell shows only this screen while
 * the session's signingDocumentId is set: no navigation, the document and the sign form (with a parent or guardian
 * picker when the athlete has any), a thank-you once signed, and a discreet "Staff: end" asking for the password.
 */
export function HandOffScreen({ documentId }: { documentId: string }) {
  const handOff = useHandOff();
  const sign = useSignHandOff();
  const queryClient = useQueryClient();
  const [signer, setSigner] = useState<string>('self');
  const [ending, setEnding] = useState(false);
  const note = readHandOffNote(documentId);
  const parents = note?.parents ?? [];

  // The hand-off ended elsewhere (another tab): the session says so once read again.
  useEffect(() => {
    if (handOff.isError && isApiError(handOff.error) && handOff.error.status === 404) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [handOff.isError, handOff.error, queryClient]);

  const document = handOff.data?.document;
  const signed = document?.state === 'signed';
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" component="main" aria-labelledby="hand-off-title">
      <Container size="md" py="lg" px="md">
        <Stack gap="lg">
          {handOff.isPending ? (
            <Stack role="status" gap="sm" aria-label="Loading the document">
              <Skeleton height={32} width="60%" />
              <Skeleton height={16} />
              <Skeleton height={16} />
              <Skeleton height={200} />
            </Stack>
          ) : handOff.isError || !document ? (
            <>
              <Title order={1} id="hand-off-title">
                Sign a document
              </Title>
              <Alert color="red" role="alert" title="The document could not be opened">
                {errorMessage(handOff.error)}
              </Alert>
            </>
          ) : signed ? (
            <Stack gap="md" align="center" ta="center" py="xl">
              <Title order={1} id="hand-off-title">
                Thank you, {document.signature?.signerName ?? document.athlete.fullName}
              </Title>
              <Text size="xl" role="status">
                {documentMessages.handOffEnded}
              </Text>
            </Stack>
          ) : (
            <>
              <Stack gap={4}>
                <Title order={1} id="hand-off-title">
                  {document.title}
                </Title>
                <Text c="dimmed">For {document.athlete.fullName}. Read it, then sign at the bottom.</Text>
              </Stack>
              <SignDocumentForm
                document={document}
                onSign={(input) => sign.mutateAsync(input).then((state) => queryClient.setQueryData(documentKeys.handOff, state))}
                onStale={() => void handOff.refetch()}
                extraInput={signer === 'self' ? {} : { guardianAthleteId: signer }}
                extra={
                  parents.length > 0 ? (
                    <Select
                      label="Signed by"
                      description="A parent or guardian may sign for the athlete."
                      maw={420}
                      allowDeselect={false}
                      value={signer}
                      onChange={(v) => setSigner(v ?? 'self')}
                      data={[
                        { value: 'self', label: `${document.athlete.fullName} (the athlete)` },
                        ...parents.map((p) => ({ value: p.athleteId, label: `${p.fullName} (parent or guardian)` })),
                      ]}
                    />
                  ) : undefined
                }
              />
            </>
          )}
          <Group justify="flex-end" mt="xl">
            <Button variant="subtle" color="gray" size="xs" onClick={() => setEnding(true)}>
              Staff: end
            </Button>
          </Group>
        </Stack>
      </Container>
      {ending && <EndHandOffDialog returnTo={note?.returnTo ?? handOff.data?.returnTo ?? null} onClose={() => setEnding(false)} />}
    </Box>
  );
}

function EndHandOffDialog({ returnTo, onClose }: { returnTo: string | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!password) return setError(documentMessages.unlockPassword);
    setBusy(true);
    try {
      await callEndpoint('endHandOff', { body: { password } });
      clearHandOffNote();
      // Back where staff started: a fresh load of that page (the app's routes, coming back on the URL a member may
      // have typed meanwhile, would otherwise redirect from it first), with everything read again.
      if (returnTo) return window.location.replace(returnTo);
      queryClient.setQueryData<Session | null>(sessionQueryKey, (s) => (s ? { ...s, signingDocumentId: null } : s));
      // What was refused meanwhile (the kiosk's lists, the athlete's flags) is read again.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    } catch (err) {
      setError(shownMessage(err));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="End the hand-off" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">Staff: enter your password to take the device back.</Text>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Unlock
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
