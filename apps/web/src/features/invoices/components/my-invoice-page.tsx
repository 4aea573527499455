import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { LoadError } from '../../event-setup';
import { PayInvoice } from '../../payment-methods';
import { useMyInvoice } from '../api/invoices';
import { InvoiceDetailView } from './invoice-detail';

/**
 * The athlete app's `/invoices/{invoiceId}` (spec 2.4, issue 19): the athlete's own invoice, its payments and PDF,
 * and paying what is due with a saved method (hidden when the gym takes no card payments or nothing is due).
 */
export function MyInvoicePage() {
  const { invoiceId = '' } = useParams();
  const invoice = useMyInvoice(invoiceId);
  let body;
  if (invoice.isError) {
    body =
      isApiError(invoice.error) && invoice.error.status === 404 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text ta="center">This invoice was not found. It may belong to another profile.</Text>
            <Anchor component={Link} to="/">
              Back to the schedule
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <LoadError />
      );
  } else if (!invoice.data) {
    body = (
      <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading invoice">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={80} />
      </Stack>
    );
  } else {
    body = <InvoiceDetailView invoice={invoice.data} mine payArea={<PayInvoice invoice={invoice.data} />} />;
  }
  return (
    <Stack maw={760} gap="md">
      <Text component="h1" fz="h2" fw={700} m={0}>
        Invoice
      </Text>
      {body}
    </Stack>
  );
}
