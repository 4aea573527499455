import { Alert, Button, Chip, Group, Input, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import type { CalendarOptions, GymCountry } from '@spotter/shared';
import { isShown, markShown } from '../../../lib/api-client';
import { fieldRefusal } from '../../../lib/form-refusal';
import { useCreateClass, useCreateSeries } from '../api/class-writes';
import { gymToday } from '../lib/calendar-time';
import { toSubmission, typeDefaults, validateClassForm, type ClassFormValues, type Repeat } from '../lib/class-form';
import { isoWeekdayOf, isoWeekdays } from '../lib/labels';
import { DateField } from './date-field';
import { PlacementFields } from './placement-fields';
import { TimeField } from './time-field';
import type { NewClassSlot } from './calendar-grid';

type NewClassModalProps = {
  /** Where the form starts: a clicked day or selected time range; null when closed. */
  slot: NewClassSlot | null;
  options: CalendarOptions;
  onClose: () => void;
  onCreated?: (date: string) => void;
};

/** "New class": a one-off class or a weekly series (spec 2.7 `/calendar/scheduling`). */
export function NewClassModal({ slot, options, onClose, onCreated }: NewClassModalProps) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={slot !== null}
      onClose={onClose}
      title="New class"
      size="lg"
      fullScreen={isNarrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {slot && <NewClassForm slot={slot} options={options} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function initialValues(slot: NewClassSlot, options: CalendarOptions): ClassFormValues {
  const firstType = options.classTypes.length === 1 ? options.classTypes[0]! : null;
  const defaults = firstType ? typeDefaults(options, firstType.classTypeId) : null;
  return {
    classTypeId: firstType?.classTypeId ?? null,
    repeat: 'once',
    date: slot.date,
    lastDate: null,
    weekdays: [String(isoWeekdayOf(slot.date))],
    interval: '1',
    startTime: slot.startTime ?? '',
    durationMinutes: slot.durationMinutes && slot.durationMinutes > 30 ? slot.durationMinutes : (defaults?.durationMinutes ?? ''),
    capacity: defaults?.capacity ?? '',
    coachIds: [],
    locationId: options.locations.length === 1 ? options.locations[0]!.locationId : null,
    roomId: null,
  };
}

function NewClassForm({
  slot,
  options,
  onClose,
  onCreated,
}: {
  slot: NewClassSlot;
  options: CalendarOptions;
  onClose: () => void;
  onCreated?: (date: string) => void;
}) {
  const country: GymCountry = options.country;
  const today = gymToday(options.timeZone);
  const createSeries = useCreateSeries();
  const createClass = useCreateClass();
  const form = useForm<ClassFormValues>({ initialValues: initialValues(slot, options), validate: (values) => validateClassForm(values, today) });
  const weekdaysId = useId();
  const { values } = form;
  const weekly = values.repeat === 'weekly';
  const pending = createSeries.isPending || createClass.isPending;
  // Issue 34: a refusal that names the form's fields is shown on them; any other in the dialog (`failure`).
  const [isOnFields, setIsOnFields] = useState(false);
  const failure = isOnFields ? undefined : (weekly ? createSeries.error : createClass.error)?.message;

  const submit = form.onSubmit((v) => {
    const submission = toSubmission(v);
    const onError = (error: Error) => {
      const placed = fieldRefusal(error, Object.keys(v));
      form.setErrors(placed);
      setIsOnFields(isShown(error));
      // The dialog shows the refusal itself, so it is not notified as well.
      markShown(error);
    };
    setIsOnFields(false);
    const done = { onSuccess: () => (onCreated?.(v.date!), onClose()), onError };
    if (submission.kind === 'series') createSeries.mutate(submission.body, done);
    else createClass.mutate(submission.body, done);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Select
          label="Class type"
          withAsterisk
          data-autofocus
          placeholder="Choose a class type"
          data={options.classTypes.map((t) => ({ value: t.classTypeId, label: t.name }))}
          {...form.getInputProps('classTypeId')}
          onChange={(classTypeId) => {
            form.setFieldValue('classTypeId', classTypeId);
            const defaults = typeDefaults(options, classTypeId);
            if (!defaults) return;
            // A dragged range longer than one slot keeps its length; otherwise the type's default.
            if (!(slot.durationMinutes && slot.durationMinutes > 30)) form.setFieldValue('durationMinutes', defaults.durationMinutes);
            form.setFieldValue('capacity', defaults.capacity);
          }}
        />
        <SegmentedControl
          aria-label="Repeat"
          value={values.repeat}
          onChange={(repeat) => {
            form.setFieldValue('repeat', repeat as Repeat);
            createSeries.reset();
            createClass.reset();
          }}
          data={[
            { value: 'once', label: 'One-off' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        {weekly && (
          <Input.Wrapper label="Weekdays" withAsterisk error={form.errors.weekdays} labelElement="div" id={weekdaysId}>
            <Chip.Group multiple value={values.weekdays} onChange={(weekdays) => form.setFieldValue('weekdays', weekdays)}>
              <Group gap={6} mt={4} role="group" aria-labelledby={`${weekdaysId}-label`}>
                {isoWeekdays.map((d) => (
                  <Chip key={d.value} value={String(d.value)} aria-label={d.long}>
                    {d.short}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label={weekly ? 'First date' : 'Date'} required country={country} minDate={today} {...form.getInputProps('date')} />
          {weekly && (
            <DateField
              label="Last date"
              description="Leave empty to repeat with no end"
              clearable
              country={country}
              minDate={values.date ?? today}
              {...form.getInputProps('lastDate')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: weekly ? 2 : 3 }} spacing="sm">
          <TimeField
            label="Start time"
            country={country}
            value={values.startTime}
            onChange={(t) => form.setFieldValue('startTime', t)}
            error={form.errors.startTime}
          />
          <NumberInput label="Duration (minutes)" withAsterisk min={5} max={1440} step={5} allowDecimal={false} {...form.getInputProps('durationMinutes')} />
          <NumberInput label="Capacity" withAsterisk min={1} max={1000} allowDecimal={false} {...form.getInputProps('capacity')} />
          {weekly && (
            <Select
              label="Repeats"
              allowDeselect={false}
              data={[
                { value: '1', label: 'Every week' },
                { value: '2', label: 'Every 2 weeks' },
                { value: '3', label: 'Every 3 weeks' },
                { value: '4', label: 'Every 4 weeks' },
              ]}
              {...form.getInputProps('interval')}
            />
          )}
        </SimpleGrid>
        <PlacementFields
          options={options}
          value={{ coachIds: values.coachIds, locationId: values.locationId, roomId: values.roomId }}
          onChange={(patch) => form.setValues(patch)}
        />
        {failure && (
          <Alert color="red" title={weekly ? 'The series was not created' : 'The class was not created'} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {weekly ? 'Create series' : 'Create class'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
