import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail, messages } from '@spotter/shared';

/** Spec 5: the email rule with its exact messages. */
export function validateEmail(email: string): string | null {
  if (!email.trim()) return messages.emailRequired;
  if (!isValidEmail(email)) return messages.emailInvalid;
  return null;
}

type EmailRequestFormProps = { submitLabel: string; isPending: boolean; onSubmit: (email: string) => void };

/** One email field and a submit button: asking for a reset link or a new activation link. */
export function EmailRequestForm({ submitLabel, isPending, onSubmit }: EmailRequestFormProps) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: { email: validateEmail } });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.email.trim()))}>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
