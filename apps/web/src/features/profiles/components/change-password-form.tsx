import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordInputSchema, type ChangePasswordInput } from '@spotter/shared';
import { fieldRefusal } from '../../../lib/form-refusal';
import { useChangePassword } from '../../auth';

type ChangePasswordFormProps = { onCancel: () => void; onSaved: () => void };

/** Spec 2.2 / 5: current password, new password, and the new password again. */
export function ChangePasswordForm({ onCancel, onSaved }: ChangePasswordFormProps) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    initialValues: { password: '', newPassword: '', reNewPassword: '' },
    validate: schemaResolver(changePasswordInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    // Issue 34: a refusal that names a field is shown on it; any other is the notification's.
    changePassword.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => form.setErrors(fieldRefusal(error, ['password', 'newPassword', 'reNewPassword'])),
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <PasswordInput label="Current password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
        <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" withAsterisk {...form.getInputProps('reNewPassword')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={changePassword.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
