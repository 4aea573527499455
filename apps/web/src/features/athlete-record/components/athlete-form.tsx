import type { ReactNode } from 'react';
import { Button, Checkbox, Divider, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { genders, isValidEmail, messages, type AthleteInput, type AthleteRecord, type GymCountry } from '@spotter/shared';
import { formatPhone, optionalPhoneErrorFor, PHONE_INPUT_MAX_LENGTH, phoneCountry } from '../../../lib/phone';
import {
  AddressFields,
  dobError,
  optionalNameError,
  requiredNameError,
  toAddressFormValues,
  toAddressInput,
  today,
  zipCodeError,
  type AddressFormValues,
} from '../../account';
import { fieldRefusal } from '../../../lib/form-refusal';

export type AthleteFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
  address: AddressFormValues;
  emergencyName: string;
  emergencyPhone: string;
  medicalNotes: string;
  sendInvitation: boolean;
};

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
    address: toAddressFormValues(a?.address, gymCountry),
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
    address: toAddressInput(v.address),
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
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toAthleteInput(values), values);
    } catch (error) {
      form.setErrors(fieldRefusal(error, Object.keys(form.values), (path) => path));
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

        <AddressFields form={form} />

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
