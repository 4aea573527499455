import { Alert, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { documentTabs, documentTypeLabels, type DocumentRow, type DocumentTab } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useMyDocuments } from '../api/documents';
import { DocumentStateBadge, gymDate, useDependantName, useGymClock } from './my-documents-parts';

const isTab = (v: string | undefined): v is DocumentTab => documentTabs.includes(v as DocumentTab);

const EMPTY: Record<DocumentTab, { title: string; text: string }> = {
  unsigned: { title: 'Nothing to sign', text: 'You are all set. When your gym asks you (or someone you look after) to sign a document, it appears here.' },
  signed: { title: 'No signed documents yet', text: 'Documents you sign appear here, each with a PDF copy to download.' },
};

function DocumentCard({ row, tab }: { row: DocumentRow; tab: DocumentTab }) {
  const clock = useGymClock();
  const dependant = useDependantName(row);
  const when =
    tab === 'signed' && row.signedAt
      ? `Signed ${gymDate(row.signedAt, clock)}${row.signerName ? ` by ${row.signerName}` : ''}`
      : `Issued ${gymDate(row.issuedAt, clock)}`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component={Link}
      to={`/documents/${tab}/${row.documentId}`}
      aria-label={`${row.title}${dependant ? ` for ${dependant}` : ''}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{row.title}</Text>
          <Text size="sm" c="dimmed">
            {documentTypeLabels[row.type]}
            {dependant ? ` · for ${dependant}` : ''}
          </Text>
          <Text size="sm">{when}</Text>
          {tab === 'unsigned' && (
            <Text size="sm" fw={600} c="blue.8">
              Read and sign →
            </Text>
          )}
        </Stack>
        <DocumentStateBadge state={row.state} />
      </Group>
    </Card>
  );
}

function DocumentList({ tab }: { tab: DocumentTab }) {
  const list = useMyDocuments(tab);
  if (list.isError)
    return (
      <Alert color="red" title="Error">
        {errorMessage(list.error)}
      </Alert>
    );
  if (!list.data)
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading documents">
        <Skeleton height={96} radius="md" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  if (list.data.length === 0)
    return (
      <Alert title={EMPTY[tab].title} color="gray">
        {EMPTY[tab].text}
      </Alert>
    );
  return (
    <Stack
      gap="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={tab === 'unsigned' ? 'Documents to sign' : 'Signed documents'}
    >
      {list.data.map((row) => (
        <li key={row.documentId}>
          <DocumentCard row={row} tab={tab} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * Spec 2.4 `/documents/{tab}` (issue 20): the athlete's documents and those of the people they look after (dependants
 * linked to their login), to sign or signed. Phone-first: one column of cards.
 */
export function MyDocumentsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!isTab(tab)) return <Navigate to="/documents/unsigned" replace />;
  return (
    <Stack maw={760} gap="md">
      <PageHeader title="Documents" />
      <Tabs value={tab} onChange={(v) => v && navigate(`/documents/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="unsigned">Unsigned</Tabs.Tab>
          <Tabs.Tab value="signed">Signed</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unsigned">
          <DocumentList tab="unsigned" />
        </Tabs.Panel>
        <Tabs.Panel value="signed">
          <DocumentList tab="signed" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
