import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { amountWording, type GymSettings } from '@spotter/shared';
import { useSaveGymSettings, useTaxRateChoices } from '../api/gym-settings';
import { SectionCard } from './section-card';

const NO_RATE = 'none';

/** Spec 9: whether prices include tax, and the rate classes are charged at unless a class type names another. */
export function TaxSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('tax');
  const rates = useTaxRateChoices();
  const [isTaxInclusive, setInclusive] = useState(settings.isTaxInclusive);
  const [rateId, setRateId] = useState<string>(settings.classTaxRate?.taxRateId ?? NO_RATE);
  const current = settings.classTaxRate;
  const choices = [
    { value: NO_RATE, label: 'No tax on classes' },
    ...(rates.data?.results ?? []).map((r) => ({ value: r.taxRateId, label: `${r.name} (${r.percent}%)` })),
  ];
  if (current && !choices.some((c) => c.value === current.taxRateId))
    choices.push({ value: current.taxRateId, label: `${current.name} (${current.percent}%)` });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { isTaxInclusive, classTaxRateId: rateId === NO_RATE ? null : rateId },
      {
        onSuccess: (answer) => {
          setInclusive(answer.isTaxInclusive);
          setRateId(answer.classTaxRate?.taxRateId ?? NO_RATE);
        },
      },
    );
  };

  return (
    <SectionCard id="tax" title="Tax" description="How prices are entered and shown, and the tax classes are charged.">
      <form noValidate onSubmit={submit} aria-label="Tax">
        <Stack gap="sm">
          <Switch
            label="Prices include tax"
            description={`Every price you enter is read that way: ${amountWording(settings.country, isTaxInclusive)}`}
            checked={isTaxInclusive}
            onChange={(e) => setInclusive(e.currentTarget.checked)}
          />
          {rates.isPending ? (
            <Skeleton role="status" height={60} aria-label="Loading tax rates" />
          ) : rates.isError ? (
            <Alert color="red" title="Error">
              The tax rates could not be loaded. Try again in a moment.
            </Alert>
          ) : (
            <Select
              label="Class tax rate"
              description={
                <>
                  Charged on class fees unless a class type chooses another rate. Rates are kept under{' '}
                  <Anchor component={Link} to="/products/tax-rates" size="xs" underline="always">
                    Tax Rates
                  </Anchor>
                  .
                </>
              }
              data={choices}
              value={rateId}
              onChange={(value) => setRateId(value ?? NO_RATE)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save tax
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
