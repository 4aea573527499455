import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSearchTerm } from '../../../lib/search-term';
import { amountBreakdown, localeOf, MAX_PRICE_MINOR, type EventKind, type GymCountry, type KioskAthlete } from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { useEventSettings, useTaxRates, type EventSettings } from '../../events';
import {
  chargePayload,
  chargeTitles,
  clampChargeDate,
  initialChargeValues,
  normaliseFee,
  useUpdateReservation,
  withChargeNow,
  withWaiveFee,
  type ChargeKind,
} from '../../reservations';
import { FETCH_FAILED_MESSAGE } from './kiosk-context-gate';

type ChargeDialogProps = {
  chargeKind: ChargeKind;
  athlete: KioskAthlete;
  eventId: string;
  eventKind: EventKind;
  today: string;
  country: GymCountry;
  isTaxInclusive: boolean;
  onClose: () => void;
};

/** Spec 2.12 / 5: Mark Late Cancel or Mark No Show with Charge Now, collection date, fee, Waive Fee and tax rate. */
export function ChargeDialog(props: ChargeDialogProps) {
  const settings = useEventSettings(props.eventId, props.eventKind);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`${chargeTitles[props.chargeKind]}: ${props.athlete.fullName}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="md"
    >
      {settings.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : settings.data ? (
        <ChargeForm {...props} settings={settings.data} />
      ) : (
        <Stack>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={42} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

function ChargeForm({
  chargeKind,
  athlete,
  eventId,
  eventKind,
  today,
  country,
  isTaxInclusive,
  onClose,
  settings,
}: ChargeDialogProps & { settings: EventSettings }) {
  const [values, setValues] = useState(() => initialChargeValues(chargeKind, settings.fees, settings.taxRate?.taxRateId ?? null, today));
  const defaultFee = initialChargeValues(chargeKind, settings.fees, null, today).fee;
  const [taxSearch, setTaxSearch] = useState(settings.taxRate?.name ?? '');
  const [knownRates, setKnownRates] = useState(() => (settings.taxRate ? [settings.taxRate] : []));
  const selectedName = knownRates.find((r) => r.taxRateId === values.taxRate)?.name;
  // The shown name of the chosen rate is not a search: list every rate then.
  const debouncedSearch = useSearchTerm(taxSearch === selectedName ? '' : taxSearch);
  const taxRates = useTaxRates(debouncedSearch);
  const update = useUpdateReservation(eventId, eventKind);

  const rates = [...(taxRates.data?.results ?? [])];
  for (const rate of knownRates) if (!rates.some((r) => r.taxRateId === rate.taxRateId)) rates.push(rate);
  // The chosen rate's percent: from the searched list, else the class's default rate (which carries its percent).
  const selectedRate = rates.find((r) => r.taxRateId === values.taxRate && r.percent !== '');
  const deduction = chargeKind === 'lateCancel' ? settings.fees.cancellationCreditDeduction : settings.fees.noShowCreditDeduction;

  const submit = () =>
    update.mutate(
      { reservationId: athlete.reservationId!, athleteId: athlete.athleteId, input: chargePayload(chargeKind, values, today) },
      { onSuccess: onClose },
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Switch
          size="md"
          label="Charge Now"
          checked={values.chargeNow}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setValues((v) => withChargeNow(v, on, today));
          }}
        />
        <DatePickerInput
          label="Collection date"
          size="md"
          value={values.chargeDate}
          minDate={today}
          disabled={values.chargeNow}
          valueFormat={localeOf(country).dateFormat}
          firstDayOfWeek={localeOf(country).firstDayOfWeek}
          onChange={(date) => setValues((v) => ({ ...v, chargeDate: clampChargeDate(date, today) }))}
        />
        <MoneyInput
          label="Fee"
          size="md"
          country={country}
          isTaxInclusive={isTaxInclusive}
          value={values.fee}
          max={MAX_PRICE_MINOR / 100}
          disabled={values.waiveFee}
          onChange={(fee) => setValues((v) => ({ ...v, fee: normaliseFee(fee) }))}
        />
        <Switch
          size="md"
          label="Waive Fee"
          checked={values.waiveFee}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setValues((v) => withWaiveFee(v, on, defaultFee));
          }}
        />
        <Select
          label="Tax rate"
          size="md"
          placeholder="No tax"
          searchable
          clearable
          data={rates.map((r) => ({ value: r.taxRateId, label: r.name }))}
          value={values.taxRate}
          searchValue={taxSearch}
          onSearchChange={setTaxSearch}
          onChange={(taxRate, option) => {
            if (taxRate && option)
              setKnownRates((known) => [...known.filter((r) => r.taxRateId !== taxRate), { taxRateId: taxRate, name: option.label, percent: '' }]);
            setValues((v) => ({ ...v, taxRate }));
          }}
          nothingFoundMessage={taxRates.isFetching ? 'Searching…' : 'No tax rates found'}
          filter={({ options }) => options}
        />
        <Text size="sm" aria-live="polite" data-testid="charge-breakdown">
          {amountBreakdown(Math.round(normaliseFee(values.waiveFee ? 0 : values.fee) * 100), Number(selectedRate?.percent || 0), country, isTaxInclusive)}
        </Text>
        <Checkbox
          size="md"
          label={deduction > 0 ? `Deduct credit (${deduction})` : 'Deduct credit'}
          checked={values.deductCredit}
          onChange={(e) => {
            const deductCredit = e.currentTarget.checked;
            setValues((v) => ({ ...v, deductCredit }));
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={update.isPending}>
            {chargeTitles[chargeKind]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
