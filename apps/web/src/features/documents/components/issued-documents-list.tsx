import 'mantine-datatable/styles.css';
import { CardListPager } from '../../../components/card-list-pager';
import type { ReactNode } from 'react';
import { Anchor, Card, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { documentSourceLabels, documentTypeLabels, type DocumentRow, type GymCountry } from '@spotter/shared';
import { LoadError, SKELETON_ROW_HEIGHT } from '../../event-setup';
import { DocumentStateBadge, dayOf } from './issued-parts';

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

export type DocumentSort = { sort: 'issuedAt' | 'signedAt' | 'title' | 'athlete'; order: 'asc' | 'desc' };

type Props = {
  query: { data?: { count: number; results: DocumentRow[] }; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean };
  gym: { timeZone: string; country: GymCountry | null };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpen: (documentId: string) => void;
  onAthlete?: (athleteId: string) => void;
  isNarrow: boolean;
  empty: ReactNode;
  withAthlete?: boolean;
  sort: DocumentSort;
  onSort: (sort: DocumentSort) => void;
};

/** Issued documents as a server-paged table (desktop, tablet) or cards (phone), each opening its detail. */
export function IssuedDocumentsList({ query, gym, page, pageSize, onPage, onOpen, onAthlete, isNarrow, empty, withAthlete = true, sort, onSort }: Props) {
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  if (query.isError) return <LoadError />;
  if (query.isPending) {
    return (
      <Stack role="status" gap={6} aria-busy="true" aria-label="Loading documents">
        {Array.from({ length: isNarrow ? 4 : 8 }, (_, i) => (
          <Skeleton key={i} height={isNarrow ? SKELETON_ROW_HEIGHT * 2.5 : SKELETON_ROW_HEIGHT} radius="sm" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  const title = (row: DocumentRow) => (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(row.documentId)}>
      {row.title}
    </Anchor>
  );
  const athlete = (row: DocumentRow) =>
    onAthlete ? (
      <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onAthlete(row.athlete.athleteId)} title="Show this athlete's documents">
        {row.athlete.fullName}
      </Anchor>
    ) : (
      row.athlete.fullName
    );
  const signedText = (row: DocumentRow) =>
    row.signedAt ? `${dayOf(row.signedAt, gym.timeZone, gym.country)}${row.signerName ? ` · ${row.signerName}` : ''}` : '—';
  if (isNarrow) {
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documents">
          {rows.map((row) => (
            <Card key={row.documentId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {title(row)}
                  {withAthlete && <Text size="sm">{athlete(row)}</Text>}
                  <Text size="xs" c="#495057">
                    {`${documentTypeLabels[row.type]} · Issued ${dayOf(row.issuedAt, gym.timeZone, gym.country)}`}
                    {row.signedAt ? ` · Signed ${signedText(row)}` : ''}
                  </Text>
                </Stack>
                <DocumentStateBadge state={row.state} />
              </Group>
            </Card>
          ))}
        </Stack>
        <CardListPager page={page} pageSize={pageSize} count={count} onPage={onPage} />
      </>
    );
  }
  const columns: DataTableColumn<DocumentRow>[] = [
    { accessor: 'title', title: 'Document', render: title, sortable: true },
    ...(withAthlete ? [{ accessor: 'athlete', title: 'Athlete', render: athlete, sortable: true } as DataTableColumn<DocumentRow>] : []),
    { accessor: 'type', title: 'Type', render: (row) => `${documentTypeLabels[row.type]}${row.version ? ` v${row.version}` : ''}` },
    { accessor: 'state', title: 'State', render: (row) => <DocumentStateBadge state={row.state} /> },
    { accessor: 'source', title: 'How', render: (row) => documentSourceLabels[row.source] },
    { accessor: 'issuedAt', title: 'Issued', noWrap: true, sortable: true, render: (row) => dayOf(row.issuedAt, gym.timeZone, gym.country) },
    { accessor: 'signedAt', title: 'Signed', sortable: true, render: signedText },
  ];
  const sortStatus: DataTableSortStatus<DocumentRow> = { columnAccessor: sort.sort, direction: sort.order };
  return (
    <DataTable<DocumentRow>
      aria-label="Documents"
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing={6}
      minHeight={160}
      idAccessor="documentId"
      records={rows}
      columns={columns}
      fetching={query.isFetching && query.isPlaceholderData}
      totalRecords={count}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPage}
      sortStatus={sortStatus}
      onSortStatusChange={(s) => onSort({ sort: s.columnAccessor as DocumentSort['sort'], order: s.direction })}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      getPaginationItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page` })}
      noRecordsText="No documents found"
    />
  );
}
