import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { KiloStaff } from '@spotter/shared';
import { kiloStaffSelfQueryKey, useKiloStaffSelf } from '../api/get-kilo-staff-self';
import { useUpdateKiloStaffSelf } from '../api/update-kilo-staff-self';
import { requiredNameError } from './account-form-rules';
import { EditableAccount, FormActions, PanelError, PanelLoader } from './panel-states';
import { ProfilePictureUpload } from './profile-picture-upload';
import { fieldRefusal } from '../../../lib/form-refusal';

type KiloStaffFormValues = { firstName: string; lastName: string };

function KiloStaffAccountForm({ kiloStaff, onDone }: { kiloStaff: KiloStaff; onDone: () => void }) {
  const update = useUpdateKiloStaffSelf();
  const form = useForm<KiloStaffFormValues>({
    initialValues: { firstName: kiloStaff.firstName, lastName: kiloStaff.lastName },
    validate: { firstName: requiredNameError, lastName: requiredNameError },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      { onSuccess: onDone, onError: (error) => form.setErrors(fieldRefusal(error, Object.keys(form.values))) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Edit account details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" value={kiloStaff.email} disabled description="To change your email, use Edit Login on the profile selection page." />
        <FormActions onCancel={onDone} isSaving={update.isPending} />
      </Stack>
    </form>
  );
}

/** Spec 6: platform staff edit their name; the email is not editable here. */
export function KiloStaffAccountPanel() {
  const query = useKiloStaffSelf();
  if (query.isPending) return <PanelLoader />;
  if (query.isError) return <PanelError />;
  const kiloStaff = query.data;
  return (
    <EditableAccount
      picture={
        <ProfilePictureUpload
          name={kiloStaff.fullName}
          email={kiloStaff.email}
          pictureUrl={kiloStaff.profilePicture}
          target={{ kind: 'kilo-staff', kiloStaffId: kiloStaff.kiloStaffId }}
          ownerQueryKey={kiloStaffSelfQueryKey}
        />
      }
      items={[
        { label: 'First name', value: kiloStaff.firstName },
        { label: 'Last name', value: kiloStaff.lastName },
        { label: 'Email', value: kiloStaff.email },
      ]}
      form={(done) => <KiloStaffAccountForm kiloStaff={kiloStaff} onDone={done} />}
    />
  );
}
