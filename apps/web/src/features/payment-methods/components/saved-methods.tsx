import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paymentMethodLabel } from '@spotter/shared';
import { useAthletePaymentMethods, useMyPaymentMethods, useRemoveMethod } from '../api/payment-methods';
import { AddPaymentMethod } from './add-payment-method';
import { MethodLine } from './method-list';

const LOAD_ERROR = 'Something went wrong while fetching data!';

/** Staff (the athlete page): the athlete's saved methods, read only. Says so when card payments are off. */
export function SavedMethodsCard({ athleteId }: { athleteId: string }) {
  const methods = useAthletePaymentMethods(athleteId);
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="saved-methods-title">
      <Title order={2} size="h5" id="saved-methods-title" mb="xs">
        Saved payment methods
      </Title>
      {methods.isError ? (
        <Alert color="red">{LOAD_ERROR}</Alert>
      ) : !methods.data ? (
        <Skeleton height={48} aria-busy="true" />
      ) : methods.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {methods.data.cardPaymentsEnabled
            ? 'None yet. The athlete adds a card or bank account from their app when paying an invoice.'
            : 'Card payments are not set up for this gym.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {methods.data.results.map((m) => (
            <li key={m.paymentMethodId}>
              <MethodLine method={m} />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The athlete's own saved methods (their account page or an invoice): remove one, add one. Hidden when card payments are off. */
export function MyPaymentMethods() {
  const methods = useMyPaymentMethods();
  const remove = useRemoveMethod();
  if (methods.isError) return <Alert color="red">{LOAD_ERROR}</Alert>;
  if (!methods.data) return <Skeleton height={80} aria-busy="true" />;
  if (!methods.data.cardPaymentsEnabled) return null;
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="my-methods-title">
      <Title order={2} size="h3" id="my-methods-title" mb="xs">
        Payment methods
      </Title>
      <Stack gap="xs">
        {methods.data.results.length === 0 && <Text size="sm">Save a card or bank account to pay your invoices here.</Text>}
        {methods.data.results.map((m) => (
          <Group key={m.paymentMethodId} justify="space-between" wrap="nowrap" align="center">
            <MethodLine method={m} />
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={`Remove ${paymentMethodLabel(m)}`}
              loading={remove.isPending && remove.variables === m.paymentMethodId}
              onClick={() => remove.mutate(m.paymentMethodId)}
            >
              Remove
            </Button>
          </Group>
        ))}
        <AddPaymentMethod compact={methods.data.results.length > 0} />
      </Stack>
    </Card>
  );
}
