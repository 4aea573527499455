import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail, messages } from '@spotter/shared';
import { fieldRefusal } from '../../../lib/form-refusal';

/** Spec 5: the email rule with its exact messages. */
export function validateEmail(email: string): string | null {
  if (!email.trim()) return messages.emailRequired;
  if (!isValidEmail(email)) return messages.emailInvalid;
  return null;
}

type EmailRequestFormProps = {
  submitLabel: string;
  isPending: boolean;
  /** `showRefusal` puts a refusal that names the email on the field (issue 34); the page shows the rest. */
  onSubmit: (email: string, showRefusal: (error: unknown) => void) => void;
};

/** One email field and a submit button: asking for a reset link or a new activation link. */
export function EmailRequestForm({ submitLabel, isPending, onSubmit }: EmailRequestFormProps) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: { email: validateEmail } });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.email.trim(), (error) => form.setErrors(fieldRefusal(error, ['email']))))}>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
