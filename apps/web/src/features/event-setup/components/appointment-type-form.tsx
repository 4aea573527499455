import { useEffect } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  appointmentTypeInputSchema,
  isValidName,
  messages,
  type AppointmentType,
  type AppointmentTypeInput,
  type EventSetupOptions,
  type GymCountry,
  type TaxRate,
  type TypeColor,
} from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { useCreateAppointmentType, useUpdateAppointmentType } from '../api/appointment-types';
import { formatMinutes, fromMinor, toMinor } from '../lib/describe';
import { ColorField, DescriptionField, GYM_TAX_RATE, HELP_BELOW, Section, TaxRateField, WholeInput } from './type-fields';
import { fieldRefusal } from '../../../lib/form-refusal';

type Whole = number | string;

export type AppointmentTypeFormValues = {
  name: string;
  color: TypeColor;
  description: string;
  durationMinutes: Whole;
  price: Whole;
  bufferMinutes: Whole;
  capacity: Whole;
  coachIds: string[];
  lateCancelCutoffMinutes: Whole;
  cancellationFee: Whole;
  noShowFee: Whole;
  cancellationCreditDeduction: Whole;
  noShowCreditDeduction: Whole;
  taxRateId: string;
};

export const newAppointmentTypeValues: AppointmentTypeFormValues = {
  name: '',
  color: 'cyan',
  description: '',
  durationMinutes: 60,
  price: 0,
  bufferMinutes: 0,
  capacity: 1,
  coachIds: [],
  lateCancelCutoffMinutes: 0,
  cancellationFee: 0,
  noShowFee: 0,
  cancellationCreditDeduction: 0,
  noShowCreditDeduction: 0,
  taxRateId: GYM_TAX_RATE,
};

export function appointmentTypeValues(t: AppointmentType): AppointmentTypeFormValues {
  return {
    name: t.name,
    color: t.color as TypeColor,
    description: t.description,
    durationMinutes: t.durationMinutes,
    price: fromMinor(t.priceMinor),
    bufferMinutes: t.bufferMinutes,
    capacity: t.capacity,
    coachIds: t.coaches.map((c) => c.staffId),
    lateCancelCutoffMinutes: t.lateCancelCutoffMinutes,
    cancellationFee: fromMinor(t.cancellationFeeMinor),
    noShowFee: fromMinor(t.noShowFeeMinor),
    cancellationCreditDeduction: t.cancellationCreditDeduction,
    noShowCreditDeduction: t.noShowCreditDeduction,
    taxRateId: t.taxRate?.taxRateId ?? GYM_TAX_RATE,
  };
}

const num = (v: Whole): number => (v === '' ? Number.NaN : Number(v));

export function toAppointmentTypeInput(v: AppointmentTypeFormValues): AppointmentTypeInput {
  return {
    name: v.name.trim(),
    color: v.color,
    description: v.description.trim(),
    durationMinutes: num(v.durationMinutes),
    priceMinor: toMinor(v.price),
    bufferMinutes: num(v.bufferMinutes),
    capacity: num(v.capacity),
    lateCancelCutoffMinutes: num(v.lateCancelCutoffMinutes),
    cancellationFeeMinor: toMinor(v.cancellationFee),
    noShowFeeMinor: toMinor(v.noShowFee),
    cancellationCreditDeduction: num(v.cancellationCreditDeduction),
    noShowCreditDeduction: num(v.noShowCreditDeduction),
    taxRateId: v.taxRateId === GYM_TAX_RATE ? null : v.taxRateId,
    coachIds: v.coachIds,
  };
}

const formFieldOf: Record<string, keyof AppointmentTypeFormValues> = {
  cancellationFeeMinor: 'cancellationFee',
  noShowFeeMinor: 'noShowFee',
  priceMinor: 'price',
};

/** The server's rules (packages/shared) on the form's fields; the name rule only for a new name. */
export function validateAppointmentTypeForm(values: AppointmentTypeFormValues, savedName?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = appointmentTypeInputSchema.safeParse(toAppointmentTypeInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf[String(issue.path[0])] ?? String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  const name = values.name.trim();
  if (!errors.name && name !== savedName && !isValidName(name)) errors.name = messages.nameInvalid;
  return errors;
}

type AppointmentTypeFormProps = {
  opened: boolean;
  onClose: () => void;
  appointmentType: AppointmentType | null;
  country: GymCountry;
  isTaxInclusive: boolean;
  options: EventSetupOptions | undefined;
  gymRateName: string | null;
};

/** Create or edit an appointment type: Basics, Coaches, Cancellation and fees. */
export function AppointmentTypeForm({ opened, onClose, appointmentType, country, isTaxInclusive, options, gymRateName }: AppointmentTypeFormProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const create = useCreateAppointmentType();
  const update = useUpdateAppointmentType();
  const form = useForm<AppointmentTypeFormValues>({
    initialValues: newAppointmentTypeValues,
    validate: (values) => validateAppointmentTypeForm(values, appointmentType?.name),
  });
  const { setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    if (!opened) return;
    const values = appointmentType ? appointmentTypeValues(appointmentType) : newAppointmentTypeValues;
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [opened, appointmentType, setValues, resetDirty, clearErrors]);

  const onServerError = (error: Error) => {
    form.setErrors(fieldRefusal(error, Object.keys(form.values), formFieldOf));
  };
  const submit = form.onSubmit((values) => {
    const body = toAppointmentTypeInput(values);
    if (appointmentType) update.mutate({ appointmentTypeId: appointmentType.appointmentTypeId, body }, { onSuccess: onClose, onError: onServerError });
    else create.mutate(body, { onSuccess: onClose, onError: onServerError });
  });
  const v = form.values;
  // A coach no longer a coach (or gone) still shows by name while chosen, so it can be taken off.
  const known = new Map((options?.coaches ?? []).map((c) => [c.staffId, c.fullName]));
  for (const c of appointmentType?.coaches ?? []) if (!known.has(c.staffId)) known.set(c.staffId, c.fullName);
  const coachData = [...known].map(([value, label]) => ({ value, label }));
  const taxRates: TaxRate[] = options?.taxRates ?? [];
  const cutoff = v.lateCancelCutoffMinutes !== '' && Number(v.lateCancelCutoffMinutes) > 0 ? ` (${formatMinutes(Number(v.lateCancelCutoffMinutes))})` : '';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={appointmentType ? `Edit ${appointmentType.name}` : 'New appointment type'}
      size="xl"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={submit} aria-label={appointmentType ? 'Edit appointment type' : 'New appointment type'}>
        <Stack gap="md">
          <Section legend="Basics">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" withAsterisk data-autofocus maxLength={100} {...form.getInputProps('name')} />
                <ColorField
                  description="Shown beside the appointment on the calendar and in lists."
                  value={v.color}
                  onChange={(c) => form.setFieldValue('color', c as TypeColor)}
                  error={form.errors.color}
                />
              </SimpleGrid>
              <DescriptionField
                description="What athletes read about this appointment when they book it."
                value={v.description}
                onChange={(d) => form.setFieldValue('description', d)}
                error={form.errors.description}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <WholeInput label="Duration" unit="min" description="How long one appointment lasts." {...form.getInputProps('durationMinutes')} />
                <MoneyInput
                  inputWrapperOrder={HELP_BELOW}
                  label="Price"
                  help="What one appointment costs."
                  country={country}
                  isTaxInclusive={isTaxInclusive}
                  {...form.getInputProps('price')}
                />
                <WholeInput
                  label="Buffer after"
                  unit="min"
                  description="Time kept free after each appointment: the coach cannot be booked again until it ends."
                  {...form.getInputProps('bufferMinutes')}
                />
                <WholeInput
                  label="Capacity"
                  unit="athletes"
                  description="Athletes in one appointment: 1 for personal training, more for a small group."
                  {...form.getInputProps('capacity')}
                />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section legend="Coaches">
            <MultiSelect
              inputWrapperOrder={HELP_BELOW}
              label="Coaches who offer it"
              description="Only these coaches are offered when an appointment of this type is booked."
              placeholder={v.coachIds.length === 0 ? 'Choose coaches' : undefined}
              data={coachData}
              searchable
              clearable
              nothingFoundMessage="No coach of that name"
              {...form.getInputProps('coachIds')}
            />
          </Section>

          <Section legend="Cancellation and fees">
            <Stack gap="sm">
              {appointmentType && appointmentType.upcomingCount > 0 && (
                <Alert color="blue" variant="light">
                  {`Changes to the fees, credits or tax rate also apply to the ${appointmentType.upcomingCount} ${appointmentType.upcomingCount === 1 ? 'appointment' : 'appointments'} of this type still to come.`}
                </Alert>
              )}
              <WholeInput
                label="Late cancel cut-off"
                unit="min before"
                description={`An athlete who cancels later than this before the start is a late cancel and pays the late cancel fee${cutoff}.`}
                {...form.getInputProps('lateCancelCutoffMinutes')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MoneyInput
                  inputWrapperOrder={HELP_BELOW}
                  label="Late cancel fee"
                  help="Charged when an athlete cancels after the cut-off."
                  country={country}
                  isTaxInclusive={isTaxInclusive}
                  {...form.getInputProps('cancellationFee')}
                />
                <MoneyInput
                  inputWrapperOrder={HELP_BELOW}
                  label="No-show fee"
                  help="Charged when an athlete booked but did not come."
                  country={country}
                  isTaxInclusive={isTaxInclusive}
                  {...form.getInputProps('noShowFee')}
                />
                <WholeInput
                  label="Credits deducted for a late cancel"
                  unit="credits"
                  description="Credits taken from the athlete's package when they cancel late."
                  {...form.getInputProps('cancellationCreditDeduction')}
                />
                <WholeInput
                  label="Credits deducted for a no-show"
                  unit="credits"
                  description="Credits taken when an athlete booked but did not come."
                  {...form.getInputProps('noShowCreditDeduction')}
                />
              </SimpleGrid>
              <TaxRateField
                description="The tax charged on the price and these fees."
                value={v.taxRateId}
                onChange={(id) => form.setFieldValue('taxRateId', id)}
                rates={taxRates}
                gymRateName={gymRateName}
                current={appointmentType?.taxRate ?? null}
                error={form.errors.taxRateId}
              />
            </Stack>
          </Section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {appointmentType ? 'Save' : 'Create appointment type'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
