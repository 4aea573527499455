import { Divider, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { countryNames, gymCountries, regionsOf, ukCountiesByNation, type Address, type GymCountry } from '@spotter/shared';
import { maskZipCode } from '../../../lib/zip-code';

/** The address as a form holds it: two lines, and '' for a country not chosen. */
export type AddressFormValues = { line1: string; line2: string; locality: string; region: string; zipCode: string; country: GymCountry | '' };

/** An address as records carry it (the country a plain string). */
type StoredAddress = { addressLines: string[]; locality: string; region: string; zipCode: string; country: string };

export const asCountry = (value: string): GymCountry | '' => ((gymCountries as readonly string[]).includes(value) ? (value as GymCountry) : '');

/** A stored address as the form's values; `fallbackCountry` when there is none (a new record takes the gym's). */
export function toAddressFormValues(address: StoredAddress | null | undefined, fallbackCountry: GymCountry | '' = ''): AddressFormValues {
  if (!address) return { line1: '', line2: '', locality: '', region: '', zipCode: '', country: fallbackCountry };
  return {
    line1: address.addressLines[0] ?? '',
    line2: address.addressLines[1] ?? '',
    locality: address.locality,
    region: address.region,
    zipCode: address.zipCode,
    country: asCountry(address.country),
  };
}

/** What the server takes: blank lines dropped, the zip code upper-cased (spec 5). */
export function toAddressInput(values: AddressFormValues): Address {
  return {
    addressLines: [values.line1, values.line2].map((line) => line.trim()).filter(Boolean),
    locality: values.locality.trim(),
    region: values.region,
    zipCode: values.zipCode.trim().toUpperCase(),
    country: values.country,
  };
}

const countryOptions = [{ value: '', label: 'Choose a country' }, ...gymCountries.map((code) => ({ value: code, label: countryNames[code] }))];
const ZIP_LABEL: Record<GymCountry | '', string> = { US: 'ZIP code', CA: 'Postal code', GB: 'Postcode', '': 'ZIP / postal code' };
const REGION_LABEL: Record<GymCountry | '', string> = { US: 'State', CA: 'Province', GB: 'County', '': 'Region' };

/** Spec 3: regions of the chosen country, the UK's counties grouped by nation. */
function regionOptions(country: GymCountry | '') {
  const none = { value: '', label: country ? 'Choose a region' : 'Choose a country first' };
  if (country === 'GB') return [none, ...Object.entries(ukCountiesByNation).map(([nation, counties]) => ({ group: nation, items: [...counties] }))];
  return [none, ...regionsOf(country).map((region) => ({ value: region, label: region }))];
}

type AddressFieldsProps<T extends { address: AddressFormValues }> = {
  form: UseFormReturnType<T>;
  /** The browser's own autofill (a person's own profile), or none (someone else's record: staff type a member's address). */
  autofill?: boolean;
};

/**
 * Spec 3's address with spec 5's rules, for any form whose values hold an `address`: the country first (changing it
 * clears region and zip code), the regions of that country, the zip code masked as typed.
 */
export function AddressFields<T extends { address: AddressFormValues }>({ form, autofill = false }: AddressFieldsProps<T>) {
  // Mantine's paths are typed by the form's values; this one form shape is known to hold `address`.
  const f = form as unknown as UseFormReturnType<{ address: AddressFormValues }>;
  const country = f.values.address.country;
  const auto = (token: string) => (autofill ? token : 'off');
  return (
    <>
      <Divider mt="xs" />
      <Title order={3} size="h5">
        Address
      </Title>
      <NativeSelect
        label="Country"
        data={countryOptions}
        autoComplete={auto('country')}
        {...f.getInputProps('address.country')}
        onChange={(event) => {
          // Spec 5: changing country clears region and zip code.
          f.setFieldValue('address.country', asCountry(event.currentTarget.value));
          f.setFieldValue('address.region', '');
          f.setFieldValue('address.zipCode', '');
          f.clearFieldError('address.zipCode');
        }}
      />
      <TextInput label="Address line 1" autoComplete={auto('address-line1')} {...f.getInputProps('address.line1')} />
      <TextInput label="Address line 2" autoComplete={auto('address-line2')} {...f.getInputProps('address.line2')} />
      <TextInput label="City" autoComplete={auto('address-level2')} {...f.getInputProps('address.locality')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect label={REGION_LABEL[country]} data={regionOptions(country)} disabled={!country} {...f.getInputProps('address.region')} />
        <TextInput
          label={ZIP_LABEL[country]}
          autoComplete={auto('postal-code')}
          disabled={!country}
          {...f.getInputProps('address.zipCode')}
          onChange={(event) => f.setFieldValue('address.zipCode', maskZipCode(country, event.currentTarget.value))}
        />
      </SimpleGrid>
    </>
  );
}
