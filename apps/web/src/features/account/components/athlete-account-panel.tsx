import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { genders, type Athlete, type UpdateAthleteInput } from '@spotter/shared';
import { formatPhone, optionalPhoneError, PHONE_INPUT_MAX_LENGTH, phoneForSave } from '../../../lib/phone';
import { athleteQueryKey, useAthlete } from '../api/get-athlete';
import { useUpdateAthlete } from '../api/update-athlete';
import { dobError, formatDob, requiredNameError, today } from './account-form-rules';
import { EditableAccount, FormActions, PanelError, PanelLoader } from './panel-states';
import { ProfilePictureUpload } from './profile-picture-upload';
import { fieldRefusal } from '../../../lib/form-refusal';

type AthleteFormValues = { firstName: string; lastName: string; phone: string; dob: string; gender: string };

const genderOptions = [{ value: '', label: 'Not specified' }, ...genders.map((gender) => ({ value: gender, label: gender }))];

export function toAthleteUpdate(values: AthleteFormValues): UpdateAthleteInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phoneForSave(values.phone),
    dob: values.dob || null,
    gender: (genders as readonly string[]).includes(values.gender) ? (values.gender as UpdateAthleteInput['gender']) : null,
  };
}

function AthleteAccountForm({ athlete, onDone }: { athlete: Athlete; onDone: () => void }) {
  const update = useUpdateAthlete(athlete.athleteId);
  const form = useForm<AthleteFormValues>({
    initialValues: {
      firstName: athlete.firstName,
      lastName: athlete.lastName,
      phone: formatPhone(athlete.phone),
      dob: athlete.dob ?? '',
      gender: athlete.gender ?? '',
    },
    validate: { firstName: requiredNameError, lastName: requiredNameError, phone: optionalPhoneError, dob: (value) => dobError(value) },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(toAthleteUpdate(values), {
      onSuccess: onDone,
      onError: (error) => form.setErrors(fieldRefusal(error, Object.keys(form.values), (path) => path)),
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Edit account details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        {athlete.email && (
          <TextInput label="Email" value={athlete.email} disabled description="To change your email, use Edit Login on the profile selection page." />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            {...form.getInputProps('phone')}
            onBlur={() => {
              form.setFieldValue('phone', formatPhone(form.getValues().phone));
              form.validateField('phone');
            }}
          />
          <TextInput label="Birthday" type="date" max={today()} {...form.getInputProps('dob')} />
        </SimpleGrid>
        <NativeSelect label="Gender" data={genderOptions} {...form.getInputProps('gender')} />
        <FormActions onCancel={onDone} isSaving={update.isPending} />
      </Stack>
    </form>
  );
}

/** Our athlete panel (spec 2.13 leaves it open): name, phone, birthday and gender, with the staff panel's rules. */
export function AthleteAccountPanel({ athleteId }: { athleteId: string }) {
  const query = useAthlete(athleteId);
  if (query.isPending) return <PanelLoader />;
  if (query.isError) return <PanelError />;
  const athlete = query.data;
  return (
    <EditableAccount
      picture={
        <ProfilePictureUpload
          name={athlete.fullName}
          email={athlete.email}
          pictureUrl={athlete.profilePicture}
          target={{ kind: 'athlete', athleteId: athlete.athleteId }}
          ownerQueryKey={athleteQueryKey(athlete.athleteId)}
        />
      }
      items={[
        { label: 'First name', value: athlete.firstName },
        { label: 'Last name', value: athlete.lastName },
        ...(athlete.email ? [{ label: 'Email', value: athlete.email }] : []),
        { label: 'Phone', value: formatPhone(athlete.phone) },
        { label: 'Birthday', value: formatDob(athlete.dob) },
        { label: 'Gender', value: athlete.gender ?? '' },
      ]}
      form={(done) => <AthleteAccountForm athlete={athlete} onDone={done} />}
    />
  );
}
