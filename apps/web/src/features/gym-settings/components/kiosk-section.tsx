import { Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { kioskSettingsSchema, type GymSettings, type KioskSettings } from '@spotter/shared';
import { WholeInput } from '../../event-setup';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';
import { fieldRefusal } from '../../../lib/form-refusal';

type SwitchKey = 'athleteModeShowsAppointments' | 'athleteModeShowsPhotos' | 'athleteModeShowsEligible' | 'allowWalkInsWithoutPackage';

const SWITCHES: { key: SwitchKey; label: string; description: string }[] = [
  {
    key: 'athleteModeShowsAppointments',
    label: 'Show appointments in athlete mode',
    description: 'Athletes at the kiosk see an Appointments tab beside the classes.',
  },
  { key: 'athleteModeShowsPhotos', label: 'Show profile pictures in athlete mode', description: 'Off: athletes are shown by their initials only.' },
  {
    key: 'athleteModeShowsEligible',
    label: 'Show the Eligible tab in athlete mode',
    description: 'Athletes not booked into a class can find themselves there and walk in.',
  },
  {
    key: 'allowWalkInsWithoutPackage',
    label: 'Allow walk-ins without a package',
    description: 'Off: an athlete whose packages do not cover the class cannot walk in, at the desk or in athlete mode; sell them a package first.',
  },
];

type Whole = number | string;
export type KioskFormValues = Omit<KioskSettings, 'selfCheckInOpensMinutes' | 'selfCheckInClosesMinutes'> & {
  selfCheckInOpensMinutes: Whole;
  selfCheckInClosesMinutes: Whole;
};

const num = (v: Whole): number => (v === '' ? Number.NaN : Number(v));
const toSettings = (v: KioskFormValues): KioskSettings => ({
  ...v,
  selfCheckInOpensMinutes: num(v.selfCheckInOpensMinutes),
  selfCheckInClosesMinutes: num(v.selfCheckInClosesMinutes),
});

/** The server's own rules (packages/shared kioskSettingsSchema), on the form's fields. */
export function validateKioskSettings(v: KioskFormValues): Record<string, string> {
  const parsed = kioskSettingsSchema.safeParse(toSettings(v));
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** The kiosk (spec 2.12): what athlete mode shows, whether walk-ins need a package, and when athletes may check themselves in. */
export function KioskSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('kiosk');
  const form = useForm<KioskFormValues>({ initialValues: settings.kiosk, validate: validateKioskSettings });
  const submit = form.onSubmit((values) =>
    save.mutate(toSettings(values), {
      onSuccess: (answer) => form.setValues(answer.kiosk),
      onError: (error) => {
        form.setErrors(fieldRefusal(error, Object.keys(form.values)));
      },
    }),
  );
  return (
    <SectionCard id="kiosk" title="Kiosk" description="What the check-in kiosk offers athletes.">
      <form noValidate onSubmit={submit} aria-label="Kiosk">
        <Stack gap="md">
          {SWITCHES.map(({ key, label, description }) => (
            <Switch key={key} label={label} description={description} {...form.getInputProps(key, { type: 'checkbox' })} />
          ))}
          <Stack gap={4}>
            <Text fw={500} size="sm">
              Self check-in
            </Text>
            <Text size="sm" c="dimmed">
              When athletes can check themselves in, in their app and in athlete mode. The front desk can check anyone in at any time.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <WholeInput
              label="Opens"
              unit="min before start"
              description="0: once the class or appointment starts."
              {...form.getInputProps('selfCheckInOpensMinutes')}
            />
            <WholeInput label="Closes" unit="min after end" description="0: when it ends." {...form.getInputProps('selfCheckInClosesMinutes')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save kiosk
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
