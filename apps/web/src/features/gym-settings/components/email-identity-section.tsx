import { Button, Code, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailIdentityInputSchema, type EmailIdentityInput, type GymSettings } from '@spotter/shared';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';
import { fieldRefusal } from '../../../lib/form-refusal';

/** What From says with this sender name: `"name" <address>`. */
export const fromLine = (senderName: string, fromAddress: string) => `"${senderName.trim()}" <${fromAddress}>`;

export function toIdentityValues(s: GymSettings): EmailIdentityInput {
  return { senderName: s.emailIdentity.senderName ?? s.title, replyTo: s.emailIdentity.replyTo ?? s.email };
}

export function validateIdentity(values: EmailIdentityInput): Record<string, string> {
  const parsed = emailIdentityInputSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Spec 5 sender rules: the name members see mails come from, and where their replies go. */
export function EmailIdentitySection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('emailIdentity');
  const form = useForm<EmailIdentityInput>({ initialValues: toIdentityValues(settings), validate: validateIdentity });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { senderName: values.senderName.trim(), replyTo: values.replyTo.trim() },
      {
        onSuccess: (answer) => form.setValues(toIdentityValues(answer)),
        onError: (error) => {
          form.setErrors(fieldRefusal(error, Object.keys(form.values)));
        },
      },
    ),
  );
  const name = form.values.senderName.trim() || settings.title;
  return (
    <SectionCard
      id="email"
      title="Email identity"
      description="Every email the gym's members and staff get goes out under this name; their replies go to the reply-to address."
    >
      <form noValidate onSubmit={submit} aria-label="Email identity">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Sender name" withAsterisk maxLength={64} {...form.getInputProps('senderName')} />
            <TextInput label="Reply-to email" type="email" withAsterisk {...form.getInputProps('replyTo')} />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500}>
              Emails will read
            </Text>
            <Text size="sm">
              From: <Code>{fromLine(name, settings.emailIdentity.fromAddress)}</Code>
            </Text>
            <Text size="sm">
              Reply-To: <Code>{form.values.replyTo.trim() || '—'}</Code>
            </Text>
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save email identity
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
