import { useState } from 'react';
import { Button, Group, Stack, Switch } from '@mantine/core';
import type { GymSettings } from '@spotter/shared';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';

/** Issue 37 (decision 044): whether a class cancelled before it started is still paid to its coach. */
export function PayrollSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('payroll');
  const [payCancelledClasses, setPayCancelled] = useState(settings.payroll.payCancelledClasses);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ payCancelledClasses }, { onSuccess: (answer) => setPayCancelled(answer.payroll.payCancelledClasses) });
  };

  return (
    <SectionCard id="payroll" title="Payroll" description="How the payroll report pays your coaches.">
      <form noValidate onSubmit={submit} aria-label="Payroll">
        <Stack gap="sm">
          <Switch
            label="Pay cancelled classes"
            description="On: a class cancelled before it started is still paid to its coach at their rate, marked Cancelled in the payroll report. Off: it pays nothing."
            checked={payCancelledClasses}
            onChange={(e) => setPayCancelled(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save payroll
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
