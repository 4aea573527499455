import { LabelledPagination } from '../../../components/labelled-pagination';
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatTime, placesLeft, toZoned, type AppointmentSlot, type AthleteRecord, type ScheduleClass } from '@spotter/shared';
import { useAppointmentSlots } from '../../appointments';
import {
  PAGE_SIZE,
  useAppointmentTypesToBook,
  useAthleteAttendance,
  useAthleteBookings,
  useBookableClasses,
  useBookAppointmentForAthlete,
  useBookForAthlete,
  useCancelBooking,
} from '../api/athlete-record';
import { LOAD_ERROR, bookingState, whenOf } from './parts';
import { useGymCountry } from './use-gym-country';

function ClassRow({ c, action }: { c: ScheduleClass; action?: React.ReactNode }) {
  const { country } = useGymCountry();
  const state = bookingState(c);
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} size="sm" lineClamp={1}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {whenOf(c, country)}
            {c.location ? ` · ${c.location.name}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {state && <Badge variant="light">{state}</Badge>}
          {action}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * Issue 33: the upcoming booking's action as the server decided it for the athlete (`bookability`), labelled as the
 * class page labels it (a late cancel is a cancel there too: the desk's cancel carries no fee); null when none.
 */
function cancelLabel(c: ScheduleClass): string | null {
  switch (c.bookability.action) {
    case 'cancel':
    case 'late_cancel':
      return 'Cancel booking';
    case 'leave_waitlist':
      return 'Leave waitlist';
    default:
      return null;
  }
}

/** Attendance: the counts and the visits the front desk marked (checked in, late cancel, no show), each labelled, paged. */
export function AttendanceTab({ athleteId }: { athleteId: string }) {
  const [page, setPage] = useState(1);
  const q = useAthleteAttendance(athleteId, page);
  if (q.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!q.data) return <Skeleton height={240} />;
  const { counts } = q.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {(
          [
            ['Attended', counts.attended],
            ['Last 30 days', counts.attendedLast30Days],
            ['Upcoming', counts.upcoming],
            ['Late cancels', counts.lateCancels],
            ['No shows', counts.noShows],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} size="lg">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h5">
        Visits
      </Title>
      <Text size="xs" c="dimmed">
        Past classes marked checked in, late cancel or no show.
      </Text>
      {q.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visits yet. They show here once the athlete is checked in to a class (or marked late cancel or no show).
        </Text>
      ) : (
        q.data.results.map((c) => <ClassRow key={c.eventId} c={c} />)
      )}
      {q.data.count > PAGE_SIZE && (
        <LabelledPagination total={Math.ceil(q.data.count / PAGE_SIZE)} value={page} onChange={setPage} aria-label="Attendance pages" />
      )}
    </Stack>
  );
}

/** Bookings: what is to come, with cancel, and "Book a class". */
export function BookingsTab({ athlete }: { athlete: AthleteRecord }) {
  const q = useAthleteBookings(athlete.athleteId);
  const cancel = useCancelBooking(athlete.athleteId);
  const [picking, setPicking] = useState(false);
  const [bookingAppointment, setBookingAppointment] = useState(false);
  if (q.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!q.data) return <Skeleton height={240} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Upcoming bookings
        </Title>
        {!athlete.isAnonymised && (
          <Group gap="xs">
            <Button onClick={() => setPicking(true)}>Book a class</Button>
            <Button variant="default" onClick={() => setBookingAppointment(true)}>
              Book an appointment
            </Button>
          </Group>
        )}
      </Group>
      {q.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing booked. Use Book a class or Book an appointment to reserve a place.
        </Text>
      ) : (
        q.data.results.map((c) => {
          const label = cancelLabel(c);
          const reservationId = c.myBooking?.reservationId;
          return (
            <ClassRow
              key={c.eventId}
              c={c}
              action={
                label &&
                reservationId && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={cancel.isPending && cancel.variables === reservationId}
                    onClick={() => cancel.mutate(reservationId)}
                    aria-label={`${label}: ${c.name}`}
                  >
                    {label}
                  </Button>
                )
              }
            />
          );
        })
      )}
      <Modal opened={picking} onClose={() => setPicking(false)} title="Book a class" size="lg">
        {picking && <ClassPicker athleteId={athlete.athleteId} />}
      </Modal>
      <Modal opened={bookingAppointment} onClose={() => setBookingAppointment(false)} title="Book an appointment" size="lg">
        {bookingAppointment && <AppointmentPicker athleteId={athlete.athleteId} onBooked={() => setBookingAppointment(false)} />}
      </Modal>
    </Stack>
  );
}

function ClassPicker({ athleteId }: { athleteId: string }) {
  const { timeZone } = useGymCountry();
  const [date, setDate] = useState(() => toZoned(new Date(), timeZone ?? 'UTC').date);
  const day = useBookableClasses(athleteId, date, true);
  const book = useBookForAthlete(athleteId);
  // Issue 33: the server's bookability for this athlete decides what is offered; the web re-spells no rule.
  const upcoming = (day.data?.results ?? []).filter((c) => c.bookability.action === 'book' || c.bookability.action === 'join_waitlist');
  return (
    <Stack gap="sm">
      <TextInput label="Date" type="date" value={date} onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)} />
      {day.isError && <Text c="red">{LOAD_ERROR}</Text>}
      {!day.data && !day.isError && <Skeleton height={120} />}
      {day.data && upcoming.length === 0 && (
        <Text size="sm" c="dimmed">
          No classes left to book on this day. Choose another date.
        </Text>
      )}
      {upcoming.map((c) => {
        const joinWaitlist = c.bookability.action === 'join_waitlist';
        return (
          <ClassRow
            key={c.eventId}
            c={c}
            action={
              <Button
                size="xs"
                loading={book.isPending && book.variables?.eventId === c.eventId}
                onClick={() => book.mutate({ eventId: c.eventId, joinWaitlist })}
                aria-label={`${joinWaitlist ? 'Join waitlist' : 'Book'}: ${c.name}`}
              >
                {joinWaitlist ? 'Join waitlist' : `Book (${placesLeft(c)} left)`}
              </Button>
            }
          />
        );
      })}
    </Stack>
  );
}

/**
 * An appointment for the athlete (issue 16's booking, as the calendar books one): a type a coach offers, a date, then
 * one of the free slots (every coach's, or the chosen coach's).
 */
function AppointmentPicker({ athleteId, onBooked }: { athleteId: string; onBooked: () => void }) {
  const { timeZone } = useGymCountry();
  const types = useAppointmentTypesToBook(true);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [date, setDate] = useState(() => toZoned(new Date(), timeZone ?? 'UTC').date);
  const slots = useAppointmentSlots(typeId ?? '', typeId ? date : null, null);
  const book = useBookAppointmentForAthlete(athleteId);
  const type = types.data?.find((t) => t.appointmentTypeId === typeId) ?? null;
  const key = (s: AppointmentSlot) => `${s.staffId}:${s.startsAt}`;
  if (types.isError) return <Text c="red">{LOAD_ERROR}</Text>;
  if (!types.data) return <Skeleton height={120} />;
  if (types.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No appointment types to book. Add one, with the coaches who offer it, under Events → Appointments.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Select
        label="Appointment type"
        placeholder="Choose a type"
        data={types.data.map((t) => ({ value: t.appointmentTypeId, label: `${t.name} (${t.durationMinutes} min)` }))}
        value={typeId}
        onChange={setTypeId}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label="Date" type="date" value={date} onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)} />
      {type && slots.isError && <Text c="red">{LOAD_ERROR}</Text>}
      {type && !slots.data && !slots.isError && <Skeleton height={80} />}
      {type && slots.data && slots.data.slots.length === 0 && (
        <Text size="sm" c="dimmed">
          No free times on this day. Choose another date.
        </Text>
      )}
      {type && slots.data && slots.data.slots.length > 0 && (
        <Stack gap="xs" role="list" aria-label="Free times">
          {slots.data.slots.map((slot) => (
            <Card key={key(slot)} withBorder padding="xs" role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">
                  {formatTime(slot.startTime, slots.data.country)} · {slot.coachName}
                </Text>
                <Button
                  size="xs"
                  aria-label={`Book ${type.name} at ${formatTime(slot.startTime, slots.data.country)} with ${slot.coachName}`}
                  loading={book.isPending && book.variables?.startsAt === slot.startsAt && book.variables.staffId === slot.staffId}
                  disabled={book.isPending}
                  onClick={() =>
                    book.mutate({ appointmentTypeId: type.appointmentTypeId, staffId: slot.staffId, startsAt: slot.startsAt }, { onSuccess: onBooked })
                  }
                >
                  Book
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
