import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { catalogMessages, messages, setupMessages, type ManagedTaxRate } from '@spotter/shared';
import { useSaveTaxRate } from '../api/catalog';
import { fieldRefusal } from '../../../lib/form-refusal';

/** The form's own check of a percent: what the server says, before it is asked. */
export function validatePercent(value: string): string | null {
  const v = value.trim();
  if (v === '' || !/^\d+(\.\d+)?$/.test(v)) return catalogMessages.percentRequired;
  if (!/^\d+(\.\d{1,4})?$/.test(v)) return catalogMessages.percentDecimals;
  if (Number(v) > 100) return catalogMessages.percentRange;
  return null;
}

/** Create or edit a named percentage (spec 3 Tax rate). */
export function TaxRateForm({ opened, onClose, rate }: { opened: boolean; onClose: () => void; rate: ManagedTaxRate | null }) {
  const save = useSaveTaxRate();
  const form = useForm({
    initialValues: { name: '', percent: '' },
    validate: {
      name: (v) => (v.trim() === '' ? messages.nameRequired : v.trim().length > 100 ? setupMessages.nameTooLong : null),
      percent: validatePercent,
    },
  });
  useEffect(() => {
    if (opened) {
      form.setValues({ name: rate?.name ?? '', percent: rate?.percent ?? '' });
      form.resetDirty();
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rate]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { taxRateId: rate?.taxRateId ?? null, body: { name: values.name.trim(), percent: values.percent.trim() } },
      {
        onSuccess: onClose,
        onError: (error) => {
          form.setErrors(fieldRefusal(error, Object.keys(form.values)));
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={rate ? 'Edit tax rate' : 'New tax rate'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Rate (%)"
            required
            inputMode="decimal"
            description="A percent from 0 to 100, up to 4 decimals (e.g. 8.25). Sales already made keep the rate they were sold at."
            {...form.getInputProps('percent')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {rate ? 'Save' : 'Create tax rate'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
