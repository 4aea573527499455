import 'mantine-datatable/styles.css';
import { CardListPager } from '../../../components/card-list-pager';
import type { ReactNode } from 'react';
import { Anchor, Card, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { INVOICES_PAGE_SIZE, invoiceSourceLabels, type GymCountry, type InvoicePage, type InvoiceRow } from '@spotter/shared';
import { LoadError, SKELETON_ROW_HEIGHT } from '../../event-setup';
import { useInvoice } from '../api/invoices';
import { ChargeSavedMethod } from '../../payment-methods';
import { InvoiceDetailView } from './invoice-detail';
import { billedTo, day, InvoiceStatusBadge, money } from './invoice-parts';

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

/** The totals of the whole filtered set (not only the page). */
export function InvoiceTotals({ page, country }: { page: InvoicePage | undefined; country: GymCountry | null }) {
  const t = page?.totals;
  const cell = (label: string, value: string) => (
    <Card withBorder radius="md" padding="xs" miw={130} style={{ flex: '1 1 130px' }}>
      <Text size="xs" c="#495057" fw={600}>
        {label}
      </Text>
      <Text fw={700}>{t ? value : <Skeleton component="span" height={18} width={70} display="inline-block" />}</Text>
    </Card>
  );
  return (
    <Group gap="sm" mb="md" wrap="wrap" aria-label="Totals of the filtered invoices" role="group">
      {cell('Invoices', String(t?.count ?? 0))}
      {cell('Total', money(t?.totalMinor ?? 0, country))}
      {cell('Paid', money(t?.paidMinor ?? 0, country))}
      {cell('Balance due', money(t?.balanceMinor ?? 0, country))}
    </Group>
  );
}

type Props = {
  query: { data?: InvoicePage; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean };
  country: GymCountry | null;
  page: number;
  onPage: (page: number) => void;
  /** Opens an invoice's detail; without it (no InvoiceReportsView) the number is plain text. */
  onOpen?: (invoiceId: string) => void;
  isNarrow: boolean;
  empty: ReactNode;
  /** The athlete's own tab leaves out the "Billed to" column. */
  withParty?: boolean;
  onAthlete?: (athleteId: string) => void;
};

/** Invoices as a table (desktop, tablet) or cards (phone), each opening its detail. */
export function InvoiceList({ query, country, page, onPage, onOpen, isNarrow, empty, withParty = true, onAthlete }: Props) {
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  if (query.isError) return <LoadError />;
  if (query.isPending) {
    return (
      <Stack role="status" gap={6} aria-busy="true" aria-label="Loading invoices">
        {Array.from({ length: isNarrow ? 4 : 8 }, (_, i) => (
          <Skeleton key={i} height={isNarrow ? SKELETON_ROW_HEIGHT * 2.5 : SKELETON_ROW_HEIGHT} radius="sm" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  const open = (row: InvoiceRow) =>
    onOpen ? (
      <Anchor component="button" type="button" fw={600} size="sm" ta="left" style={{ alignSelf: 'flex-start' }} onClick={() => onOpen(row.invoiceId)}>
        {row.numberText}
      </Anchor>
    ) : (
      <Text fw={600} size="sm">
        {row.numberText}
      </Text>
    );
  const party = (row: InvoiceRow) =>
    row.athlete && onAthlete ? (
      <Anchor component="button" type="button" size="sm" onClick={() => onAthlete(row.athlete!.athleteId)} title="Show this athlete's invoices">
        {billedTo(row)}
      </Anchor>
    ) : (
      billedTo(row)
    );
  if (isNarrow) {
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Invoices">
          {rows.map((row) => (
            <Card key={row.invoiceId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {open(row)}
                  {withParty && <Text size="sm">{party(row)}</Text>}
                  <Text size="xs" c="#495057">
                    {`${invoiceSourceLabels[row.source]} · Due ${day(row.dueDate, country)}`}
                  </Text>
                  <Text size="sm">{`${money(row.totalMinor, country)} · Balance ${money(row.balanceMinor, country)}`}</Text>
                </Stack>
                <InvoiceStatusBadge status={row.status} />
              </Group>
            </Card>
          ))}
        </Stack>
        <CardListPager page={page} pageSize={INVOICES_PAGE_SIZE} count={count} onPage={onPage} />
      </>
    );
  }
  const columns: DataTableColumn<InvoiceRow>[] = [
    { accessor: 'numberText', title: 'Number', noWrap: true, render: open },
    ...(withParty ? [{ accessor: 'party', title: 'Billed to', render: party } as DataTableColumn<InvoiceRow>] : []),
    { accessor: 'status', title: 'Status', render: (row) => <InvoiceStatusBadge status={row.status} /> },
    { accessor: 'source', title: 'For', render: (row) => invoiceSourceLabels[row.source] },
    { accessor: 'issueDate', title: 'Issued', noWrap: true, render: (row) => day(row.issueDate, country) },
    { accessor: 'dueDate', title: 'Due', noWrap: true, render: (row) => day(row.dueDate, country) },
    { accessor: 'totalMinor', title: 'Total', textAlign: 'right', noWrap: true, render: (row) => money(row.totalMinor, country) },
    { accessor: 'paidMinor', title: 'Paid', textAlign: 'right', noWrap: true, render: (row) => money(row.paidMinor, country) },
    { accessor: 'balanceMinor', title: 'Balance', textAlign: 'right', noWrap: true, render: (row) => money(row.balanceMinor, country) },
  ];
  return (
    <DataTable<InvoiceRow>
      aria-label="Invoices"
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing={6}
      minHeight={160}
      idAccessor="invoiceId"
      records={rows}
      columns={columns}
      fetching={query.isFetching && query.isPlaceholderData}
      totalRecords={count}
      recordsPerPage={INVOICES_PAGE_SIZE}
      page={page}
      onPageChange={onPage}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      getPaginationItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page` })}
      noRecordsText="No invoices found"
    />
  );
}

/** An invoice's detail in a drawer (full screen on a phone). */
export function InvoiceDrawer({ invoiceId, onClose, isNarrow }: { invoiceId: string | null; onClose: () => void; isNarrow: boolean }) {
  const invoice = useInvoice(invoiceId);
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      title="Invoice"
      closeButtonProps={{ 'aria-label': 'Close invoice' }}
    >
      {invoice.isError ? (
        <LoadError />
      ) : !invoice.data ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading invoice">
          <Skeleton height={28} width="40%" />
          <Skeleton height={120} />
          <Skeleton height={80} />
        </Stack>
      ) : (
        <InvoiceDetailView invoice={invoice.data} staff payArea={invoice.data.athlete ? <ChargeSavedMethod invoice={invoice.data} /> : null} />
      )}
    </Drawer>
  );
}
