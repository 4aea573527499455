import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isValidEmail, isValidName, isValidPassword, messages } from '@spotter/shared';
import { isApiError, shownMessage } from '../../../lib/api-client';
import { SsoButtons } from '../../auth';
import { rememberPortalReturn } from '../lib/sso-return';
import { useCreatePortalAccount, usePortalLogin } from '../api/portal';

type Values = { firstName: string; lastName: string; email: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Spec 5's rules with their messages (the server checks them again). */
export function validateAccount(values: Values, mode: 'create' | 'login'): Errors {
  const errors: Errors = {};
  if (mode === 'create') {
    if (!values.firstName.trim()) errors.firstName = messages.nameRequired;
    else if (!isValidName(values.firstName.trim())) errors.firstName = messages.nameInvalid;
    if (!values.lastName.trim()) errors.lastName = messages.nameRequired;
    else if (!isValidName(values.lastName.trim())) errors.lastName = messages.nameInvalid;
  }
  if (!values.email.trim()) errors.email = messages.emailRequired;
  else if (!isValidEmail(values.email.trim())) errors.email = messages.emailInvalid;
  if (!values.password) errors.password = messages.passwordRequired;
  else if (mode === 'create' && !isValidPassword(values.password)) errors.password = messages.passwordRule;
  return errors;
}

/**
 * The portal's inline account step: sign up (then "check your email": the mail's link activates the account) or log in,
 * without leaving the checkout.
 */
export function PortalAccount({ slug, mode, onLogIn }: { slug: string; mode: 'create' | 'login'; onLogIn: () => void }) {
  const create = useCreatePortalAccount(slug);
  const login = usePortalLogin(slug);
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears currentTarget once the event is handled, before the updater runs.
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onFailure = (error: Error) => {
    if (isApiError(error) && error.fields) {
      const next: Errors = {};
      for (const [field, list] of Object.entries(error.fields)) if (field in values) next[field as keyof Values] = list[0];
      if (Object.keys(next).length > 0) {
        setErrors(next);
        return;
      }
    }
    setFailure(shownMessage(error));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next = validateAccount(values, mode);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const email = values.email.trim();
    if (mode === 'create')
      create.mutate({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email, password: values.password }, { onError: onFailure });
    else login.mutate({ email, password: values.password }, { onError: onFailure });
  };

  // Issue 32: the same answer whether or not the email has an account; the mail says what to do next.
  if (mode === 'create' && create.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="teal" title="Check your email" role="status">
          {create.data.detail}
        </Alert>
        <Text size="sm">Once your account is active, log in here to finish your purchase.</Text>
        <Button variant="default" onClick={onLogIn}>
          Log in
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={mode === 'create' ? 'Create account' : 'Log in'}>
      <Stack gap="sm">
        {mode === 'create' && (
          <Group grow gap="sm" align="flex-start">
            <TextInput label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} required />
            <TextInput label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} required />
          </Group>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete={mode === 'create' ? 'email' : 'username'}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          description={mode === 'create' ? 'At least 8 characters with a number, an uppercase and a lowercase letter.' : undefined}
          required
        />
        {failure && (
          <Alert color="red" title={mode === 'create' ? 'Could not create the account' : 'Login failed'}>
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="default" loading={create.isPending || login.isPending}>
          {mode === 'create' ? 'Create account' : 'Log in'}
        </Button>
        {/* Issue 40: or with a provider; a new person becomes an athlete of this gym. */}
        <SsoButtons portal={slug} onLeave={() => rememberPortalReturn(slug, window.location.pathname)} />
      </Stack>
    </form>
  );
}
