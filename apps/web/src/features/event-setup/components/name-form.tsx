import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidName, messages, setupMessages } from '@spotter/shared';
import { fieldRefusal } from '../../../lib/form-refusal';

/** Spec 5's name rule for a name that is new (an unchanged old name may predate it). */
export function validateName(value: string, savedName?: string): string | null {
  const name = value.trim();
  if (name === '') return messages.nameRequired;
  if (name.length > 100) return setupMessages.nameTooLong;
  if (name !== savedName && !isValidName(name)) return messages.nameInvalid;
  return null;
}

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void };

type NameFormProps = {
  label: string;
  savedName?: string;
  submitLabel: string;
  isPending: boolean;
  onSave: (name: string, callbacks: Callbacks) => void;
  onCancel?: () => void;
  /** Put the cursor in the field when it appears (an edit the person asked for). */
  autoFocus?: boolean;
};

/** One name, inline: a room to add, a location or room to rename. The server's field error shows under it. */
export function NameForm({ label, savedName, submitLabel, isPending, onSave, onCancel, autoFocus = false }: NameFormProps) {
  const form = useForm({ initialValues: { name: savedName ?? '' }, validate: { name: (value) => validateName(value, savedName) } });
  const submit = form.onSubmit(({ name }) =>
    onSave(name.trim(), {
      onSuccess: () => {
        form.reset();
        onCancel?.();
      },
      onError: (error) => {
        form.setErrors(fieldRefusal(error, ['name']));
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={label}
          placeholder={label}
          size="sm"
          maxLength={100}
          autoFocus={autoFocus}
          style={{ flexGrow: 1, minWidth: 0 }}
          {...form.getInputProps('name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <Button type="submit" size="sm" loading={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}
