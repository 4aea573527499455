import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { useMyInvoices } from '../api/invoices';
import { day, InvoiceStatusBadge, money } from './invoice-parts';

/**
 * Issue 19: the athlete's recent invoices, each a link to `/invoices/{invoiceId}` (spec 2.4 lists no invoice list
 * route for athletes, so this section sits on the athlete's Packages page). Nothing is shown when there are none.
 */
export function MyInvoicesSection() {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  const country = gym.data?.country ?? null;
  const invoices = useMyInvoices();
  if (invoices.isError || (invoices.data && invoices.data.results.length === 0)) return null;
  return (
    <Stack gap="sm" mt="xl">
      <Title order={2} size="h4">
        Invoices
      </Title>
      {!invoices.data ? (
        <Skeleton role="status" height={64} radius="md" aria-label="Loading invoices" />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="My invoices">
          {invoices.data.results.map((inv) => (
            <li key={inv.invoiceId}>
              <Card withBorder padding="sm" radius="md" component={Link} to={`/invoices/${inv.invoiceId}`} aria-label={`Invoice ${inv.numberText}`}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{inv.numberText}</Text>
                    <Text size="sm">{`${money(inv.totalMinor, country)} · Due ${day(inv.dueDate, country)}`}</Text>
                    {inv.balanceMinor > 0 && inv.status !== 'void' && <Text size="sm" fw={600}>{`Balance due ${money(inv.balanceMinor, country)}`}</Text>}
                  </Stack>
                  <InvoiceStatusBadge status={inv.status} />
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
