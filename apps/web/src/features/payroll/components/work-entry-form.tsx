import { useEffect } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { payrollMessages, toZoned, type WorkEntry, type WorkEntryInput } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { useSaveWorkEntry, useWorkCategories } from '../api/payroll';
import { fieldRefusal } from '../../../lib/form-refusal';

export type WorkEntryValues = {
  workCategoryId: string | null;
  date: string;
  mode: 'times' | 'duration';
  startTime: string;
  endTime: string;
  hours: number | string;
  minutes: number | string;
  note: string;
};

export function entryValues(entry: WorkEntry | null, today: string, timeZone: string): WorkEntryValues {
  if (!entry) return { workCategoryId: null, date: today, mode: 'times', startTime: '', endTime: '', hours: '', minutes: '', note: '' };
  const hhmm = (iso: string | null) => (iso ? toZoned(new Date(iso), timeZone).time.slice(0, 5) : '');
  return {
    workCategoryId: entry.workCategoryId,
    date: entry.date,
    mode: entry.startsAt ? 'times' : 'duration',
    startTime: hhmm(entry.startsAt),
    endTime: hhmm(entry.endsAt),
    hours: entry.startsAt ? '' : Math.floor(entry.minutes / 60),
    minutes: entry.startsAt ? '' : entry.minutes % 60,
    note: entry.note,
  };
}

export function entryInput(v: WorkEntryValues): WorkEntryInput {
  const times = v.mode === 'times';
  return {
    workCategoryId: v.workCategoryId ?? '',
    date: v.date,
    startTime: times ? v.startTime : null,
    endTime: times ? v.endTime : null,
    durationMinutes: times ? null : Number(v.hours || 0) * 60 + Number(v.minutes || 0),
    note: v.note.trim(),
  };
}

/** Log time, or change an own entry that is not approved: start and end in the gym's zone, or a duration. */
export function WorkEntryForm({
  opened,
  onClose,
  entry,
  today,
  timeZone,
}: {
  opened: boolean;
  onClose: () => void;
  entry: WorkEntry | null;
  today: string;
  timeZone: string;
}) {
  const categories = useWorkCategories();
  const save = useSaveWorkEntry();
  const form = useForm<WorkEntryValues>({
    initialValues: entryValues(null, today, timeZone),
    validate: {
      workCategoryId: (v) => (v ? null : 'Choose a category.'),
      date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : 'Enter the date.'),
      startTime: (v, all) => (all.mode === 'times' && !v ? payrollMessages.timeOrDuration : null),
      endTime: (v, all) =>
        all.mode === 'times' && v && all.startTime && v <= all.startTime
          ? payrollMessages.endAfterStart
          : all.mode === 'times' && !v
            ? payrollMessages.timeOrDuration
            : null,
      minutes: (_v, all) => {
        if (all.mode !== 'duration') return null;
        const total = Number(all.hours || 0) * 60 + Number(all.minutes || 0);
        return total < 1 ? 'Enter at least 1 minute.' : total > 1440 ? 'At most 24 hours.' : null;
      },
    },
  });
  useEffect(() => {
    if (opened) {
      form.setValues(entryValues(entry, today, timeZone));
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, entry]);
  const submit = form.onSubmit((v) =>
    save.mutate(
      { workEntryId: entry?.workEntryId ?? null, body: entryInput(v) },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.fields) form.setErrors(fieldRefusal(error, Object.keys(form.values), { durationMinutes: 'minutes' }));
          else if (error.status === 409) form.setFieldError(form.values.mode === 'times' ? 'startTime' : 'minutes', error.message);
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={entry ? 'Edit time' : 'Log time'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Category"
            required
            data-autofocus
            data={(categories.data?.results ?? []).filter((c) => !c.isArchived).map((c) => ({ value: c.workCategoryId, label: c.name }))}
            {...form.getInputProps('workCategoryId')}
          />
          <TextInput type="date" label="Date" required {...form.getInputProps('date')} />
          <SegmentedControl
            aria-label="Enter"
            value={form.values.mode}
            onChange={(v) => form.setFieldValue('mode', v as 'times' | 'duration')}
            data={[
              { value: 'times', label: 'Start and end' },
              { value: 'duration', label: 'Duration' },
            ]}
          />
          {form.values.mode === 'times' ? (
            <Group grow align="flex-start">
              <TextInput type="time" label="Start" required {...form.getInputProps('startTime')} />
              <TextInput type="time" label="End" required {...form.getInputProps('endTime')} />
            </Group>
          ) : (
            <Group grow align="flex-start">
              <NumberInput label="Hours" min={0} max={24} allowDecimal={false} allowNegative={false} {...form.getInputProps('hours')} />
              <NumberInput label="Minutes" min={0} max={59} allowDecimal={false} allowNegative={false} {...form.getInputProps('minutes')} />
            </Group>
          )}
          <Textarea label="Note" maxLength={500} autosize minRows={2} {...form.getInputProps('note')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {entry ? 'Save' : 'Log time'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
