import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Group, Image, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { DOCUMENT_LIMITS, documentSourceLabels, documentTypeLabels, type DocumentDetail, type GymCountry } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useDownloadIssuedPdf, useIssuedDocument, useRemindDocument, useVoidIssuedDocument } from '../api/issued';
import { DocumentIntegrityAlert, VerifyDocumentButton } from './document-integrity';
import { DocumentStateBadge, momentOf } from './issued-parts';

type Gym = { timeZone: string; country: GymCountry | null };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="#495057" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function VoidModal({ doc, opened, onClose }: { doc: DocumentDetail; opened: boolean; onClose: () => void }) {
  const voidIt = useVoidIssuedDocument(doc.documentId);
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={`Void “${doc.title}”?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          voidIt.mutate(reason.trim(), { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{`${doc.athlete.fullName} will no longer be asked to sign it. It stays in the list as voided.`}</Text>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={DOCUMENT_LIMITS.voidReasonMax}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red.9" loading={voidIt.isPending}>
              Void document
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signature and its audit facts: who signed (and for whom), when in the gym's zone, where from, and the content's hash. */
function SignatureFacts({ doc, gym }: { doc: DocumentDetail; gym: Gym }) {
  const s = doc.signature!;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Signature and audit trail" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Signature
        </Title>
        {s.method === 'drawn' && s.signatureImage ? (
          <Image
            src={s.signatureImage}
            alt={`Signature of ${s.signerName}`}
            maw={320}
            h={100}
            fit="contain"
            bg="white"
            style={{ border: '1px solid #dee2e6', borderRadius: 4 }}
          />
        ) : (
          <Text fz={22} ff="serif" fs="italic" aria-label={`Typed signature: ${s.typedName ?? s.signerName}`}>
            {s.typedName ?? s.signerName}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label="Signed by">{s.relation === 'guardian' ? `${s.signerName} (parent or guardian of ${s.athleteName})` : s.signerName}</Fact>
          <Fact label="Signed at">{momentOf(s.signedAt, gym.timeZone, gym.country)}</Fact>
          <Fact label="Signed on">{s.via === 'front_desk' ? 'Front-desk device' : 'Athlete app'}</Fact>
          <Fact label="Method">{s.method === 'drawn' ? 'Drawn signature' : 'Typed name'}</Fact>
          <Fact label="IP address">{s.ip ?? '—'}</Fact>
          <Fact label="User agent">{s.userAgent ?? '—'}</Fact>
        </SimpleGrid>
        {s.initials.length > 0 && <Fact label="Initials">{s.initials.map((i) => `${i.label}: ${i.value}`).join(' · ')}</Fact>}
        <Fact label="SHA-256 of the signed content">
          <Text component="span" ff="monospace" size="xs">
            {s.contentSha256}
          </Text>
        </Fact>
      </Stack>
    </Paper>
  );
}

const contentLabel = (doc: DocumentDetail) =>
  doc.signature
    ? 'The content as signed'
    : doc.state === 'voided'
      ? 'The content as it would read now (voided: not to be signed)'
      : 'The content as the athlete reads it now';

/** One issued document: its facts, the content (as signed, or as it reads now), the signature, and what staff may do. */
export function IssuedDocumentView({ doc, gym, actions }: { doc: DocumentDetail; gym: Gym; actions?: ReactNode }) {
  // Issue 32: Verify is an owner's (the endpoint's access).
  const isOwner = useCurrentSession()?.role === 'owner';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {doc.title}
          </Title>
          <Text size="sm" c="#495057">{`${documentTypeLabels[doc.type]}${doc.version ? ` · version ${doc.version}` : ''} · ${doc.athlete.fullName}`}</Text>
        </Stack>
        <DocumentStateBadge state={doc.state} />
      </Group>
      <DocumentIntegrityAlert doc={doc} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Issued">{momentOf(doc.issuedAt, gym.timeZone, gym.country)}</Fact>
        <Fact label="How">{documentSourceLabels[doc.source]}</Fact>
        <Fact label="Reminders">
          {doc.reminderCount === 0
            ? 'None'
            : `${doc.reminderCount}${doc.lastRemindedAt ? `, last ${momentOf(doc.lastRemindedAt, gym.timeZone, gym.country)}` : ''}`}
        </Fact>
        {doc.voidedAt && <Fact label="Voided">{momentOf(doc.voidedAt, gym.timeZone, gym.country)}</Fact>}
        {doc.voidReason && <Fact label="Reason">{doc.voidReason}</Fact>}
      </SimpleGrid>
      {actions}
      {doc.state === 'signed' && isOwner && <VerifyDocumentButton documentId={doc.documentId} gym={gym} />}
      {doc.signature && <SignatureFacts doc={doc} gym={gym} />}
      <Paper withBorder radius="md" p="md" component="section" aria-label={contentLabel(doc)}>
        <Text size="xs" c="#495057" fw={600} mb="xs">
          {contentLabel(doc)}
        </Text>
        <RichText html={doc.content} />
      </Paper>
    </Stack>
  );
}

/** Staff's actions on a document: Remind and Void while unsigned; Download PDF once signed; and `extra` (the hand-off). */
export function IssuedDocumentActions({ doc, extra }: { doc: DocumentDetail; extra?: ReactNode }) {
  const remind = useRemindDocument(doc.documentId);
  const pdf = useDownloadIssuedPdf();
  const [voiding, setVoiding] = useState(false);
  return (
    <Group gap="sm">
      {doc.state === 'signed' && (
        <Button onClick={() => pdf.mutate(doc)} loading={pdf.isPending}>
          Download PDF
        </Button>
      )}
      {doc.state === 'unsigned' && (
        <>
          {extra}
          <Button variant="default" onClick={() => remind.mutate()} loading={remind.isPending}>
            Send reminder
          </Button>
          <Button variant="default" color="red.9" c="red.9" onClick={() => setVoiding(true)}>
            Void
          </Button>
          <VoidModal doc={doc} opened={voiding} onClose={() => setVoiding(false)} />
        </>
      )}
    </Group>
  );
}

/** A document's detail in a drawer (full screen on a phone). */
export function IssuedDocumentDrawer({
  documentId,
  onClose,
  isNarrow,
  gym,
  handOff,
}: {
  documentId: string | null;
  onClose: () => void;
  isNarrow: boolean;
  gym: Gym;
  handOff?: (documentId: string) => ReactNode;
}) {
  const doc = useIssuedDocument(documentId);
  return (
    <Drawer
      opened={documentId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title="Document"
      closeButtonProps={{ 'aria-label': 'Close document' }}
    >
      {doc.isError ? (
        <Alert color="red" title="Document">
          {errorMessage(doc.error)}
        </Alert>
      ) : !doc.data ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading document">
          <Skeleton height={28} width="50%" />
          <Skeleton height={60} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <IssuedDocumentView doc={doc.data} gym={gym} actions={<IssuedDocumentActions doc={doc.data} extra={handOff?.(doc.data.documentId)} />} />
      )}
    </Drawer>
  );
}
