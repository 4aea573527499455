import { useEffect } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { payRateKindLabels, payRateKinds, type GymCountry, type PayRate, type PayRateInput, type PayRateKind } from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { useSavePayRate } from '../api/payroll';
import { fieldRefusal } from '../../../lib/form-refusal';

type TierValues = { fromAthletes: number | string; amount: number | string };
export type PayRateValues = {
  name: string;
  kind: PayRateKind;
  amount: number | string;
  perAthlete: number | string;
  athleteThreshold: number | string;
  cap: number | string;
  tiers: TierValues[];
  percent: number | string;
};

/** The request's field names as the form names them. */
const formFields: Record<string, string> = { amountMinor: 'amount', perAthleteMinor: 'perAthlete', capMinor: 'cap', commissionBasisPoints: 'percent' };

const toMinor = (v: number | string) => (v === '' || v === null ? 0 : Math.round(Number(v) * 100));
const fromMinor = (minor: number) => minor / 100;

export const blankRate = (): PayRateValues => ({
  name: '',
  kind: 'class_flat',
  amount: '',
  perAthlete: '',
  athleteThreshold: '',
  cap: '',
  tiers: [
    { fromAthletes: 0, amount: '' },
    { fromAthletes: 5, amount: '' },
    { fromAthletes: 10, amount: '' },
  ],
  percent: '',
});

export function valuesOf(rate: PayRate): PayRateValues {
  return {
    name: rate.name,
    kind: rate.kind,
    amount: fromMinor(rate.amountMinor),
    perAthlete: rate.perAthleteMinor ? fromMinor(rate.perAthleteMinor) : '',
    athleteThreshold: rate.athleteThreshold || '',
    cap: rate.capMinor === null ? '' : fromMinor(rate.capMinor),
    tiers: rate.tiers.length ? rate.tiers.map((t) => ({ fromAthletes: t.fromAthletes, amount: fromMinor(t.amountMinor) })) : blankRate().tiers,
    percent: rate.commissionBasisPoints ? rate.commissionBasisPoints / 100 : '',
  };
}

/** The request a form's values stand for (money in minor units, the percentage in hundredths of a percent). */
export function inputOf(v: PayRateValues): PayRateInput {
  return {
    name: v.name.trim(),
    kind: v.kind,
    amountMinor: toMinor(v.amount),
    perAthleteMinor: toMinor(v.perAthlete),
    athleteThreshold: v.athleteThreshold === '' ? 0 : Number(v.athleteThreshold),
    capMinor: v.cap === '' ? null : toMinor(v.cap),
    tiers: v.tiers.map((t) => ({ fromAthletes: Number(t.fromAthletes || 0), amountMinor: toMinor(t.amount) })),
    commissionBasisPoints: v.percent === '' ? 0 : Math.round(Number(v.percent) * 100),
  };
}

const kindHelp: Record<PayRateKind, string> = {
  class_flat: 'A flat amount per class, optionally plus an amount per checked-in athlete above a threshold, optionally capped.',
  class_tiered: 'An amount per class that depends on how many athletes checked in: each tier applies from its number of athletes.',
  hourly: 'An amount per hour: for logged work, and for classes and appointments by their duration.',
  appointment_flat: 'A flat amount per appointment held.',
  commission: 'A percentage of what the staff member sold (packages and retail, before tax).',
};

/** Create or edit a pay rate. A rate already assigned keeps its amounts (the server says so on the form). */
export function PayRateForm({ opened, onClose, rate, country }: { opened: boolean; onClose: () => void; rate: PayRate | null; country: GymCountry }) {
  const save = useSavePayRate();
  const form = useForm<PayRateValues>({
    initialValues: blankRate(),
    validate: {
      name: (v) => (v.trim() === '' ? 'This field is required.' : v.trim().length > 100 ? 'Use at most 100 characters.' : null),
      amount: (v, all) => ((all.kind === 'class_flat' || all.kind === 'hourly' || all.kind === 'appointment_flat') && v === '' ? 'Enter the amount.' : null),
      percent: (v, all) => (all.kind === 'commission' && (v === '' || Number(v) <= 0 || Number(v) > 100) ? 'Enter a percentage above 0, at most 100.' : null),
    },
  });
  useEffect(() => {
    if (opened) {
      form.setValues(rate ? valuesOf(rate) : blankRate());
      form.resetDirty();
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rate]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { payRateId: rate?.payRateId ?? null, body: inputOf(values) },
      {
        onSuccess: onClose,
        onError: (error) => {
          // A refusal without fields (a rate in use) is the notification's.
          form.setErrors(fieldRefusal(error, Object.keys(form.values), formFields));
        },
      },
    ),
  );
  const kind = form.values.kind;
  const money = (label: string, key: string, help: string, required = false) => (
    <MoneyInput label={label} required={required} country={country} isTaxInclusive={false} help={help} {...form.getInputProps(key)} />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={rate ? 'Edit pay rate' : 'New pay rate'} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Kind"
            required
            allowDeselect={false}
            data={payRateKinds.map((k) => ({ value: k, label: payRateKindLabels[k] }))}
            description={kindHelp[kind]}
            {...form.getInputProps('kind')}
          />
          {rate?.inUse && (
            <Text size="sm" c="dimmed">
              This rate is assigned, so only its name can change: past pay never changes. To pay differently from a date, create a new rate and assign it from
              that date.
            </Text>
          )}
          {(kind === 'class_flat' || kind === 'appointment_flat') &&
            money(kind === 'class_flat' ? 'Amount per class' : 'Amount per appointment', 'amount', 'Paid for each one held.', true)}
          {kind === 'hourly' && money('Amount per hour', 'amount', 'Paid per hour, to the minute.', true)}
          {kind === 'class_flat' && (
            <>
              {money('Plus per athlete', 'perAthlete', 'For each checked-in athlete above the threshold (optional).')}
              <NumberInput
                label="Athlete threshold"
                min={0}
                max={1000}
                allowDecimal={false}
                allowNegative={false}
                description="Athletes above this number earn the amount per athlete."
                {...form.getInputProps('athleteThreshold')}
              />
              {money('Cap per class', 'cap', 'The most one class pays (optional).')}
            </>
          )}
          {kind === 'class_tiered' && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Tiers by attendance
              </Text>
              {form.values.tiers.map((_, i) => (
                <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
                  <NumberInput
                    label={`Tier ${i + 1}: from athletes`}
                    min={0}
                    max={1000}
                    allowDecimal={false}
                    allowNegative={false}
                    style={{ flex: 1 }}
                    disabled={i === 0}
                    {...form.getInputProps(`tiers.${i}.fromAthletes`)}
                  />
                  <div style={{ flex: 1 }}>{money(`Tier ${i + 1}: amount`, `tiers.${i}.amount`, '')}</div>
                  {i > 0 && (
                    <ActionIcon variant="subtle" color="red.9" aria-label={`Remove tier ${i + 1}`} onClick={() => form.removeListItem('tiers', i)} mb={26}>
                      ×
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {form.errors.tiers && (
                <Text size="sm" c="red.8" role="alert">
                  {form.errors.tiers}
                </Text>
              )}
              {form.values.tiers.length < 10 && (
                <Button variant="default" size="xs" w="fit-content" onClick={() => form.insertListItem('tiers', { fromAthletes: '', amount: '' })}>
                  Add tier
                </Button>
              )}
            </Stack>
          )}
          {kind === 'commission' && (
            <NumberInput
              label="Commission (%)"
              required
              min={0}
              max={100}
              decimalScale={2}
              allowNegative={false}
              description="Of what the staff member sold, before tax."
              rightSection={<span aria-hidden="true">%</span>}
              {...form.getInputProps('percent')}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {rate ? 'Save' : 'Create pay rate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
