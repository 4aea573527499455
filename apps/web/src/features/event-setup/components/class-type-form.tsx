import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  classTypeInputSchema,
  isValidName,
  messages,
  type ClassDefaults,
  type ClassType,
  type ClassTypeInput,
  type GymCountry,
  type TaxRate,
  type TypeColor,
} from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { useClassTypeDefaults, useCreateClassType, useUpdateClassType } from '../api/class-types';
import { formatMinutes, fromMinor, toMinor } from '../lib/describe';
import { ColorField, DescriptionField, GYM_TAX_RATE, HELP_BELOW, Section, TaxRateField, WholeInput } from './type-fields';
import { fieldRefusal } from '../../../lib/form-refusal';

type Whole = number | string;

export type ClassTypeFormValues = {
  name: string;
  color: TypeColor;
  description: string;
  defaultDurationMinutes: Whole;
  defaultCapacity: Whole;
  bookingOpens: 'any' | 'days';
  bookingOpensDays: Whole;
  bookingClosesMinutes: Whole;
  lateCancelCutoffMinutes: Whole;
  waitlistEnabled: boolean;
  waitlistLimit: 'none' | 'size';
  waitlistSize: Whole;
  promotionCutoffMinutes: Whole;
  cancellationFee: Whole;
  noShowFee: Whole;
  cancellationCreditDeduction: Whole;
  noShowCreditDeduction: Whole;
  taxRateId: string;
};

export const newClassTypeValues: ClassTypeFormValues = {
  name: '',
  color: 'blue',
  description: '',
  defaultDurationMinutes: 60,
  defaultCapacity: 12,
  bookingOpens: 'any',
  bookingOpensDays: 7,
  bookingClosesMinutes: 0,
  lateCancelCutoffMinutes: 0,
  waitlistEnabled: true,
  waitlistLimit: 'none',
  waitlistSize: 10,
  promotionCutoffMinutes: 0,
  cancellationFee: 0,
  noShowFee: 0,
  cancellationCreditDeduction: 0,
  noShowCreditDeduction: 0,
  taxRateId: GYM_TAX_RATE,
};

/** Issue 22: a new type's values from the gym's class defaults (/gym-settings); the rest as newClassTypeValues. */
export function classDefaultsValues(d: ClassDefaults): ClassTypeFormValues {
  return {
    ...newClassTypeValues,
    bookingOpens: d.bookingOpensDays === null ? 'any' : 'days',
    bookingOpensDays: d.bookingOpensDays ?? newClassTypeValues.bookingOpensDays,
    bookingClosesMinutes: d.bookingClosesMinutes,
    lateCancelCutoffMinutes: d.lateCancelCutoffMinutes,
    waitlistEnabled: d.waitlistEnabled,
    waitlistLimit: d.waitlistSize === null ? 'none' : 'size',
    waitlistSize: d.waitlistSize ?? newClassTypeValues.waitlistSize,
    promotionCutoffMinutes: d.promotionCutoffMinutes,
    cancellationFee: fromMinor(d.cancellationFeeMinor),
    noShowFee: fromMinor(d.noShowFeeMinor),
    cancellationCreditDeduction: d.cancellationCreditDeduction,
    noShowCreditDeduction: d.noShowCreditDeduction,
  };
}

export function classTypeValues(t: ClassType): ClassTypeFormValues {
  return {
    name: t.name,
    color: t.color as TypeColor,
    description: t.description,
    defaultDurationMinutes: t.defaultDurationMinutes,
    defaultCapacity: t.defaultCapacity,
    bookingOpens: t.bookingOpensDays === null ? 'any' : 'days',
    bookingOpensDays: t.bookingOpensDays ?? 7,
    bookingClosesMinutes: t.bookingClosesMinutes,
    lateCancelCutoffMinutes: t.lateCancelCutoffMinutes,
    waitlistEnabled: t.waitlistEnabled,
    waitlistLimit: t.waitlistSize === null ? 'none' : 'size',
    waitlistSize: t.waitlistSize ?? 10,
    promotionCutoffMinutes: t.promotionCutoffMinutes,
    cancellationFee: fromMinor(t.cancellationFeeMinor),
    noShowFee: fromMinor(t.noShowFeeMinor),
    cancellationCreditDeduction: t.cancellationCreditDeduction,
    noShowCreditDeduction: t.noShowCreditDeduction,
    taxRateId: t.taxRate?.taxRateId ?? GYM_TAX_RATE,
  };
}

/** An empty box is no number (the schema then says 'Enter a whole number.'). */
const num = (v: Whole): number => (v === '' ? Number.NaN : Number(v));
const isWhole = (v: Whole) => v !== '' && Number.isInteger(Number(v));

/**
 * What the form sends. While the waitlist is off its size and cut-off are kept as typed when they make sense (so
 * turning it on again brings them back), and dropped when they do not (nobody can correct a hidden field).
 */
export function toClassTypeInput(v: ClassTypeFormValues): ClassTypeInput {
  const waitlistOn = v.waitlistEnabled;
  return {
    name: v.name.trim(),
    color: v.color,
    description: v.description.trim(),
    defaultDurationMinutes: num(v.defaultDurationMinutes),
    defaultCapacity: num(v.defaultCapacity),
    bookingOpensDays: v.bookingOpens === 'any' ? null : num(v.bookingOpensDays),
    bookingClosesMinutes: num(v.bookingClosesMinutes),
    lateCancelCutoffMinutes: num(v.lateCancelCutoffMinutes),
    waitlistEnabled: waitlistOn,
    waitlistSize: v.waitlistLimit === 'none' || (!waitlistOn && !(isWhole(v.waitlistSize) && Number(v.waitlistSize) >= 1)) ? null : num(v.waitlistSize),
    promotionCutoffMinutes: !waitlistOn && !isWhole(v.promotionCutoffMinutes) ? 0 : num(v.promotionCutoffMinutes),
    cancellationFeeMinor: toMinor(v.cancellationFee),
    noShowFeeMinor: toMinor(v.noShowFee),
    cancellationCreditDeduction: num(v.cancellationCreditDeduction),
    noShowCreditDeduction: num(v.noShowCreditDeduction),
    taxRateId: v.taxRateId === GYM_TAX_RATE ? null : v.taxRateId,
  };
}

/** The API's field names on the form's. */
const formFieldOf: Record<string, keyof ClassTypeFormValues> = { cancellationFeeMinor: 'cancellationFee', noShowFeeMinor: 'noShowFee' };

/**
 * The rules of packages/shared (the server's own), read on the form's fields; spec 5's name rule only for a name that
 * is new (a name made before the rule may stay).
 */
export function validateClassTypeForm(values: ClassTypeFormValues, savedName?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = classTypeInputSchema.safeParse(toClassTypeInput(values));
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

type ClassTypeFormProps = {
  opened: boolean;
  onClose: () => void;
  /** The type edited; null: a new one. */
  classType: ClassType | null;
  country: GymCountry;
  isTaxInclusive: boolean;
  taxRates: TaxRate[];
  gymRateName: string | null;
};

/** Create or edit a class type: Basics, Booking, Waitlist, Fees and credits, each setting saying what it does. */
export function ClassTypeForm({ opened, onClose, classType, country, isTaxInclusive, taxRates, gymRateName }: ClassTypeFormProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const create = useCreateClassType();
  const update = useUpdateClassType();
  const saving = create.isPending || update.isPending;
  const form = useForm<ClassTypeFormValues>({
    initialValues: newClassTypeValues,
    validate: (values) => validateClassTypeForm(values, classType?.name),
  });
  // Issue 22: a new type starts with the gym's class defaults (read while the page is open, so usually there already).
  const defaults = useClassTypeDefaults().data;
  const { setValues, resetDirty, clearErrors, isDirty } = form;
  const startedWithDefaults = useRef(false);
  useEffect(() => {
    if (!opened) {
      startedWithDefaults.current = false;
      return;
    }
    const values = classType ? classTypeValues(classType) : defaults ? classDefaultsValues(defaults) : newClassTypeValues;
    setValues(values);
    resetDirty(values);
    clearErrors();
    startedWithDefaults.current = Boolean(classType || defaults);
    // The defaults arriving later fill a new form only while nothing has been typed (see the effect below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, classType, setValues, resetDirty, clearErrors]);
  useEffect(() => {
    if (!opened || classType || !defaults || startedWithDefaults.current || isDirty()) return;
    const values = classDefaultsValues(defaults);
    setValues(values);
    resetDirty(values);
    startedWithDefaults.current = true;
  }, [opened, classType, defaults, setValues, resetDirty, isDirty]);

  const onServerError = (error: Error) => {
    form.setErrors(fieldRefusal(error, Object.keys(form.values), formFieldOf));
  };
  const submit = form.onSubmit((values) => {
    const body = toClassTypeInput(values);
    if (classType) update.mutate({ classTypeId: classType.classTypeId, body }, { onSuccess: onClose, onError: onServerError });
    else create.mutate(body, { onSuccess: onClose, onError: onServerError });
  });
  const v = form.values;
  const minutesHint = (value: Whole, text: string) => (isWhole(value) && Number(value) > 0 ? `${text} (${formatMinutes(Number(value))}).` : `${text}.`);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={classType ? `Edit ${classType.name}` : 'New class type'}
      size="xl"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={submit} aria-label={classType ? 'Edit class type' : 'New class type'}>
        <Stack gap="md">
          <Section legend="Basics">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" withAsterisk data-autofocus maxLength={100} {...form.getInputProps('name')} />
                <ColorField
                  description="Shown beside the class on the calendar and in lists."
                  value={v.color}
                  onChange={(c) => form.setFieldValue('color', c as TypeColor)}
                  error={form.errors.color}
                />
              </SimpleGrid>
              <DescriptionField
                description="What athletes read about this class when they book it."
                value={v.description}
                onChange={(d) => form.setFieldValue('description', d)}
                error={form.errors.description}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <WholeInput
                  label="Default duration"
                  unit="min"
                  description="New classes of this type start with this length; each class can differ."
                  {...form.getInputProps('defaultDurationMinutes')}
                />
                <WholeInput
                  label="Default capacity"
                  unit="athletes"
                  description="How many athletes a new class holds; each class can differ."
                  {...form.getInputProps('defaultCapacity')}
                />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section legend="Booking">
            <Stack gap="sm">
              <Radio.Group
                label="Athletes can book"
                description="How early athletes may book themselves into a class. The front desk can book at any time."
                {...form.getInputProps('bookingOpens')}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="any" label="Any time once the class is on the schedule" />
                  <Radio value="days" label="From a number of days before the class" />
                </Stack>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <WholeInput
                  label="Booking opens"
                  unit="days before"
                  disabled={v.bookingOpens === 'any'}
                  description="Athletes can book from this many days before the start."
                  {...form.getInputProps('bookingOpensDays')}
                />
                <WholeInput
                  label="Booking closes"
                  unit="min before"
                  description={minutesHint(
                    v.bookingClosesMinutes,
                    'Athletes can no longer book this long before the start; 0 keeps booking open until it starts',
                  )}
                  {...form.getInputProps('bookingClosesMinutes')}
                />
                <WholeInput
                  label="Late cancel cut-off"
                  unit="min before"
                  description={minutesHint(v.lateCancelCutoffMinutes, 'An athlete who cancels later than this is a late cancel and pays the late cancel fee')}
                  {...form.getInputProps('lateCancelCutoffMinutes')}
                />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section legend="Waitlist">
            <Stack gap="sm">
              <Switch
                label="Waitlist"
                description="When a class is full, athletes can join a line; the first in line gets a place that frees up."
                {...form.getInputProps('waitlistEnabled', { type: 'checkbox' })}
              />
              <Radio.Group label="Waitlist size" description="How many athletes may wait in line for one class." {...form.getInputProps('waitlistLimit')}>
                <Group gap="lg" mt={6}>
                  <Radio value="none" label="No limit" disabled={!v.waitlistEnabled} />
                  <Radio value="size" label="Up to a number" disabled={!v.waitlistEnabled} />
                </Group>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <WholeInput
                  label="Athletes in line at most"
                  unit="athletes"
                  disabled={!v.waitlistEnabled || v.waitlistLimit === 'none'}
                  description="Once this many wait, nobody else can join."
                  {...form.getInputProps('waitlistSize')}
                />
                <WholeInput
                  label="Promotion cut-off"
                  unit="min before"
                  disabled={!v.waitlistEnabled}
                  description={minutesHint(
                    v.promotionCutoffMinutes,
                    'Stop moving athletes off the line this long before the start, so nobody gets a place too late to come',
                  )}
                  {...form.getInputProps('promotionCutoffMinutes')}
                />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section legend="Fees and credits">
            <Stack gap="sm">
              {classType && classType.upcomingCount > 0 && (
                <Alert color="blue" variant="light">
                  {`Changes to the fees, credits or tax rate also apply to the ${classType.upcomingCount} ${classType.upcomingCount === 1 ? 'class' : 'classes'} of this type still to come. Classes that have started keep theirs.`}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MoneyInput
                  inputWrapperOrder={HELP_BELOW}
                  label="Late cancel fee"
                  help="Charged when an athlete cancels after the late cancel cut-off."
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
                  description="Class credits taken from the athlete's package when they cancel late."
                  {...form.getInputProps('cancellationCreditDeduction')}
                />
                <WholeInput
                  label="Credits deducted for a no-show"
                  unit="credits"
                  description="Class credits taken when an athlete booked but did not come."
                  {...form.getInputProps('noShowCreditDeduction')}
                />
              </SimpleGrid>
              <TaxRateField
                description="The tax charged on these fees."
                value={v.taxRateId}
                onChange={(id) => form.setFieldValue('taxRateId', id)}
                rates={taxRates}
                gymRateName={gymRateName}
                current={classType?.taxRate ?? null}
                error={form.errors.taxRateId}
              />
            </Stack>
          </Section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {classType ? 'Save' : 'Create class type'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
