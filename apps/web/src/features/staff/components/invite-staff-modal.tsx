import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InviteStaffInput } from '@spotter/shared';
import { optionalPhoneError, PHONE_INPUT_MAX_LENGTH, formatPhone, phoneForSave } from '../../../lib/phone';
import { emailError, fieldErrorsOf, requiredNameError } from '../../account';
import { useInviteStaff } from '../api/invite-staff';

type InviteValues = { firstName: string; lastName: string; email: string; phone: string; isCoach: boolean };

export function validateInvite(values: InviteValues): Record<string, string> {
  const errors: Record<string, string | null> = {
    firstName: requiredNameError(values.firstName),
    lastName: requiredNameError(values.lastName),
    email: emailError(values.email),
    phone: optionalPhoneError(values.phone),
  };
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== null));
}

type InviteStaffModalProps = { opened: boolean; onClose: () => void; canSetCoach: boolean; onInvited: (staffId: string) => void };

/** Invite a colleague by email: they get the activation mail; permissions are set afterwards by an owner. */
export function InviteStaffModal({ opened, onClose, canSetCoach, onInvited }: InviteStaffModalProps) {
  const invite = useInviteStaff();
  const form = useForm<InviteValues>({ initialValues: { firstName: '', lastName: '', email: '', phone: '', isCoach: false }, validate: validateInvite });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const input: InviteStaffInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: phoneForSave(values.phone),
      isCoach: canSetCoach && values.isCoach,
      permissions: [],
    };
    invite.mutate(input, {
      onSuccess: (member) => {
        form.reset();
        onInvited(member.staffId);
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="Invite staff" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit} aria-label="Invite staff">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They get an email with a link to activate their login. Someone who already uses Spotter (an athlete of the gym, say) keeps their login and gets a
            staff profile.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" withAsterisk data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Phone"
            type="tel"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            {...form.getInputProps('phone')}
            onBlur={() => {
              form.setFieldValue('phone', formatPhone(form.getValues().phone));
              form.validateField('phone');
            }}
          />
          {canSetCoach ? (
            <Checkbox label="Coach" description="Coaches can lead classes and appointments." {...form.getInputProps('isCoach', { type: 'checkbox' })} />
          ) : (
            <Text size="xs" c="dimmed">
              An owner sets the coach flag and the permissions after the invitation.
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
