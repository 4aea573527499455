import { NumberInput, type NumberInputProps } from '@mantine/core';
import { amountWording, currencySymbol, type GymCountry } from '@spotter/shared';

type MoneyInputProps = Omit<NumberInputProps, 'leftSection' | 'description' | 'decimalScale' | 'min' | 'step'> & {
  country: GymCountry;
  isTaxInclusive: boolean;
  /** What the amount is for, in plain words, before the tax wording. */
  help?: string;
};

/**
 * Every money input (issue 23): the gym's currency symbol beside the amount and, under it, whether the amount includes
 * the tax, in the country's words (spec 9). Two decimals, step 0.01, never below 0.
 */
export function MoneyInput({ country, isTaxInclusive, help, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      {...props}
      leftSection={<span aria-hidden="true">{currencySymbol(country)}</span>}
      description={help ? `${help} ${amountWording(country, isTaxInclusive)}` : amountWording(country, isTaxInclusive)}
      min={0}
      step={0.01}
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      thousandSeparator=","
    />
  );
}
