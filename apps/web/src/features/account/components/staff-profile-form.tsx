import type { ReactNode } from 'react';
import { Checkbox, Divider, NativeSelect, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { genders, type Staff, type UpdateStaffSelfInput } from '@spotter/shared';
import { formatPhone, optionalPhoneError, PHONE_INPUT_MAX_LENGTH, phoneForSave } from '../../../lib/phone';
import { AddressFields, toAddressFormValues, toAddressInput, type AddressFormValues } from './address-fields';
import { dobError, emailError, optionalNameError, requiredNameError, today, zipCodeError } from './account-form-rules';
import { FormActions } from './panel-states';
import { fieldRefusal } from '../../../lib/form-refusal';

export type StaffFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
  isCoach: boolean;
  address: AddressFormValues;
  emergencyName: string;
  emergencyPhone: string;
  medicalNotes: string;
};

export { asCountry } from './address-fields';

export function toStaffFormValues(staff: Staff): StaffFormValues {
  return {
    firstName: staff.firstName,
    lastName: staff.lastName,
    email: staff.email,
    phone: formatPhone(staff.phone),
    dob: staff.dob ?? '',
    gender: staff.gender ?? '',
    isCoach: staff.isCoach,
    address: toAddressFormValues(staff.address),
    emergencyName: staff.emergencyName,
    emergencyPhone: formatPhone(staff.emergencyPhone),
    medicalNotes: staff.medicalNotes,
  };
}

/**
 * Spec 5: phones as '' or digits, the zip code upper-cased; only an owner sends the coach flag; the email only where it
 * may be changed here (a colleague's invite not yet accepted).
 */
export function toStaffUpdate(values: StaffFormValues, canEditCoach: boolean, canEditEmail = false): UpdateStaffSelfInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phoneForSave(values.phone),
    dob: values.dob || null,
    gender: (genders as readonly string[]).includes(values.gender) ? (values.gender as UpdateStaffSelfInput['gender']) : null,
    address: toAddressInput(values.address),
    emergencyName: values.emergencyName.trim(),
    emergencyPhone: phoneForSave(values.emergencyPhone),
    medicalNotes: values.medicalNotes,
    ...(canEditCoach ? { isCoach: values.isCoach } : {}),
    ...(canEditEmail ? { email: values.email.trim() } : {}),
  };
}

export function validateStaffForm(values: StaffFormValues, canEditEmail = false): Record<string, string> {
  const errors: Record<string, string | null> = {
    email: canEditEmail ? emailError(values.email) : null,
    firstName: requiredNameError(values.firstName),
    lastName: requiredNameError(values.lastName),
    phone: optionalPhoneError(values.phone),
    dob: dobError(values.dob),
    'address.zipCode': zipCodeError(values.address.country, values.address.zipCode),
    emergencyName: optionalNameError(values.emergencyName),
    emergencyPhone: optionalPhoneError(values.emergencyPhone),
  };
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== null));
}

const genderOptions = [{ value: '', label: 'Not specified' }, ...genders.map((gender) => ({ value: gender, label: gender }))];

type StaffProfileFormProps = {
  staff: Staff;
  /** Spec 6: only an owner sees and changes the coach flag. */
  canEditCoach: boolean;
  /** The email: changed here only for a colleague's invite not yet accepted; else through Edit Login (spec 5). */
  email: { isEditable: boolean; description: string };
  isSaving: boolean;
  /** Saves; a refusal's field messages go back onto the form's fields. */
  onSave: (input: UpdateStaffSelfInput, onFieldErrors: (fields: Record<string, string>) => void) => void;
  onCancel: () => void;
  label: string;
  /** Below the coach flag: why it is not there, say. */
  coachNote?: ReactNode;
};

/** Spec 3 staff fields with spec 5's rules: the own account panel and the staff screen's colleague edit. */
export function StaffProfileForm({ staff, canEditCoach, email, isSaving, onSave, onCancel, label, coachNote }: StaffProfileFormProps) {
  const form = useForm<StaffFormValues>({ initialValues: toStaffFormValues(staff), validate: (values) => validateStaffForm(values, email.isEditable) });

  const submit = form.onSubmit((values) => onSave(toStaffUpdate(values, canEditCoach, email.isEditable), (fields) => form.setErrors(fields)));

  const phoneProps = (path: 'phone' | 'emergencyPhone') => ({
    ...form.getInputProps(path),
    type: 'tel',
    maxLength: PHONE_INPUT_MAX_LENGTH,
    onBlur: () => {
      form.setFieldValue(path, formatPhone(form.getValues()[path]));
      form.validateField(path);
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        {email.isEditable ? (
          <TextInput label="Email" type="email" withAsterisk autoComplete="off" description={email.description} {...form.getInputProps('email')} />
        ) : (
          <TextInput label="Email" value={staff.email} disabled description={email.description} />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Phone" autoComplete="tel" {...phoneProps('phone')} />
          <TextInput label="Date of birth" type="date" max={today()} {...form.getInputProps('dob')} />
        </SimpleGrid>
        <NativeSelect label="Gender" data={genderOptions} {...form.getInputProps('gender')} />
        {canEditCoach && <Checkbox label="Coach" mt="xs" {...form.getInputProps('isCoach', { type: 'checkbox' })} />}
        {coachNote}

        <AddressFields form={form} autofill />

        <Divider mt="sm" />
        <Title order={3} size="h5">
          Emergency contact
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Emergency contact name" {...form.getInputProps('emergencyName')} />
          <TextInput label="Emergency contact phone" {...phoneProps('emergencyPhone')} />
        </SimpleGrid>
        <Textarea label="Medical notes" autosize minRows={2} maxRows={6} maxLength={5000} {...form.getInputProps('medicalNotes')} />
        <FormActions onCancel={onCancel} isSaving={isSaving} />
      </Stack>
    </form>
  );
}

const STAFF_FORM_FIELDS: readonly (keyof StaffFormValues)[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dob',
  'gender',
  'isCoach',
  'address',
  'emergencyName',
  'emergencyPhone',
  'medicalNotes',
];

/** A save's failure onto the form: the server's field messages on the fields they name (paths kept: address.locality). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return fieldRefusal(error, STAFF_FORM_FIELDS, (path) => path);
}
