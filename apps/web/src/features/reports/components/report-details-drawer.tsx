import { LabelledPagination } from '../../../components/labelled-pagination';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, hasPermission, reportDefinitions, type GymCountry, type ReportDetail, type ReportType } from '@spotter/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { REPORT_DETAILS_PAGE_SIZE, useReportDetails, type ReportRequest } from '../api/reports';

type Props = {
  type: ReportType;
  request: ReportRequest;
  /** The row opened (its key and its name), or null when closed. */
  row: { key: string; label: string } | null;
  onClose: () => void;
  country: GymCountry;
  isNarrow: boolean;
};

/** The athletes or invoices behind one row of the table, a page at a time, each linking to its own page. */
export function ReportDetailsDrawer({ row, onClose, isNarrow, ...rest }: Props) {
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'md'}
      title={row ? row.label : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {row && <DetailsList key={row.key} rowKey={row.key} {...rest} />}
    </Drawer>
  );
}

function DetailsList({ type, request, rowKey, country }: Omit<Props, 'row' | 'onClose' | 'isNarrow'> & { rowKey: string }) {
  const [page, setPage] = useState(1);
  const details = useReportDetails(type, request, rowKey, page);
  const noun = reportDefinitions[type].drill === 'invoices' ? 'invoices' : 'athletes';
  if (details.isError) {
    return (
      <Alert color="red" title="Error" role="alert">
        {errorMessage(details.error)}
      </Alert>
    );
  }
  if (!details.data) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={`Loading the ${noun}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  const { count, results } = details.data;
  const pages = Math.max(1, Math.ceil(count / REPORT_DETAILS_PAGE_SIZE));
  const first = (page - 1) * REPORT_DETAILS_PAGE_SIZE + 1;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {count === 0 ? `No ${noun} behind this row.` : `${first}–${first + results.length - 1} of ${count} ${noun}`}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`The ${noun}`}>
        {results.map((d) => (
          <DetailItem key={d.id} detail={d} country={country} />
        ))}
      </Stack>
      {pages > 1 && <LabelledPagination total={pages} value={page} onChange={setPage} size="sm" />}
    </Stack>
  );
}

function DetailItem({ detail, country }: { detail: ReportDetail; country: GymCountry }) {
  const session = useCurrentSession();
  // Links only where the person may go (spec 6): an invoice needs InvoiceReportsView, an athlete AthleteView.
  const to =
    detail.kind === 'invoice'
      ? detail.invoiceId && hasPermission(session, 'InvoiceReportsView')
        ? `/invoices?invoice=${detail.invoiceId}`
        : null
      : detail.athleteId && hasPermission(session, 'AthleteView')
        ? `/users/athletes/${detail.athleteId}`
        : null;
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <div style={{ minWidth: 0 }}>
          {to ? (
            <Anchor component={Link} to={to} fw={500} size="sm">
              {detail.label}
            </Anchor>
          ) : (
            <Text fw={500} size="sm">
              {detail.label}
            </Text>
          )}
          {detail.detail && (
            <Text size="xs" c="dimmed" truncate>
              {detail.detail}
            </Text>
          )}
        </div>
        <div style={{ textAlign: 'right', flexShrink: 0 }}>
          {detail.amountMinor !== null && <Text size="sm">{formatMoney(detail.amountMinor, country)}</Text>}
          {detail.date && (
            <Text size="xs" c="dimmed">
              {formatDate(detail.date, country)}
            </Text>
          )}
        </div>
      </Group>
    </li>
  );
}
