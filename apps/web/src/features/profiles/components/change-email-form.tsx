import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changeEmailInputSchema, type ChangeEmailInput } from '@spotter/shared';
import { fieldRefusal } from '../../../lib/form-refusal';
import { useChangeEmail } from '../../auth';

type ChangeEmailFormProps = { onCancel: () => void; onSaved: () => void };

/** Spec 2.2 / 5: current email, new email, and the new email again. */
export function ChangeEmailForm({ onCancel, onSaved }: ChangeEmailFormProps) {
  const changeEmail = useChangeEmail();
  const form = useForm<ChangeEmailInput>({
    initialValues: { email: '', newEmail: '', reNewEmail: '' },
    validate: schemaResolver(changeEmailInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    // Issue 34: a refusal that names a field is shown on it; any other is the notification's.
    changeEmail.mutate(values, { onSuccess: onSaved, onError: (error) => form.setErrors(fieldRefusal(error, ['email', 'newEmail', 'reNewEmail'])) }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Current email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="New email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('newEmail')} />
        <TextInput label="Confirm new email" type="email" autoComplete="off" withAsterisk {...form.getInputProps('reNewEmail')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={changeEmail.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
