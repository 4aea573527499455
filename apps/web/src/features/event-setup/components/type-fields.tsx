import type { ReactNode } from 'react';
import { Fieldset, Group, NumberInput, Select, Text, Textarea, type NumberInputProps } from '@mantine/core';
import { typeColors, type TaxRate } from '@spotter/shared';
import { TypeSwatch } from './setup-parts';

/** Fields the class and appointment type forms share: a section, whole-number inputs, the colour and the tax rate. */

/** Help text under each setting, so that the boxes of a row line up whatever the length of their help. */
export const HELP_BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

export function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md" styles={{ legend: { fontWeight: 700 } }}>
      {children}
    </Fieldset>
  );
}

/** A whole number with its unit beside it (min, days, athletes) and what it does in plain words under it. */
export function WholeInput({ unit, ...props }: Omit<NumberInputProps, 'decimalScale' | 'allowDecimal' | 'allowNegative'> & { unit?: string }) {
  return (
    <NumberInput
      inputWrapperOrder={HELP_BELOW}
      {...props}
      allowDecimal={false}
      allowNegative={false}
      min={0}
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed" aria-hidden="true">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(40, unit.length * 8 + 16) : undefined}
      rightSectionPointerEvents="none"
    />
  );
}

const colorName = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export function ColorField(props: { value: string; onChange: (value: string) => void; error?: ReactNode; description?: string }) {
  return (
    <Select
      inputWrapperOrder={HELP_BELOW}
      label="Colour"
      description={props.description}
      data={typeColors.map((c) => ({ value: c, label: colorName(c) }))}
      value={props.value}
      onChange={(value) => value && props.onChange(value)}
      error={props.error}
      allowDeselect={false}
      leftSection={<TypeSwatch color={props.value} />}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          <TypeSwatch color={option.value} />
          <span>{option.label}</span>
        </Group>
      )}
    />
  );
}

/** The tax on the fees: the gym's class tax rate (GYM_TAX_RATE here) unless another of its rates is chosen. */
export const GYM_TAX_RATE = 'gym';

export function TaxRateField(props: {
  value: string;
  onChange: (value: string) => void;
  rates: TaxRate[];
  gymRateName: string | null;
  current: TaxRate | null;
  error?: ReactNode;
  description: string;
  disabled?: boolean;
}) {
  const rates = props.current && !props.rates.some((r) => r.taxRateId === props.current!.taxRateId) ? [...props.rates, props.current] : props.rates;
  const data = [
    { value: GYM_TAX_RATE, label: props.gymRateName ? `Gym's class tax rate (${props.gymRateName})` : "Gym's class tax rate (none set)" },
    ...rates.map((r) => ({ value: r.taxRateId, label: `${r.name} (${r.percent}%)` })),
  ];
  return (
    <Select
      inputWrapperOrder={HELP_BELOW}
      label="Tax rate"
      description={props.description}
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value ?? GYM_TAX_RATE)}
      allowDeselect={false}
      error={props.error}
      disabled={props.disabled}
    />
  );
}

export function DescriptionField(props: { value: string; onChange: (value: string) => void; error?: ReactNode; description: string }) {
  return (
    <Textarea
      inputWrapperOrder={HELP_BELOW}
      label="Description"
      description={props.description}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      autosize
      minRows={2}
      maxRows={6}
      maxLength={2000}
    />
  );
}
