import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { KioskEvent } from '@spotter/shared';
import { timingStatus, type TimingState } from '../lib/event-timing';
import { COACH_NAMES_SHOWN, appointmentNamesShown, attendanceLabel, firstAttendeeLabel, namesLabel } from '../lib/labels';
import { formatTimeRange } from '../lib/dates';
import { eventKindOf } from '../lib/event-kind';
import type { KioskContext } from './use-kiosk-context';

/** Spec 4: green ongoing, blue upcoming, neutral ended. Badge colours keep white text above 4.5:1. */
export const cardColors: Record<TimingState, { background: string; border: string; badge: string }> = {
  ongoing: { background: 'var(--mantine-color-green-0)', border: 'var(--mantine-color-green-7)', badge: '#1f7a35' },
  upcoming: { background: 'var(--mantine-color-blue-0)', border: 'var(--mantine-color-blue-7)', badge: 'blue.9' },
  ended: { background: 'var(--mantine-color-gray-0)', border: 'var(--mantine-color-gray-5)', badge: 'gray.7' },
};

type EventCardProps = { event: KioskEvent; context: KioskContext; now: Date; isDesktop: boolean };

export function EventCard({ event, context, now, isDesktop }: EventCardProps) {
  const timing = timingStatus(event.startsAt, event.endsAt, now);
  const colors = cardColors[timing.state];
  const kind = eventKindOf(event.eventType);
  const coaches = namesLabel(event.coaches.map((c) => c.fullName), COACH_NAMES_SHOWN);
  const attendees =
    kind === 'class'
      ? firstAttendeeLabel(event.firstAttendee, event.attendeeCount)
      : namesLabel(event.athleteAppointments.map((a) => a.athlete.fullName), appointmentNamesShown(isDesktop));
  return (
    <Card
      component={Link}
      to={`/kiosk/${event.eventId}?eventType=${kind}`}
      withBorder
      radius="md"
      padding="md"
      data-timing={timing.state}
      style={{ background: colors.background, borderLeft: `6px solid ${colors.border}`, minHeight: 132 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" lineClamp={2}>
            {event.eventName}
          </Title>
          <Badge color={colors.badge} variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }}>
            {timing.label}
          </Badge>
        </Group>
        <Text fw={600}>{formatTimeRange(event.startsAt, event.endsAt, context.timeZone, context.country)}</Text>
        {event.location && <Text size="sm">{event.location.name}</Text>}
        {coaches && (
          <Text size="sm" lineClamp={1}>
            Coach: {coaches}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap" justify="space-between">
          {kind === 'class' && (
            <Badge variant="outline" color="dark" size="lg">
              {attendanceLabel(event.attendeeCount, event.capacity)}
            </Badge>
          )}
          <Text size="sm" lineClamp={1} style={{ minWidth: 0 }}>
            {attendees ?? 'No athletes yet'}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
