import { useState } from 'react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import type { GymSettings, KioskSettings } from '@spotter/shared';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';

const SWITCHES: { key: keyof KioskSettings; label: string; description: string }[] = [
  { key: 'athleteModeShowsAppointments', label: 'Show appointments in athlete mode', description: 'Athletes at the kiosk see an Appointments tab beside the classes.' },
  { key: 'athleteModeShowsPhotos', label: 'Show profile pictures in athlete mode', description: 'Off: athletes are shown by their initials only.' },
  { key: 'athleteModeShowsEligible', label: 'Show the Eligible tab in athlete mode', description: 'Athletes not booked into a class can find themselves there and walk in.' },
  {
    key: 'allowWalkInsWithoutPackage',
    label: 'Allow walk-ins without a package',
    description: 'Off: an athlete whose packages do not cover the class cannot walk in, at the desk or in athlete mode; sell them a package first.',
  },
];

/** The kiosk (spec 2.12): what athlete mode shows, and whether walk-ins need a package. */
export function KioskSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('kiosk');
  const [values, setValues] = useState<KioskSettings>(settings.kiosk);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: (answer) => setValues(answer.kiosk) });
  };
  return (
    <SectionCard id="kiosk" title="Kiosk" description="What the check-in kiosk offers athletes.">
      <form noValidate onSubmit={submit} aria-label="Kiosk">
        <Stack gap="md">
          {SWITCHES.map(({ key, label, description }) => (
            <Switch key={key} label={label} description={description} checked={values[key]} onChange={(e) => setValues({ ...values, [key]: e.currentTarget.checked })} />
          ))}
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
