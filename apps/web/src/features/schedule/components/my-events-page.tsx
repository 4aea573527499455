import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { useMyAttendance, useMyBookings } from '../api/schedule';
import { ClassCard } from './class-card';
import { FETCH_FAILED_MESSAGE } from './schedule-page';

const PAGE = 20;

/** The athlete's bookings, to come or past, with "Show more" (the server pages them). */
function BookingList({ when, empty }: { when: 'upcoming' | 'past'; empty: ReactNode }) {
  const [limit, setLimit] = useState(PAGE);
  const list = useMyBookings(when, limit);
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  if (list.isError || gym.isError) {
    return (
      <Alert color="red" title="Error">
        {FETCH_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!list.data || !gym.data) {
    return (
      <Stack aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.data.count === 0) return <>{empty}</>;
  return (
    <Stack gap="sm">
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={when === 'upcoming' ? 'Upcoming bookings' : 'Past classes'}
      >
        {list.data.results.map((c) => (
          <li key={c.eventId}>
            <ClassCard c={c} timeZone={gym.data.timeZone} country={gym.data.country} withDate />
          </li>
        ))}
      </Stack>
      {list.data.results.length < list.data.count && limit < 100 && (
        <Button variant="default" loading={list.isFetching} onClick={() => setLimit((l) => Math.min(100, l + PAGE))}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

/** Spec 2.4 `/events` (issue 16): the athlete's upcoming bookings. */
export function MyEventsPage() {
  return (
    <>
      <PageHeader
        title="My Events"
        actions={
          <Button component={Link} to="/events/attendance" variant="default">
            Attendance
          </Button>
        }
      />
      <BookingList
        when="upcoming"
        empty={
          <Alert title="No upcoming bookings">
            <Group gap="xs">
              <Text>Book a class or an appointment from the</Text>
              <Button component={Link} to="/" variant="subtle" size="compact-md">
                Schedule
              </Button>
            </Group>
          </Alert>
        }
      />
    </>
  );
}

const figures = [
  { key: 'attended', label: 'Classes attended' },
  { key: 'attendedLast30Days', label: 'In the last 30 days' },
  { key: 'upcoming', label: 'Booked to come' },
  { key: 'lateCancels', label: 'Late cancels' },
  { key: 'noShows', label: 'No shows' },
] as const;

/** Spec 2.4 `/events/attendance` (issue 16): counts, then the classes past, latest first. */
export function AttendancePage() {
  const counts = useMyAttendance();
  return (
    <>
      <PageHeader title="Attendance" />
      {counts.isError ? (
        <Alert color="red" title="Error" mb="md">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 5 }} mb="lg" aria-busy={!counts.data}>
          {figures.map((f) => (
            <Paper key={f.key} withBorder p="sm" radius="md">
              {counts.data ? (
                <Text fw={700} size="xl" aria-describedby={`figure-${f.key}`}>
                  {counts.data[f.key]}
                </Text>
              ) : (
                <Skeleton height={28} width={40} />
              )}
              <Text size="sm" c="dimmed" id={`figure-${f.key}`}>
                {f.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Text fw={600} mb="sm">
        History
      </Text>
      <BookingList when="past" empty={<Alert title="No classes yet">The classes you book and attend show here.</Alert>} />
    </>
  );
}
