import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { isValidEmail, messages } from '@spotter/shared';
import { fieldRefusal } from '../../../lib/form-refusal';
import { useLogin } from '../api/login';

type LoginValues = { email: string; password: string };

/** Spec 5: the email and password rules with their exact messages. */
export function validateLogin(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!values.email.trim()) errors.email = messages.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = messages.emailInvalid;
  if (!values.password) errors.password = messages.passwordRequired;
  return errors;
}

export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validateLogin,
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        // Issue 34: a refusal that names a field is shown on it; any other is the notification's.
        login.mutate(
          { email: values.email.trim(), password: values.password },
          { onError: (error) => form.setErrors(fieldRefusal(error, ['email', 'password'])) },
        ),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          // Issue 34: the page is there to log in; the cursor starts in its first field.
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Anchor component={Link} to="/reset-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
