import { useState } from 'react';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { calendarMessages, type CalendarEvent, type CalendarOptions, type GymCountry } from '@spotter/shared';
import { useUpdateClass } from '../api/class-writes';
import { gymToday } from '../lib/calendar-time';
import { editInitialValues, toUpdateInput, validateEdit, type EditClassValues } from '../lib/edit-class';
import { DateField } from './date-field';
import { PlacementFields } from './placement-fields';
import { WARNING_TITLE_COLOR } from '../lib/event-colors';
import { ScopeChoice } from './scope-choice';
import { TimeField } from './time-field';

type EditClassFormProps = { event: CalendarEvent; options: CalendarOptions; timeZone: string; country: GymCountry; onDone: () => void };

/** Edit a class: its time, length, capacity, coaches (a substitute), place, and for one class its date. */
export function EditClassForm({ event, options, timeZone, country, onDone }: EditClassFormProps) {
  const update = useUpdateClass(event.eventId);
  const today = gymToday(timeZone);
  const form = useForm<EditClassValues>({ initialValues: editInitialValues(event), validate: (values) => validateEdit(values, event, today) });
  const [unchanged, setUnchanged] = useState(false);
  const { values } = form;

  const submit = form.onSubmit((v) => {
    const body = toUpdateInput(v, event);
    setUnchanged(body === null);
    if (body) update.mutate(body, { onSuccess: onDone });
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="edit-class-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="edit-class-title" tabIndex={-1} data-autofocus>
          Edit class
        </Title>
        {event.seriesId && (
          <ScopeChoice
            label="Change"
            value={values.scope}
            onChange={(scope) => {
              form.setFieldValue('scope', scope);
              // Spec: only a single class moves to another date.
              if (scope !== 'this') form.setFieldValue('date', event.startDate);
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {values.scope === 'this' && <DateField label="Date" required country={country} minDate={today} {...form.getInputProps('date')} />}
          <TimeField
            label="Start time"
            country={country}
            value={values.startTime}
            onChange={(t) => form.setFieldValue('startTime', t)}
            error={form.errors.startTime}
          />
          <NumberInput label="Duration (minutes)" withAsterisk min={5} max={1440} step={5} allowDecimal={false} {...form.getInputProps('durationMinutes')} />
          <NumberInput label="Capacity" withAsterisk min={1} max={1000} allowDecimal={false} {...form.getInputProps('capacity')} />
        </SimpleGrid>
        <PlacementFields
          options={options}
          knownCoaches={event.coaches}
          value={{ coachIds: values.coachIds, locationId: values.locationId, roomId: values.roomId }}
          onChange={(patch) => form.setValues(patch)}
        />
        {unchanged && <Alert color="yellow" title={calendarMessages.nothingToChange} styles={{ title: { color: WARNING_TITLE_COLOR } }} />}
        {update.error && (
          <Alert color="red" title="The class was not changed">
            {update.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Back
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
