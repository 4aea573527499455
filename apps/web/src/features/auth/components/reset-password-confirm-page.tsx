import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { isValidPassword, messages } from '@spotter/shared';
import { errorMessage, isApiError, isShown } from '../../../lib/api-client';
import { fieldRefusal } from '../../../lib/form-refusal';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

type NewPasswordValues = { newPassword: string; reNewPassword: string };

/** Spec 5: the password rule and "Password doesn't match." */
export function validateNewPassword(values: NewPasswordValues): Partial<Record<keyof NewPasswordValues, string>> {
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  if (!values.newPassword) errors.newPassword = messages.passwordRequired;
  else if (!isValidPassword(values.newPassword)) errors.newPassword = messages.passwordRule;
  if (values.reNewPassword !== values.newPassword) errors.reNewPassword = messages.passwordMismatch;
  return errors;
}

/** /password/reset/confirm/:uid/:token: the page the reset mail links to. */
export function ResetPasswordConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm<NewPasswordValues>({ initialValues: { newPassword: '', reNewPassword: '' }, validate: validateNewPassword });

  const [isOnFields, setIsOnFields] = useState(false);
  const submit = form.onSubmit((values) =>
    confirm.mutate(
      { uid, token, ...values },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.detail);
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          // Issue 34: a refusal is shown on the fields it names when the form has them all, else above the form.
          form.setErrors(fieldRefusal(error, ['newPassword', 'reNewPassword']));
          setIsOnFields(isShown(error));
        },
      },
    ),
  );

  const isInvalidLink = isApiError(confirm.error) && confirm.error.code === 'invalid_link';
  if (isInvalidLink) {
    return (
      <AuthCard title="Choose a new password">
        <Stack gap="md">
          <Alert color="red" title="Link not valid" role="alert">
            {confirm.error?.message}
          </Alert>
          <Anchor component={Link} to="/reset-password">
            Ask for a new reset link
          </Anchor>
          <Anchor component={Link} to="/login">
            Back to log in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const otherError = confirm.isError && !isOnFields ? errorMessage(confirm.error) : null;
  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text>Use at least 8 characters, with a number, an uppercase and a lowercase letter.</Text>
          {otherError && (
            <Alert color="red" title="Error" role="alert">
              {otherError}
            </Alert>
          )}
          <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" withAsterisk {...form.getInputProps('reNewPassword')} />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            Set new password
          </Button>
          <Anchor component={Link} to="/login" ta="center">
            Back to log in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
