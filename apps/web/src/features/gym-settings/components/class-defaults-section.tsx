import { Button, Group, Radio, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { classDefaultsSchema, type ClassDefaults, type GymSettings } from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { HELP_BELOW, WholeInput } from '../../event-setup';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';
import { fieldRefusal } from '../../../lib/form-refusal';

type Whole = number | string;

export type ClassDefaultsFormValues = {
  bookingOpens: 'any' | 'days';
  bookingOpensDays: Whole;
  bookingClosesMinutes: Whole;
  lateCancelCutoffMinutes: Whole;
  cancellationFee: Whole;
  noShowFee: Whole;
  cancellationCreditDeduction: Whole;
  noShowCreditDeduction: Whole;
  waitlistEnabled: boolean;
  waitlistLimit: 'none' | 'size';
  waitlistSize: Whole;
  promotionCutoffMinutes: Whole;
};

const num = (v: Whole): number => (v === '' ? Number.NaN : Number(v));
const toMinor = (v: Whole): number => {
  const n = Number(v);
  return v !== '' && Number.isFinite(n) ? Math.round(n * 100) : 0;
};

export function toClassDefaultsValues(d: ClassDefaults): ClassDefaultsFormValues {
  return {
    bookingOpens: d.bookingOpensDays === null ? 'any' : 'days',
    bookingOpensDays: d.bookingOpensDays ?? 7,
    bookingClosesMinutes: d.bookingClosesMinutes,
    lateCancelCutoffMinutes: d.lateCancelCutoffMinutes,
    cancellationFee: d.cancellationFeeMinor / 100,
    noShowFee: d.noShowFeeMinor / 100,
    cancellationCreditDeduction: d.cancellationCreditDeduction,
    noShowCreditDeduction: d.noShowCreditDeduction,
    waitlistEnabled: d.waitlistEnabled,
    waitlistLimit: d.waitlistSize === null ? 'none' : 'size',
    waitlistSize: d.waitlistSize ?? 10,
    promotionCutoffMinutes: d.promotionCutoffMinutes,
  };
}

export function toClassDefaults(v: ClassDefaultsFormValues): ClassDefaults {
  return {
    bookingOpensDays: v.bookingOpens === 'any' ? null : num(v.bookingOpensDays),
    bookingClosesMinutes: num(v.bookingClosesMinutes),
    lateCancelCutoffMinutes: num(v.lateCancelCutoffMinutes),
    cancellationFeeMinor: toMinor(v.cancellationFee),
    noShowFeeMinor: toMinor(v.noShowFee),
    cancellationCreditDeduction: num(v.cancellationCreditDeduction),
    noShowCreditDeduction: num(v.noShowCreditDeduction),
    waitlistEnabled: v.waitlistEnabled,
    waitlistSize: v.waitlistLimit === 'none' ? null : num(v.waitlistSize),
    promotionCutoffMinutes: num(v.promotionCutoffMinutes),
  };
}

const formFieldOf: Record<string, keyof ClassDefaultsFormValues> = { cancellationFeeMinor: 'cancellationFee', noShowFeeMinor: 'noShowFee' };

/** The class-type rules of packages/shared (the server's own), on the form's fields. */
export function validateClassDefaults(v: ClassDefaultsFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = classDefaultsSchema.safeParse(toClassDefaults(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[formFieldOf[field] ?? field] ??= issue.message;
    }
  }
  return errors;
}

/** What a new class type starts with (the class-type form's booking, waitlist and fee fields); existing types keep theirs. */
export function ClassDefaultsSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('classDefaults');
  const form = useForm<ClassDefaultsFormValues>({ initialValues: toClassDefaultsValues(settings.classDefaults), validate: validateClassDefaults });
  const submit = form.onSubmit((values) =>
    save.mutate(toClassDefaults(values), {
      onSuccess: (answer) => form.setValues(toClassDefaultsValues(answer.classDefaults)),
      onError: (error) => {
        form.setErrors(fieldRefusal(error, Object.keys(form.values), formFieldOf));
      },
    }),
  );
  const v = form.values;
  return (
    <SectionCard id="class-defaults" title="Class defaults" description="What a new class type starts with. Class types already made keep their own settings.">
      <form noValidate onSubmit={submit} aria-label="Class defaults">
        <Stack gap="sm">
          <Radio.Group label="Athletes can book" {...form.getInputProps('bookingOpens')}>
            <Group gap="lg" mt={4}>
              <Radio value="any" label="Any time once the class is on the schedule" />
              <Radio value="days" label="From a number of days before the class" />
            </Group>
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
              description="0 keeps booking open until the class starts."
              {...form.getInputProps('bookingClosesMinutes')}
            />
            <WholeInput
              label="Late cancel cut-off"
              unit="min before"
              description="Cancelling later than this is a late cancel."
              {...form.getInputProps('lateCancelCutoffMinutes')}
            />
          </SimpleGrid>
          <Switch
            label="Waitlist"
            description="When a class is full, athletes can join a line."
            {...form.getInputProps('waitlistEnabled', { type: 'checkbox' })}
          />
          <Radio.Group label="Waitlist size" {...form.getInputProps('waitlistLimit')}>
            <Group gap="lg" mt={4}>
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
              description="Stop moving athletes off the line this long before the start."
              {...form.getInputProps('promotionCutoffMinutes')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput
              inputWrapperOrder={HELP_BELOW}
              label="Late cancel fee"
              help="Charged for a late cancel."
              country={settings.country}
              isTaxInclusive={settings.isTaxInclusive}
              {...form.getInputProps('cancellationFee')}
            />
            <MoneyInput
              inputWrapperOrder={HELP_BELOW}
              label="No-show fee"
              help="Charged when a booked athlete does not come."
              country={settings.country}
              isTaxInclusive={settings.isTaxInclusive}
              {...form.getInputProps('noShowFee')}
            />
            <WholeInput
              label="Credits deducted for a late cancel"
              unit="credits"
              description="Class credits taken from the athlete's package."
              {...form.getInputProps('cancellationCreditDeduction')}
            />
            <WholeInput
              label="Credits deducted for a no-show"
              unit="credits"
              description="Class credits taken when a booked athlete does not come."
              {...form.getInputProps('noShowCreditDeduction')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save class defaults
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
