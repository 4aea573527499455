import '@mantine/dates/styles.css';
import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Fieldset, Grid, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { WEEKDAY_NAMES, localeOf, toZoned, type AvailabilityAnswer, type CoachAvailability, type GymCountry } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useAddTimeOff, useAvailability, useRemoveTimeOff, useReplaceCoachAppointmentTypes, useReplaceCoachHours } from '../api/availability';
import { addRange, copyMondayToWeekdays, draftProblem, sameWeek, sortedDraft, timeOffLabel, toDraft, type DraftRange } from '../lib/weekly-hours';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

/**
 * Spec 2.7 `/calendar/availability` (issue 16): a coach's weekly hours (in the gym's zone), the appointment types they
 * offer and their time off. Appointment slots are offered only inside the hours, clear of time off.
 */
export function AvailabilityPage() {
  const availability = useAvailability();
  const [chosen, setChosen] = useState<string | null>(null);
  if (availability.isError) {
    return (
      <>
        <PageHeader title="Availability" />
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      </>
    );
  }
  if (!availability.data) {
    return (
      <>
        <PageHeader title="Availability" />
        <Stack aria-busy="true">
          <Skeleton height={56} maw={360} />
          <Skeleton height={320} />
        </Stack>
      </>
    );
  }
  const answer = availability.data;
  if (answer.coaches.length === 0) {
    return (
      <>
        <PageHeader title="Availability" />
        <Alert title="No coaches yet">Mark staff members as coaches on their accounts, then set their hours here.</Alert>
      </>
    );
  }
  const coach = answer.coaches.find((c) => c.staffId === chosen) ?? answer.coaches[0]!;
  return (
    <>
      <PageHeader title="Availability" />
      <Select
        label="Coach"
        maw={360}
        mb="lg"
        searchable
        allowDeselect={false}
        data={answer.coaches.map((c) => ({ value: c.staffId, label: c.fullName }))}
        value={coach.staffId}
        onChange={(v) => v && setChosen(v)}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <WeeklyHours key={coach.staffId} coach={coach} timeZone={answer.timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <OfferedTypes key={coach.staffId} coach={coach} types={answer.appointmentTypes} />
            <TimeOffList key={coach.staffId} coach={coach} timeZone={answer.timeZone} country={answer.country} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function WeeklyHours({ coach, timeZone }: { coach: CoachAvailability; timeZone: string }) {
  const [draft, setDraft] = useState<DraftRange[]>(() => toDraft(coach.hours));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useReplaceCoachHours(coach.staffId);
  const unchanged = sameWeek(coach.hours, draft);
  const change = (next: DraftRange[]) => {
    setDraft(next);
    setProblem(null);
  };
  const setTime = (key: string, field: 'startTime' | 'endTime', value: string) => change(draft.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const submit = () => {
    const found = draftProblem(draft);
    setProblem(found);
    if (found) return;
    save.mutate(
      sortedDraft(draft).map(({ weekday, startTime, endTime }) => ({ weekday, startTime, endTime })),
      { onSuccess: (saved) => setDraft(toDraft(saved.hours)) },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="weekly-hours-title">
      <Title order={2} size="h3" id="weekly-hours-title">
        Weekly hours
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {coach.fullName} is offered for appointments only inside these hours ({timeZone} time).
      </Text>
      <Stack gap="sm">
        {WEEKDAY_NAMES.map((day, i) => {
          const weekday = i + 1;
          const ranges = draft.filter((r) => r.weekday === weekday);
          return (
            <Fieldset key={day} legend={day} variant="filled" p="sm">
              <Stack gap="xs">
                {ranges.map((r) => (
                  <Group key={r.key} gap="xs" align="flex-end" wrap="nowrap">
                    <TimeInput
                      label="From"
                      value={r.startTime}
                      onChange={(e) => setTime(r.key, 'startTime', e.currentTarget.value)}
                      style={{ flex: 1 }}
                      maw={160}
                    />
                    <TimeInput label="To" value={r.endTime} onChange={(e) => setTime(r.key, 'endTime', e.currentTarget.value)} style={{ flex: 1 }} maw={160} />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="lg"
                      mb={2}
                      aria-label={`Remove ${day} ${r.startTime}–${r.endTime}`}
                      onClick={() => change(draft.filter((x) => x.key !== r.key))}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Group>
                ))}
                <Group gap="xs">
                  {ranges.length === 0 && (
                    <Text size="sm" c="dimmed" miw={100}>
                      Not available
                    </Text>
                  )}
                  <Button variant="subtle" size="compact-sm" aria-label={`Add hours on ${day}`} onClick={() => change(addRange(draft, weekday))}>
                    + Add hours
                  </Button>
                  {weekday === 1 && ranges.length > 0 && (
                    <Button variant="subtle" size="compact-sm" onClick={() => change(copyMondayToWeekdays(draft))}>
                      Copy Monday to weekdays
                    </Button>
                  )}
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        {problem && (
          <Alert color="red" title="Check the hours" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={unchanged || save.isPending} onClick={() => change(toDraft(coach.hours))}>
            Undo changes
          </Button>
          <Button loading={save.isPending} disabled={unchanged} onClick={submit}>
            Save hours
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function OfferedTypes({ coach, types }: { coach: CoachAvailability; types: AvailabilityAnswer['appointmentTypes'] }) {
  const [value, setValue] = useState<string[]>(coach.appointmentTypeIds);
  const save = useReplaceCoachAppointmentTypes(coach.staffId);
  const unchanged = value.length === coach.appointmentTypeIds.length && value.every((id) => coach.appointmentTypeIds.includes(id));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="offered-types-title">
      <Title order={2} size="h3" id="offered-types-title" mb="xs">
        Appointment types
      </Title>
      {types.length === 0 ? (
        <Text size="sm" c="dimmed">
          The gym has no appointment types yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <Checkbox.Group label={`${coach.fullName} offers`} value={value} onChange={setValue}>
            <Stack gap="xs" mt="xs">
              {types.map((t) => (
                <Checkbox key={t.appointmentTypeId} value={t.appointmentTypeId} label={t.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button loading={save.isPending} disabled={unchanged} onClick={() => save.mutate(value)}>
              Save appointment types
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

function TimeOffList({ coach, timeZone, country }: { coach: CoachAvailability; timeZone: string; country: GymCountry }) {
  const today = toZoned(new Date(), timeZone).date;
  const { dateFormat, firstDayOfWeek } = localeOf(country);
  const [startDate, setStartDate] = useState<string | null>(today);
  const [endDate, setEndDate] = useState<string | null>(today);
  const [wholeDays, setWholeDays] = useState(true);
  const [startTime, setStartTime] = useState('09:00');
  const [endTime, setEndTime] = useState('17:00');
  const [reason, setReason] = useState('');
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const submit = () => {
    if (!startDate || !endDate) return;
    add.mutate({ staffId: coach.staffId, startDate, endDate, reason, ...(wholeDays ? {} : { startTime, endTime }) }, { onSuccess: () => setReason('') });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="time-off-title">
      <Title order={2} size="h3" id="time-off-title" mb="xs">
        Time off
      </Title>
      {coach.timeOff.length === 0 ? (
        <Text size="sm" c="dimmed" mb="md">
          No time off coming up.
        </Text>
      ) : (
        <Stack gap="xs" mb="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Time off of ${coach.fullName}`}>
          {coach.timeOff.map((t) => (
            <Group key={t.timeOffId} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={500}>{timeOffLabel(t, country)}</Text>
                {t.reason && (
                  <Text size="sm" c="dimmed">
                    {t.reason}
                  </Text>
                )}
              </Stack>
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="compact-sm"
                aria-label={`Remove time off ${timeOffLabel(t, country)}`}
                loading={remove.isPending && remove.variables === t.timeOffId}
                onClick={() => remove.mutate(t.timeOffId)}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Fieldset legend="Add time off" variant="filled" p="sm">
        <Stack gap="xs">
          <Group grow gap="xs" align="flex-start">
            <DatePickerInput
              label="First day"
              value={startDate}
              minDate={today}
              valueFormat={dateFormat}
              firstDayOfWeek={firstDayOfWeek}
              onChange={(d) => {
                setStartDate(d);
                if (d && endDate && endDate < d) setEndDate(d);
              }}
            />
            <DatePickerInput
              label="Last day"
              value={endDate}
              minDate={startDate ?? today}
              valueFormat={dateFormat}
              firstDayOfWeek={firstDayOfWeek}
              onChange={setEndDate}
            />
          </Group>
          <Checkbox label="Whole days" checked={wholeDays} onChange={(e) => setWholeDays(e.currentTarget.checked)} />
          {!wholeDays && (
            <Group grow gap="xs">
              <TimeInput label="From (first day)" value={startTime} onChange={(e) => setStartTime(e.currentTarget.value)} />
              <TimeInput label="Until (last day)" value={endTime} onChange={(e) => setEndTime(e.currentTarget.value)} />
            </Group>
          )}
          <TextInput
            label="Reason"
            description="Optional; staff see it here."
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button loading={add.isPending} disabled={!startDate || !endDate} onClick={submit}>
              Add time off
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </Paper>
  );
}
