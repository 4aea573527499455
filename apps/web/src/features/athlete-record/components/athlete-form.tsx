import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { countryNames, gymCountries, genders, isValidEmail, messages, regionsOf, ukCountiesByNation, type AthleteInput, type AthleteRecord, type GymCountry } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { formatPhone, optionalPhoneErrorFor, PHONE_INPUT_MAX_LENGTH, phoneCountry } from '../../../lib/phone';
import { maskZipCode } from '../../../lib/zip-code';
import { dobError, firstFieldErrors, optionalNameError, requiredNameError, today, zipCodeError } from '../../account';

export type AthleteFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
  address: { line1: string; line2: string; locality: string; region: string; zipCode: string; country: GymCountry | '' };
  emergencyName: string;
  emergencyPhone: string;
  medicalNotes: string;
  sendInvitation: boolean;
};

const asCountry = (value: string): GymCountry | '' => ((gymCountries as readonly string[]).includes(value) ? (value as GymCountry) : '');

/** The form's values of a record (phones formatted for the gym's country), or empty ones for a new athlete. */
export function toFormValues(a: AthleteRecord | null, gymCountry: GymCountry): AthleteFormValues {
  const phone = (value: string) => formatPhone(value, phoneCountry(gymCountry));
  return {
    firstName: a?.firstName ?? '',
    lastName: a?.lastName ?? '',
    email: a?.email ?? '',
    phone: phone(a?.phone ?? ''),
    dob: a?.dob ?? '',
    gender: a?.gender ?? '',
    address: {
      line1: a?.address.addressLines[0] ?? '',
      line2: a?.address.addressLines[1] ?? '',
      locality: a?.address.locality ?? '',
      region: a?.address.region ?? '',
      zipCode: a?.address.zipCode ?? '',
      country: a ? asCountry(a.address.country) : gymCountry,
    },
    emergencyName: a?.emergencyName ?? '',
    emergencyPhone: phone(a?.emergencyPhone ?? ''),
    medicalNotes: a?.medicalNotes ?? '',
    sendInvitation: true,
  };
}

/** What the server takes (it parses the phones for the gym's country itself: parseAthleteInput). */
export function toAthleteInput(v: AthleteFormValues): AthleteInput {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    dob: v.dob || null,
    gender: (genders as readonly string[]).includes(v.gender) ? (v.gender as AthleteInput['gender']) : null,
    address: {
      addressLines: [v.address.line1.trim(), v.address.line2.trim()].filter(Boolean),
      locality: v.address.locality.trim(),
      region: v.address.region,
      zipCode: v.address.zipCode.trim().toUpperCase(),
      country: v.address.country,
    },
    emergencyName: v.emergencyName.trim(),
    emergencyPhone: v.emergencyPhone.trim(),
    medicalNotes: v.medicalNotes,
  };
}

/** Spec 5's rules, checked as typed (the server checks them again: parseAthleteInput). */
export function validateAthleteForm(v: AthleteFormValues, gymCountry: GymCountry, now = today()): Record<string, string | null> {
  const country = phoneCountry(gymCountry);
  return {
    firstName: requiredNameError(v.firstName),
    lastName: requiredNameError(v.lastName),
    email: v.email.trim() && !isValidEmail(v.email.trim()) ? messages.emailInvalid : null,
    phone: optionalPhoneErrorFor(v.phone, country),
    dob: dobError(v.dob, now),
    'address.zipCode': zipCodeError(v.address.country, v.address.zipCode),
    emergencyName: optionalNameError(v.emergencyName),
    emergencyPhone: optionalPhoneErrorFor(v.emergencyPhone, country),
  };
}

const genderOptions = [{ value: '', label: 'Not specified' }, ...genders.map((gender) => ({ value: gender, label: gender }))];
const countryOptions = [{ value: '', label: 'Choose a country' }, ...gymCountries.map((code) => ({ value: code, label: countryNames[code] }))];
const ZIP_LABEL: Record<GymCountry | '', string> = { US: 'ZIP code', CA: 'Postal code', GB: 'Postcode', '': 'ZIP / postal code' };
const REGION_LABEL: Record<GymCountry | '', string> = { US: 'State', CA: 'Province', GB: 'County', '': 'Region' };

function regionOptions(country: GymCountry | '') {
  const none = { value: '', label: country ? 'Choose a region' : 'Choose a country first' };
  if (country === 'GB') return [none, ...Object.entries(ukCountiesByNation).map(([nation, counties]) => ({ group: nation, items: [...counties] }))];
  return [none, ...regionsOf(country).map((region) => ({ value: region, label: region }))];
}

type AthleteFormProps = {
  record: AthleteRecord | null;
  gymCountry: GymCountry;
  isSaving: boolean;
  submitLabel: string;
  /** Saves the input; a rejection with field errors puts them on the fields. */
  onSubmit: (input: AthleteInput, values: AthleteFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Shown for a new athlete: send an account invitation. */
  withInvitation?: boolean;
  header?: ReactNode;
};

/** The athlete's fields (issue 17): names, contact, birthday, gender, address with spec 5's rules, emergency contact, medical notes. */
export function AthleteForm({ record, gymCountry, isSaving, submitLabel, onSubmit, onCancel, withInvitation, header }: AthleteFormProps) {
  const form = useForm<AthleteFormValues>({ initialValues: toFormValues(record, gymCountry), validate: (values) => validateAthleteForm(values, gymCountry) });
  const country = form.values.address.country;
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toAthleteInput(values), values);
    } catch (error) {
      if (isApiError(error)) form.setErrors(firstFieldErrors(error.fields));
    }
  });
  const phoneProps = (path: 'phone' | 'emergencyPhone') => ({
    ...form.getInputProps(path),
    type: 'tel',
    maxLength: PHONE_INPUT_MAX_LENGTH,
    onBlur: () => {
      form.setFieldValue(path, formatPhone(form.getValues()[path], phoneCountry(gymCountry)));
      form.validateField(path);
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label={record ? 'Edit athlete' : 'New athlete'}>
      <Stack gap="sm">
        {header}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Phone" autoComplete="off" {...phoneProps('phone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Date of birth" type="date" max={today()} {...form.getInputProps('dob')} />
          <NativeSelect label="Gender" data={genderOptions} {...form.getInputProps('gender')} />
        </SimpleGrid>
        {withInvitation && (
          <Checkbox
            label="Send an account invitation"
            description="The athlete gets an email to set a password (only when an email is given)."
            {...form.getInputProps('sendInvitation', { type: 'checkbox' })}
          />
        )}

        <Divider mt="xs" />
        <Title order={3} size="h5">
          Address
        </Title>
        <NativeSelect
          label="Country"
          data={countryOptions}
          {...form.getInputProps('address.country')}
          onChange={(event) => {
            // Spec 5: changing country clears region and zip code.
            form.setFieldValue('address.country', asCountry(event.currentTarget.value));
            form.setFieldValue('address.region', '');
            form.setFieldValue('address.zipCode', '');
            form.clearFieldError('address.zipCode');
          }}
        />
        <TextInput label="Address line 1" autoComplete="off" {...form.getInputProps('address.line1')} />
        <TextInput label="Address line 2" autoComplete="off" {...form.getInputProps('address.line2')} />
        <TextInput label="City" autoComplete="off" {...form.getInputProps('address.locality')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect label={REGION_LABEL[country]} data={regionOptions(country)} disabled={!country} {...form.getInputProps('address.region')} />
          <TextInput
            label={ZIP_LABEL[country]}
            autoComplete="off"
            disabled={!country}
            {...form.getInputProps('address.zipCode')}
            onChange={(event) => form.setFieldValue('address.zipCode', maskZipCode(country, event.currentTarget.value))}
          />
        </SimpleGrid>

        <Divider mt="xs" />
        <Title order={3} size="h5">
          Emergency contact and health
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Emergency contact name" {...form.getInputProps('emergencyName')} />
          <TextInput label="Emergency contact phone" {...phoneProps('emergencyPhone')} />
        </SimpleGrid>
        <Textarea label="Medical notes" autosize minRows={2} maxRows={6} maxLength={5000} {...form.getInputProps('medicalNotes')} />
        <Group justify="flex-end" mt="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
