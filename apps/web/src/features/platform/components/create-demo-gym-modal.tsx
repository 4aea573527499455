import { Button, Group, Modal, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  countryNames,
  gymCountries,
  isValidEmail,
  isValidName,
  messages,
  platformMessages,
  type CreateDemoGymInput,
  type CreatedDemoGym,
  type DemoGymType,
  type GymCountry,
} from '@spotter/shared';
import { isValidPhone, PHONE_INPUT_MAX_LENGTH } from '../../../lib/phone';
import { useCreateDemoGym } from '../api/create-demo-gym';

export type DemoGymFormValues = {
  title: string;
  prospectName: string;
  prospectEmail: string;
  prospectPhone: string;
  type: DemoGymType;
  country: GymCountry;
};

const initialValues: DemoGymFormValues = { title: '', prospectName: '', prospectEmail: '', prospectPhone: '', type: 'TIME_LIMITED', country: 'US' };

function nameError(value: string): string | null {
  if (value.trim() === '') return messages.nameRequired;
  return isValidName(value) ? null : messages.nameInvalid;
}

/** Spec 5: the name rule for the gym and the prospect, the email rule, and a phone only when one was typed. */
export function validateDemoGymForm(values: DemoGymFormValues) {
  const email = values.prospectEmail.trim();
  const phone = values.prospectPhone.trim();
  return {
    title: nameError(values.title) ?? (values.title.trim().length > 100 ? platformMessages.titleTooLong : null),
    prospectName: nameError(values.prospectName),
    prospectEmail: email === '' ? messages.emailRequired : isValidEmail(email) ? null : messages.emailInvalid,
    prospectPhone: phone === '' || isValidPhone(phone, values.country) ? null : messages.phoneInvalid,
  };
}

export function toCreateDemoGymInput(values: DemoGymFormValues): CreateDemoGymInput {
  const phone = values.prospectPhone.trim();
  return {
    title: values.title.trim(),
    prospectName: values.prospectName.trim(),
    prospectEmail: values.prospectEmail.trim(),
    ...(phone ? { prospectPhone: phone } : {}),
    type: values.type,
    country: values.country,
  };
}

type CreateDemoGymModalProps = { opened: boolean; onClose: () => void; onCreated: (demo: CreatedDemoGym) => void };

/** Decision 008: a demo gym for a prospect; the answer carries the owner's one-time credentials. */
export function CreateDemoGymModal({ opened, onClose, onCreated }: CreateDemoGymModalProps) {
  const create = useCreateDemoGym();
  const form = useForm<DemoGymFormValues>({ initialValues, validate: validateDemoGymForm });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(toCreateDemoGymInput(values), {
      onSuccess: (demo) => {
        form.reset();
        onCreated(demo);
      },
    }),
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create demo gym"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Gym name" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <TextInput label="Prospect name" withAsterisk autoComplete="off" {...form.getInputProps('prospectName')} />
          <TextInput label="Prospect email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('prospectEmail')} />
          <TextInput label="Prospect phone" type="tel" autoComplete="off" maxLength={PHONE_INPUT_MAX_LENGTH} {...form.getInputProps('prospectPhone')} />
          <Radio.Group label="Type" {...form.getInputProps('type')}>
            <Group mt={6} gap="lg">
              <Radio value="TIME_LIMITED" label="Time limited (48 hours)" />
              <Radio value="PERSISTENT" label="Persistent" />
            </Group>
          </Radio.Group>
          <NativeSelect label="Country" data={gymCountries.map((c) => ({ value: c, label: countryNames[c] }))} {...form.getInputProps('country')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
