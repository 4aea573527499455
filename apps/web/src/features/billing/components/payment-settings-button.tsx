import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import { billingMessages, DEFAULT_DUNNING_DAYS, MAX_DUNNING_DAY, MAX_DUNNING_RETRIES } from '@spotter/shared';
import { shownMessage } from '../../../lib/api-client';
import { usePaymentSettings, useUpdatePaymentSettings } from '../api/billing';

const DAY_OPTIONS = Array.from({ length: MAX_DUNNING_DAY }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1 day' : `${i + 1} days` }));

/** How a schedule reads: "1, 3 and 7 days after the first failed charge". */
export function scheduleWords(days: readonly number[]): string {
  if (days.length === 0) return 'No retries';
  const list = days.length === 1 ? String(days[0]) : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
  return `${list} ${days.length === 1 && days[0] === 1 ? 'day' : 'days'} after the first failed charge`;
}

/** The form's check, with the server's texts: 1 to 10 days (the field keeps them ascending and distinct). */
export function validateDunningDays(days: readonly number[]): string | null {
  if (days.length === 0 || days.length > MAX_DUNNING_RETRIES) return billingMessages.dunningCount;
  return null;
}

/**
 * Issue 19: "Payment settings" on the /invoices header (gym owners and staff with GymMutate): the days on which a
 * failed charge of a saved method is retried. Each retry emails the athlete; after the last the invoice stays past due.
 */
export function PaymentSettingsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Payment settings
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Payment settings" closeButtonProps={{ 'aria-label': 'Close' }}>
        {opened && <SettingsForm onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function SettingsForm({ onDone }: { onDone: () => void }) {
  const settings = usePaymentSettings(true);
  const save = useUpdatePaymentSettings();
  const [days, setDays] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (settings.isError)
    return (
      <Alert color="red" title="Error">
        The payment settings could not be loaded. Try again in a moment.
      </Alert>
    );
  if (!settings.data) return <Skeleton role="status" height={120} aria-busy="true" aria-label="Loading payment settings" />;
  const current = days ?? settings.data.dunningDays;
  const submit = () => {
    const problem = validateDunningDays(current);
    setError(problem);
    if (problem) return;
    setFailure(null);
    save.mutate({ dunningDays: current }, { onSuccess: onDone, onError: (e) => setFailure(shownMessage(e)) });
  };
  return (
    <Stack>
      <Text size="sm">
        When a charge of an athlete’s saved payment method fails, the invoice becomes past due and the charge is tried again on these days. The athlete is
        emailed each time. After the last retry the invoice stays past due for the front desk.
      </Text>
      <MultiSelect
        label="Retry failed charges after"
        description={`Up to ${MAX_DUNNING_RETRIES} days, counted from the first failed charge`}
        data={DAY_OPTIONS}
        value={current.map(String)}
        onChange={(values) => {
          setDays([...new Set(values.map(Number))].sort((a, b) => a - b));
          setError(null);
        }}
        maxValues={MAX_DUNNING_RETRIES}
        searchable
        hidePickedOptions
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm">{scheduleWords(current)}.</Text>
      {failure && (
        <Alert color="red" title="Could not save">
          {failure}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => setDays([...DEFAULT_DUNNING_DAYS])}>
          Use the default (1, 3 and 7 days)
        </Button>
        <Group>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
