import { Suspense, useEffect, useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatTime, hasPermission, type CalendarOptions, type ClassChangeAnswer, type RosterAnswer, type RosterEntry } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { lazyWithReload, pick } from '../../../lib/chunk-reload';
import { useCurrentSession } from '../../auth';
import { useClassRoster } from '../api/get-class-roster';
import { useSeries } from '../api/get-series';
import { dateTimeLabel, isoWeekdays, placesLabel } from '../lib/labels';
import { AddAthlete } from './add-athlete';
import { CancelClassPanel } from './cancel-class-panel';

// The edit form brings the date and time pickers; it loads when Edit is first pressed.
const EditClassForm = lazyWithReload(
  'calendar-edit-class',
  pick(() => import('./edit-class-form'), 'EditClassForm'),
);

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

type EventDrawerProps = {
  eventId: string | null;
  /** From the link (spec 2.12 `eventType`), so the title is right before the event has loaded. */
  kind: 'class' | 'appointment' | null;
  options: CalendarOptions | undefined;
  onClose: () => void;
  /** Called once the event is known (the page moves to its date when it opened from a link); undefined until the page can. */
  onLoaded?: (event: RosterAnswer['event']) => void;
};

/** An occurrence's details and roster, with Open in kiosk, Edit and Cancel class; the whole screen on a phone. */
export function EventDrawer({ eventId, kind, options, onClose, onLoaded }: EventDrawerProps) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)');
  return (
    <Drawer
      opened={eventId !== null}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'lg'}
      title={kind === 'appointment' ? 'Appointment details' : 'Class details'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {eventId && <EventDetails key={eventId} eventId={eventId} options={options} onLoaded={onLoaded} />}
    </Drawer>
  );
}

type Mode = 'details' | 'edit' | 'cancel';

function EventDetails({ eventId, options, onLoaded }: { eventId: string; options: CalendarOptions | undefined; onLoaded?: EventDrawerProps['onLoaded'] }) {
  const roster = useClassRoster(eventId);
  const [mode, setMode] = useState<Mode>('details');
  const [cancelled, setCancelled] = useState<ClassChangeAnswer | null>(null);
  const loaded = roster.data?.event;
  const isListening = onLoaded !== undefined;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
    // Once per event (and once the page listens): later refetches of the same event do not move the calendar.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.eventId, isListening]);

  if (roster.isError) {
    const missing = isApiError(roster.error) && (roster.error.status === 404 || roster.error.status === 400);
    return missing ? (
      <Alert title="Class not found">This class or appointment does not exist or is not in your gym.</Alert>
    ) : (
      <Alert color="red" title="Error">
        {FETCH_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!roster.data) {
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading the class">
        <Skeleton height={32} width="60%" />
        <Skeleton height={80} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  const { event, timeZone, country } = roster.data;
  if (mode === 'edit' && options) {
    return (
      <Suspense fallback={<Skeleton role="status" height={320} aria-busy="true" aria-label="Loading the form" />}>
        <EditClassForm event={event} options={options} timeZone={timeZone} country={country} onDone={() => setMode('details')} />
      </Suspense>
    );
  }
  if (mode === 'cancel') {
    return (
      <CancelClassPanel
        event={event}
        onBack={() => setMode('details')}
        onCancelled={(answer) => {
          setCancelled(answer);
          setMode('details');
        }}
      />
    );
  }
  return <DetailsView answer={roster.data} cancelled={cancelled} onEdit={options ? () => setMode('edit') : undefined} onCancel={() => setMode('cancel')} />;
}

function DetailsView({
  answer,
  cancelled,
  onEdit,
  onCancel,
}: {
  answer: RosterAnswer;
  cancelled: ClassChangeAnswer | null;
  onEdit?: () => void;
  onCancel: () => void;
}) {
  const { event, timeZone, country, attendees, waitlist } = answer;
  const session = useCurrentSession();
  const isClass = event.kind === 'class';
  // Issue 33: the server's bookability for the desk: a class that still takes an athlete (not cancelled, not started)
  // is one the desk may still edit, cancel or add to; null (with its reason) when not.
  const canChange = isClass && event.bookability.action !== null;
  const place = [event.location?.name, event.room?.name].filter(Boolean).join(' · ');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" align="center">
          <Title order={2} size="h3">
            {event.name}
          </Title>
          {event.isCancelled && (
            <Badge color="gray.7" variant="filled">
              Cancelled
            </Badge>
          )}
          {!event.isCancelled && event.hasStarted && (
            <Badge color="teal.9" variant="filled">
              Started
            </Badge>
          )}
        </Group>
        <Text size="lg">{dateTimeLabel(event, timeZone, country)}</Text>
        <Detail label="Coaches">
          {event.coaches.length
            ? event.coaches.map((c, i) => (i === 0 && event.coaches.length > 1 ? `${c.fullName} (lead)` : c.fullName)).join(', ')
            : 'No coach'}
        </Detail>
        <Detail label="Where">{place || 'No location'}</Detail>
        <Detail label="Places">
          {placesLabel(event)}
          {event.waitlistCount > 0 ? ` · ${event.waitlistCount} waiting` : ''}
        </Detail>
        {isClass ? <SeriesLine seriesId={event.seriesId} country={country} /> : <Detail label="Kind">Appointment</Detail>}
        {event.isCancelled && event.cancelReason && <Detail label="Reason">{event.cancelReason}</Detail>}
      </Stack>
      {cancelled && (
        <Alert color="teal" title={cancelled.changed === 1 ? 'Class cancelled' : `${cancelled.changed} classes cancelled`}>
          {cancelled.notified === 1 ? '1 athlete was emailed.' : `${cancelled.notified} athletes were emailed.`}
        </Alert>
      )}
      <Group gap="sm">
        {hasPermission(session, 'Kiosk') && (
          <Button component={Link} to={`/kiosk/${event.eventId}?eventType=${event.kind}&from=calendar`} variant="light">
            Open in kiosk
          </Button>
        )}
        {canChange && onEdit && (
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
        )}
        {canChange && (
          <Button variant="outline" color="red.9" onClick={onCancel}>
            Cancel class
          </Button>
        )}
      </Group>
      <Divider />
      {canChange && hasPermission(session, 'Kiosk') && <AddAthlete event={event} />}
      <RosterList title="Attendees" entries={attendees} empty="No one has booked yet." />
      {(isClass || waitlist.length > 0) && <RosterList title="Waitlist" entries={waitlist} empty="No one is waiting." ordered />}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function SeriesLine({ seriesId, country }: { seriesId: string | null; country: RosterAnswer['country'] }) {
  const series = useSeries(seriesId);
  if (!seriesId) return <Detail label="Repeats">One-off class</Detail>;
  if (!series.data)
    return (
      <Detail label="Repeats">
        {series.isError ? 'Part of a weekly series' : <Skeleton component="span" height={14} width={180} display="inline-block" />}
      </Detail>
    );
  const s = series.data;
  const days = s.weekdays.map((d) => isoWeekdays.find((w) => w.value === d)?.short ?? '').join(', ');
  const every = s.interval === 1 ? 'Every week' : `Every ${s.interval} weeks`;
  return (
    <Detail label="Repeats">
      {every} on {days} at {formatTime(s.startTime, country)} · {s.upcomingCount} to come
    </Detail>
  );
}

function RosterList({ title, entries, empty, ordered = false }: { title: string; entries: RosterEntry[]; empty: string; ordered?: boolean }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title} ({entries.length})
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <List
          type={ordered ? 'ordered' : 'unordered'}
          listStyleType="none"
          spacing={6}
          aria-label={title}
          styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
        >
          {entries.map((entry) => (
            <List.Item key={entry.reservationId}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text>
                  {ordered && entry.waitlistPosition !== null ? `${entry.waitlistPosition}. ` : ''}
                  {entry.athlete.fullName}
                </Text>
                {!ordered &&
                  (entry.isCheckedIn ? (
                    <Badge color="teal.9" variant="filled">
                      Checked in
                    </Badge>
                  ) : (
                    <Badge color="gray.7" variant="outline">
                      Booked
                    </Badge>
                  ))}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
