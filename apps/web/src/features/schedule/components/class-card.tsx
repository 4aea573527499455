import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatTime, toZoned, type GymCountry, type ScheduleClass } from '@spotter/shared';
import { myStateLabel, placesLabel } from '../lib/booking-state';

const timeOf = (instant: string, timeZone: string, country: GymCountry) => formatTime(toZoned(new Date(instant), timeZone).time, country);

/** One class of the day (or, in My Events, an appointment): time, name, coaches and room, places left or Full, and the athlete's own state. */
export function ClassCard({ c, timeZone, country, withDate = false }: { c: ScheduleClass; timeZone: string; country: GymCountry; withDate?: boolean }) {
  const state = myStateLabel(c);
  const coaches = c.coaches.map((coach) => coach.fullName).join(', ');
  return (
    <Card
      component={Link}
      to={c.kind === 'appointment' ? `/appointments/${c.eventId}` : `/classes/${c.eventId}`}
      withBorder
      padding="md"
      radius="md"
      data-class={c.name}
      style={{ borderLeft: `6px solid var(--mantine-color-${c.isCancelled ? 'gray' : c.color}-6, var(--mantine-color-blue-6))` }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg">
            {withDate && `${formatDate(c.startDate, country)} · `}
            {timeOf(c.startsAt, timeZone, country)} – {timeOf(c.endsAt, timeZone, country)}
          </Text>
          <Text fw={600} td={c.isCancelled ? 'line-through' : undefined}>
            {c.name}
          </Text>
          {(coaches || c.location) && (
            <Text size="sm" c="dimmed">
              {[coaches, c.location?.name].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          {state && (
            <Badge color={c.myBooking?.isWaitlisted ? 'yellow' : 'teal.9'} variant="filled" c={c.myBooking?.isWaitlisted ? 'dark' : undefined}>
              {state}
            </Badge>
          )}
          <Text size="sm" fw={500}>
            {c.isCancelled ? 'Cancelled' : c.hasStarted ? (withDate ? '' : 'Started') : c.kind === 'appointment' ? 'Appointment' : placesLabel(c)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
