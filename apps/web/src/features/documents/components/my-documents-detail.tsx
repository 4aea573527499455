import { Alert, Anchor, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { documentTypeLabels, type DocumentDetail } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useMyDocument, useSignMyDocument } from '../api/documents';
import { DocumentStateBadge, gymDate, useDependantName, useDownloadMyDocumentPdf, useGymClock } from './my-documents-parts';
import { DocumentIntegrityAlert } from './document-integrity';
import { SignDocumentForm } from './sign-document-form';

/** The signature as recorded: the drawn image or the typed name, who signed (for whom), when, and the initials. */
export function SignatureRecordView({ document }: { document: DocumentDetail }) {
  const clock = useGymClock();
  const s = document.signature;
  if (!s) return null;
  const who = s.relation === 'guardian' ? `${s.signerName}, parent or guardian, for ${s.athleteName}` : s.signerName;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Signature
        </Title>
        {s.method === 'drawn' && s.signatureImage ? (
          <Image
            src={s.signatureImage}
            alt={`Signature of ${s.signerName}`}
            maw={320}
            fit="contain"
            bg="white"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          />
        ) : (
          <Text fz={28} fs="italic" ff="Georgia, 'Times New Roman', serif" aria-label={`Typed signature: ${s.typedName ?? s.signerName}`}>
            {s.typedName ?? s.signerName}
          </Text>
        )}
        <Text fw={600}>{who}</Text>
        <Text size="sm">{`Signed ${gymDate(s.signedAt, clock, true)}${s.via === 'front_desk' ? ' at the front desk' : ' in the app'}`}</Text>
        {s.initials.length > 0 && (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Initials">
            {s.initials.map((i) => (
              <Text key={i.label} component="li" size="sm">
                {`${i.label}: `}
                <strong>{i.value}</strong>
              </Text>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {`SHA-256 of the signed text: ${s.contentSha256}`}
        </Text>
      </Stack>
    </Paper>
  );
}

function Body({ document, tab }: { document: DocumentDetail; tab: string }) {
  const navigate = useNavigate();
  const sign = useSignMyDocument(document.documentId);
  const refetch = useMyDocument(document.documentId).refetch;
  const pdf = useDownloadMyDocumentPdf();
  if (document.canSign) {
    return (
      <SignDocumentForm
        document={document}
        onSign={async (input) => {
          await sign.mutateAsync(input);
          navigate(`/documents/signed/${document.documentId}`, { replace: true });
        }}
        onStale={() => void refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <DocumentIntegrityAlert doc={document} />
      {document.state === 'voided' && (
        <Alert color="gray" title="Voided">
          {`Your gym voided this document${document.voidReason ? `: ${document.voidReason}` : '.'} There is nothing to sign.`}
        </Alert>
      )}
      {document.state === 'unsigned' && (
        <Alert color="yellow" title="Not signed yet">
          This document can only be signed by the member or their parent or guardian.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" aria-label="Document text">
        <RichText html={document.content} />
      </Paper>
      <SignatureRecordView document={document} />
      {document.state === 'signed' && (
        <Group>
          <Button onClick={() => pdf.mutate(document.documentId)} loading={pdf.isPending}>
            Download PDF
          </Button>
        </Group>
      )}
      {tab === 'unsigned' && document.state === 'signed' && (
        <Anchor component={Link} to="/documents/unsigned">
          Back to documents to sign
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * Spec 2.4 `/documents/{tab}/{documentId}` (issue 20): read the merged document and sign it (draw or type, initials,
 * agreement); a signed one shows the signature and its PDF. A parent or guardian signs a dependant's here too.
 */
export function MyDocumentDetailPage() {
  const { tab = 'unsigned', documentId = '' } = useParams();
  const doc = useMyDocument(documentId);
  const dependant = useDependantName(doc.data ?? { athlete: { athleteId: '', fullName: '' } });
  const back = (
    <Anchor component={Link} to={`/documents/${tab === 'signed' ? 'signed' : 'unsigned'}`} size="sm">
      ← All documents
    </Anchor>
  );
  if (doc.isError) {
    return (
      <Stack maw={760} gap="md">
        {back}
        {isApiError(doc.error) && doc.error.status === 404 ? (
          <Paper withBorder radius="md" p="xl">
            <Text ta="center">This document was not found. It may belong to another profile.</Text>
          </Paper>
        ) : (
          <Alert color="red" title="Error">
            {errorMessage(doc.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  if (!doc.data) {
    return (
      <Stack role="status" maw={760} gap="md" aria-busy="true" aria-label="Loading document">
        {back}
        <Skeleton height={32} width="60%" />
        <Skeleton height={240} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  const d = doc.data;
  return (
    <Stack maw={760} gap="md">
      {back}
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Title order={1} size="h2">
            {d.title}
          </Title>
          <DocumentStateBadge state={d.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {`${documentTypeLabels[d.type]}${d.version ? ` · version ${d.version}` : ''}${dependant ? ` · for ${dependant}` : ''}`}
        </Text>
        {dependant && d.canSign && <Text size="sm">{`You are signing for ${dependant} as their parent or guardian. The record names you both.`}</Text>}
      </Stack>
      <Body document={d} tab={tab} />
    </Stack>
  );
}
