import 'mantine-datatable/styles.css';
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Card, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { formatDate, messageStateLabels, toZoned, type GymCountry, type MessageRow, type MessageState } from '@spotter/shared';
import { CardListPager } from '../../../components/card-list-pager';
import { errorMessage } from '../../../lib/api-client';
import { LoadError, SKELETON_ROW_HEIGHT } from '../../event-setup';
import { useMessage } from '../api/messages';

export type Gym = { timeZone: string; country: GymCountry | null };

/** An instant as the gym's day and time (hh:mm). */
export function momentOf(iso: string | null, gym: Gym) {
  if (!iso) return '—';
  const z = toZoned(new Date(iso), gym.timeZone);
  return `${formatDate(z.date, gym.country ?? 'US')} ${z.time.slice(0, 5)}`;
}

/** Light badges with text dark enough for 4.5:1 (axe color-contrast). */
const stateColors: Record<MessageState, { color: string; c: string }> = {
  pending: { color: 'yellow', c: '#6b4a00' },
  sending: { color: 'blue', c: '#1c4f8a' },
  sent: { color: 'green', c: '#1f5f2a' },
  failed: { color: 'red', c: '#8a1c1c' },
};

export function MessageStateBadge({ state }: { state: MessageState }) {
  return (
    <Badge variant="light" radius="sm" color={stateColors[state].color} c={stateColors[state].c} tt="none" style={{ minWidth: 'max-content' }}>
      {messageStateLabels[state]}
    </Badge>
  );
}

const retriesOf = (r: MessageRow) => (r.attempts > 1 ? `${r.attempts} attempts` : r.attempts === 1 ? '1 attempt' : 'Not tried yet');

export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="md">
        <Text ta="center">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

type Props = {
  query: { data?: { count: number; results: MessageRow[] }; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean };
  gym: Gym;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpen: (messageId: string) => void;
  isNarrow: boolean;
  empty: ReactNode;
};

/** Mails as a server-paged table (desktop, tablet) or cards (phone), newest first, each opening its detail. */
export function MessageList({ query, gym, page, pageSize, onPage, onOpen, isNarrow, empty }: Props) {
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  if (query.isError) return <LoadError />;
  if (query.isPending) {
    return (
      <Stack role="status" gap={6} aria-busy="true" aria-label="Loading messages">
        {Array.from({ length: isNarrow ? 4 : 8 }, (_, i) => (
          <Skeleton key={i} height={isNarrow ? SKELETON_ROW_HEIGHT * 2.5 : SKELETON_ROW_HEIGHT} radius="sm" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  const subject = (row: MessageRow) => (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(row.messageId)} style={{ overflowWrap: 'anywhere' }}>
      {row.subject || '(no subject)'}
    </Anchor>
  );
  if (isNarrow) {
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages">
          {rows.map((row) => (
            <Card key={row.messageId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {subject(row)}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.to}
                  </Text>
                  <Text size="xs" c="#495057">
                    {`${row.kindLabel} · ${momentOf(row.createdAt, gym)} · ${retriesOf(row)}`}
                  </Text>
                </Stack>
                <MessageStateBadge state={row.status} />
              </Group>
            </Card>
          ))}
        </Stack>
        <CardListPager page={page} pageSize={pageSize} count={count} onPage={onPage} />
      </>
    );
  }
  const columns: DataTableColumn<MessageRow>[] = [
    { accessor: 'subject', title: 'Subject', render: subject },
    {
      accessor: 'to',
      title: 'To',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.to}
        </Text>
      ),
    },
    { accessor: 'kindLabel', title: 'Message' },
    { accessor: 'status', title: 'State', render: (row) => <MessageStateBadge state={row.status} /> },
    { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
    { accessor: 'createdAt', title: 'Created', noWrap: true, render: (row) => momentOf(row.createdAt, gym) },
  ];
  return (
    <DataTable<MessageRow>
      aria-label="Messages"
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing={6}
      minHeight={160}
      idAccessor="messageId"
      records={rows}
      columns={columns}
      fetching={query.isFetching && query.isPlaceholderData}
      totalRecords={count}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPage}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      getPaginationItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page` })}
      noRecordsText="No messages found"
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="#495057" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </div>
  );
}

/** One mail: its state, attempts and last error, and what was sent. */
export function MessageDrawer({ messageId, onClose, gym, isNarrow }: { messageId: string | null; onClose: () => void; gym: Gym; isNarrow: boolean }) {
  const m = useMessage(messageId);
  return (
    <Drawer
      opened={messageId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title="Message"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {m.isPending ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading the message">
          <Skeleton height={24} />
          <Skeleton height={160} />
        </Stack>
      ) : m.isError ? (
        <Alert color="red" title="The message could not be loaded">
          {errorMessage(m.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <MessageStateBadge state={m.data.status} />
            <Text size="sm">{m.data.kindLabel}</Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="To">{m.data.to}</Fact>
            <Fact label="From">{m.data.from ?? '—'}</Fact>
            <Fact label="Reply-To">{m.data.replyTo ?? '—'}</Fact>
            <Fact label="Subject">{m.data.subject}</Fact>
            <Fact label="Created">{momentOf(m.data.createdAt, gym)}</Fact>
            <Fact label="Sent">{momentOf(m.data.sentAt, gym)}</Fact>
            <Fact label="Attempts">{`${m.data.attempts}${m.data.attempts > 1 ? ` (${m.data.attempts - 1} ${m.data.attempts === 2 ? 'retry' : 'retries'})` : ''}`}</Fact>
          </SimpleGrid>
          {m.data.lastError && (
            <Alert color="red" title="Last error">
              {m.data.lastError}
            </Alert>
          )}
          {m.data.status === 'pending' && <Text size="sm">Queued: it is sent within a minute, and retried if the mail server refuses it.</Text>}
          {m.data.html ? (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <iframe title="Mail as sent" sandbox="" srcDoc={m.data.html} style={{ width: '100%', height: 420, border: 0, background: '#fff' }} />
            </Paper>
          ) : (
            <Paper withBorder radius="md" p="md">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.data.text || 'The text of this mail is not kept (it held a one-time link).'}
              </Text>
            </Paper>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
