import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  gymProfileSettingsInputSchema,
  isValidZipCode,
  regionsOf,
  ukCountiesByNation,
  zipCodeMessages,
  type GymCountry,
  type GymProfileSettingsInput,
  type GymSettings,
} from '@spotter/shared';
import { formatPhone, optionalPhoneErrorFor, PHONE_INPUT_MAX_LENGTH, phoneForSave } from '../../../lib/phone';
import { maskZipCode } from '../../../lib/zip-code';
import { ProfilePictureUpload } from '../../account';
import { gymSettingsKeys, useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';
import { fieldRefusal } from '../../../lib/form-refusal';

export type ProfileFormValues = {
  title: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; line3: string; locality: string; region: string; zipCode: string };
};

export function toProfileFormValues(s: GymSettings): ProfileFormValues {
  const [line1 = '', line2 = '', line3 = ''] = s.address.addressLines;
  return {
    title: s.title,
    email: s.email,
    phone: formatPhone(s.phone, s.country),
    address: { line1, line2, line3, locality: s.address.locality, region: s.address.region, zipCode: s.address.zipCode },
  };
}

export function toProfileInput(v: ProfileFormValues): GymProfileSettingsInput {
  return {
    title: v.title.trim(),
    email: v.email.trim(),
    phone: phoneForSave(v.phone),
    address: {
      addressLines: [v.address.line1, v.address.line2, v.address.line3].map((line) => line.trim()).filter(Boolean),
      locality: v.address.locality.trim(),
      region: v.address.region,
      zipCode: v.address.zipCode.trim().toUpperCase(),
    },
  };
}

/** The server's rules, read on the form's fields: the shared schema, the country's phone, region and postcode. */
export function validateProfile(v: ProfileFormValues, country: GymCountry): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = gymProfileSettingsInputSchema.safeParse(toProfileInput(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second, third] = issue.path.map(String);
      const key = first === 'address' && second === 'addressLines' ? `address.line${Number(third ?? 0) + 1}` : [first, second].filter(Boolean).join('.');
      errors[key] ??= issue.message;
    }
  }
  const phone = optionalPhoneErrorFor(v.phone, country);
  if (phone) errors.phone ??= phone;
  const zip = v.address.zipCode.trim();
  if (zip && !isValidZipCode(country, zip)) errors['address.zipCode'] ??= zipCodeMessages[country];
  return errors;
}

const REGION_LABEL: Record<GymCountry, string> = { US: 'State', CA: 'Province', GB: 'County' };
const ZIP_LABEL: Record<GymCountry, string> = { US: 'ZIP code', CA: 'Postal code', GB: 'Postcode' };

function regionOptions(country: GymCountry) {
  const none = { value: '', label: 'Choose a region' };
  if (country === 'GB') return [none, ...Object.entries(ukCountiesByNation).map(([nation, counties]) => ({ group: nation, items: [...counties] }))];
  return [none, ...regionsOf(country).map((region) => ({ value: region, label: region }))];
}

/** Spec 3 Gym: the name, contact details and address (the region and postcode of the gym's country), and the logo. */
export function ProfileSection({ settings }: { settings: GymSettings }) {
  const country = settings.country;
  const save = useSaveGymSettings('profile');
  const form = useForm<ProfileFormValues>({ initialValues: toProfileFormValues(settings), validate: (values) => validateProfile(values, country) });
  const submit = form.onSubmit((values) =>
    save.mutate(toProfileInput(values), {
      onSuccess: (answer) => form.setValues(toProfileFormValues(answer)),
      onError: (error) => {
        form.setErrors(fieldRefusal(error, Object.keys(form.values), (path) => path));
      },
    }),
  );
  return (
    <SectionCard id="profile" title="Profile" description="How the gym appears to members: on profile cards, receipts, documents and emails.">
      <ProfilePictureUpload
        name={settings.title}
        email={settings.email || null}
        pictureUrl={settings.profilePicture}
        target={{ kind: 'gym', gymId: settings.gymId }}
        ownerQueryKey={gymSettingsKeys.settings}
        noun="logo"
      />
      <form noValidate onSubmit={submit} aria-label="Gym profile">
        <Stack gap="sm">
          <TextInput label="Gym name" withAsterisk maxLength={100} autoComplete="organization" {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX_LENGTH}
              {...form.getInputProps('phone')}
              onBlur={() => {
                form.setFieldValue('phone', formatPhone(form.getValues().phone, country));
                form.validateField('phone');
              }}
            />
          </SimpleGrid>
          <TextInput label="Address line 1" autoComplete="address-line1" {...form.getInputProps('address.line1')} />
          <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address.line2')} />
          <TextInput label="Address line 3" autoComplete="address-line3" {...form.getInputProps('address.line3')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Town or city" autoComplete="address-level2" {...form.getInputProps('address.locality')} />
            <NativeSelect label={REGION_LABEL[country]} data={regionOptions(country)} {...form.getInputProps('address.region')} />
            <TextInput
              label={ZIP_LABEL[country]}
              autoComplete="postal-code"
              {...form.getInputProps('address.zipCode')}
              onChange={(event) => form.setFieldValue('address.zipCode', maskZipCode(country, event.currentTarget.value))}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
