import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, type GymCountry } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { useStripeDashboard } from '../api/payment-methods';

const sum = (rows: { amountMinor: number }[]) => rows.reduce((s, r) => s + r.amountMinor, 0);
const payoutStatus: Record<string, string> = { paid: 'Paid', pending: 'Pending', in_transit: 'In transit', canceled: 'Cancelled', failed: 'Failed' };

/** Spec 2.7 `/stripe-dashboard` (custom accounts): the balance and recent payouts of the gym's connected account. */
export function StripeDashboardPage() {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  const country: GymCountry | null = gym.data?.country ?? null;
  const dash = useStripeDashboard();
  return (
    <>
      <PageHeader title="Stripe Dashboard" />
      {dash.isError ? (
        <Alert
          color={isApiError(dash.error) && dash.error.status === 409 ? 'blue' : 'red'}
          title={isApiError(dash.error) && dash.error.status === 409 ? 'Not available' : 'Error'}
        >
          {isApiError(dash.error) ? dash.error.message : 'Something went wrong while fetching data!'}
        </Alert>
      ) : !dash.data ? (
        <Stack aria-busy="true">
          <Skeleton height={96} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder radius="md" p="md">
              <Text size="sm" c="dimmed">
                Available balance
              </Text>
              <Text fz="xl" fw={700}>
                {formatMoney(sum(dash.data.available), country)}
              </Text>
            </Card>
            <Card withBorder radius="md" p="md">
              <Text size="sm" c="dimmed">
                Pending
              </Text>
              <Text fz="xl" fw={700}>
                {formatMoney(sum(dash.data.pending), country)}
              </Text>
            </Card>
          </SimpleGrid>
          <Card withBorder radius="md" p="md">
            <Title order={2} size="h4" mb="sm">
              Recent payouts
            </Title>
            {dash.data.payouts.length === 0 ? (
              <Text size="sm">No payouts yet. Stripe pays your balance to your bank account on its payout schedule.</Text>
            ) : (
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Arrives</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {dash.data.payouts.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{formatDate(p.arrivalDate, country)}</Table.Td>
                        <Table.Td>{payoutStatus[p.status] ?? p.status}</Table.Td>
                        <Table.Td ta="right">
                          <Group justify="flex-end">{formatMoney(p.amountMinor, country)}</Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
