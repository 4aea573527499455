import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { addDays, localeOf, type CalendarEvent, type GymCountry } from '@spotter/shared';
import { useCalendar } from '../api/get-calendar';
import { eventAccent } from '../lib/event-colors';
import { placesLabel, timeSpanLabel, waitlistLabel } from '../lib/labels';
import type { CalendarFilters } from '../lib/view-state';
import { filterQuery } from '../lib/view-state';
import { FETCH_FAILED_MESSAGE } from './event-drawer';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const weekTitle = (from: string, to: string, country: GymCountry) =>
  new Intl.DateTimeFormat(localeOf(country).locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
    .formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`))
    .replace(/\s/g, ' ');

const dayName = (date: string, country: GymCountry) =>
  new Intl.DateTimeFormat(localeOf(country).locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** The seven days shown around `date`: blocks of seven from the gym's today, so today always starts its block. */
export function stripStart(date: string, today: string): string {
  return addDays(today, 7 * Math.floor(daysBetween(today, date) / 7));
}

type AgendaProps = {
  /** The chosen day (the gym's). */
  date: string;
  today: string;
  timeZone: string;
  country: GymCountry;
  filters: CalendarFilters;
  onDate: (date: string) => void;
  onOpen: (event: CalendarEvent) => void;
  onNewClass: () => void;
};

/** The phone's schedule (spec 2.8): a strip of seven days, then the chosen day's classes and appointments. */
export function Agenda({ date, today, timeZone, country, filters, onDate, onOpen, onNewClass }: AgendaProps) {
  const start = stripStart(date, today);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const calendar = useCalendar({ start, end: days[6]!, ...filterQuery(filters) });
  const events = (calendar.data?.results ?? []).filter((e) => e.startDate === date).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const isLoading = !calendar.data || (calendar.isPlaceholderData && calendar.data.start !== start);

  return (
    <>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Button variant="subtle" size="compact-md" onClick={() => onDate(addDays(start, -7))} aria-label="Previous seven days">
          ‹
        </Button>
        <Text fw={600} aria-live="polite">
          {weekTitle(start, days[6]!, country)}
        </Text>
        <Button variant="subtle" size="compact-md" onClick={() => onDate(addDays(start, 7))} aria-label="Next seven days">
          ›
        </Button>
      </Group>
      <Group gap={4} wrap="nowrap" role="group" aria-label="Day" mb="md">
        {days.map((d) => (
          <Button
            key={d}
            variant={d === date ? 'filled' : 'default'}
            aria-pressed={d === date}
            aria-label={`${d === today ? 'Today, ' : ''}${dayName(d, country)}`}
            onClick={() => onDate(d)}
            h={56}
            px={2}
            miw={0}
            style={{ flex: 1 }}
          >
            <Stack gap={0} align="center">
              <Text size="xs" fw={500} inherit>
                {d === today ? 'Today' : WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()]}
              </Text>
              <Text fw={700} inherit>
                {Number(d.slice(8, 10))}
              </Text>
            </Stack>
          </Button>
        ))}
      </Group>
      {calendar.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : isLoading ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the schedule">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={88} radius="md" />
          ))}
        </Stack>
      ) : events.length === 0 ? (
        <Alert title="Nothing scheduled on this day">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Choose another day above, or add a class.</Text>
            <Button size="xs" onClick={onNewClass}>
              New class
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Classes and appointments">
          {events.map((e) => (
            <li key={e.eventId}>
              <AgendaCard event={e} timeZone={timeZone} country={country} onOpen={() => onOpen(e)} />
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

function AgendaCard({ event, timeZone, country, onOpen }: { event: CalendarEvent; timeZone: string; country: GymCountry; onOpen: () => void }) {
  const coaches = event.coaches.map((c) => c.fullName).join(', ');
  const place = [event.location?.name, event.room?.name].filter(Boolean).join(' · ');
  const waiting = waitlistLabel(event);
  const strike = event.isCancelled ? { textDecoration: 'line-through' } : undefined;
  return (
    <UnstyledButton onClick={onOpen} w="100%" data-event-id={event.eventId} aria-haspopup="dialog">
      <Card
        withBorder
        padding="sm"
        radius="md"
        style={{ borderLeft: `6px solid ${eventAccent(event.color, event.isCancelled)}` }}
        c={event.isCancelled ? 'gray.7' : undefined}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={strike}>
              {timeSpanLabel(event, timeZone, country)}
            </Text>
            <Text fw={600} style={strike}>
              {event.name}
            </Text>
            {(coaches || place) && (
              <Text size="sm" c="dimmed">
                {[coaches, place].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {event.isCancelled ? (
              <Badge color="gray.7" variant="filled">
                Cancelled
              </Badge>
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {placesLabel(event)}
                </Text>
                {waiting && (
                  <Text size="sm" c="dimmed">
                    {waiting}
                  </Text>
                )}
              </>
            )}
            {event.kind === 'appointment' && (
              <Text size="xs" c="dimmed">
                Appointment
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
