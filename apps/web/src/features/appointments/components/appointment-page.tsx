import { DocumentRequiredAlert } from '../../../components/document-required-alert';
import { PackageRequiredAlert } from '../../../components/package-required-alert';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import {
  addDays,
  dayOfWeek,
  formatDate,
  formatTime,
  toZoned,
  type AppointmentDetail,
  type AppointmentSlot,
  type AthleteAppointmentAnswer,
  type BookableAppointmentType,
  type GymCountry,
} from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useAppointmentSlots, useAthleteAppointment, useBookAppointment, useCancelAppointment } from '../api/appointments';
import { appointmentCancelNotice, cancelPolicy, offerLabel, priceBreakdown, priceLabel } from '../lib/pricing';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';
/** Issue 16: athletes see two weeks of dates to book in. */
export const BOOKING_DAYS = 14;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const ANY_COACH = 'any';

const timeOf = (instant: string, timeZone: string, country: GymCountry) => formatTime(toZoned(new Date(instant), timeZone).time, country);

/**
 * Spec 2.4 `/appointments/{eventId}` (issue 16): for an appointment type, its booking flow (two weeks of dates, an
 * optional coach, the free times, a confirmation with the price); for one of the athlete's own appointments, its
 * details and Cancel.
 */
export function AppointmentPage() {
  const { eventId = '' } = useParams();
  const one = useAthleteAppointment(eventId);
  const back = (
    <Button component={Link} to={one.data?.appointment ? '/events' : '/'} variant="default" mb="md">
      {one.data?.appointment ? '← My Events' : '← Schedule'}
    </Button>
  );
  if (one.isError) {
    const missing = isApiError(one.error) && (one.error.status === 404 || one.error.status === 400);
    return (
      <>
        {back}
        {missing ? (
          <Alert title="Appointment not found">This appointment does not exist, is not yours or is not in your gym.</Alert>
        ) : (
          <Alert color="red" title="Error">
            {FETCH_FAILED_MESSAGE}
          </Alert>
        )}
      </>
    );
  }
  if (!one.data) {
    return (
      <>
        {back}
        <Stack aria-busy="true">
          <Skeleton height={40} />
          <Skeleton height={56} />
          <Skeleton height={120} />
        </Stack>
      </>
    );
  }
  return (
    <>
      {back}
      {one.data.appointment ? (
        <AppointmentView answer={one.data} appointment={one.data.appointment} />
      ) : (
        one.data.type && <BookingFlow answer={one.data} type={one.data.type} />
      )}
    </>
  );
}

function BookingFlow({ answer, type }: { answer: AthleteAppointmentAnswer; type: BookableAppointmentType }) {
  const { timeZone, country, isTaxInclusive } = answer;
  const today = toZoned(new Date(), timeZone).date;
  const [date, setDate] = useState(today);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<AppointmentSlot | null>(null);
  const slots = useAppointmentSlots(type.appointmentTypeId, date, staffId);
  const athleteId = useCurrentSession().athlete?.athleteId ?? null;
  const book = useBookAppointment();
  const navigate = useNavigate();
  const results = slots.data && slots.data.date === date ? slots.data.slots : null;
  const byCoach = groupByCoach(results ?? []);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {type.name}
        </Title>
        <Text size="lg">
          {type.durationMinutes} min · {offerLabel(type, country, isTaxInclusive)}
        </Text>
        {type.description && <Text c="dimmed">{type.description}</Text>}
      </Stack>
      {/* Issue 18: an athlete books an appointment only on a package that covers it; this says so, or why a booking was refused, and where to get one. */}
      <PackageRequiredAlert error={book.error} needsPackage={!type.isCovered} of="appointment" />
      {type.coaches.length > 1 && (
        <Select
          label="Coach"
          maw={360}
          data={[{ value: ANY_COACH, label: 'Any coach' }, ...type.coaches.map((c) => ({ value: c.staffId, label: c.fullName }))]}
          value={staffId ?? ANY_COACH}
          onChange={(v) => setStaffId(v && v !== ANY_COACH ? v : null)}
          allowDeselect={false}
        />
      )}
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="xs" wrap="nowrap" role="group" aria-label="Day">
          {Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(today, i)).map((d) => (
            <Button
              key={d}
              variant={d === date ? 'filled' : 'default'}
              aria-pressed={d === date}
              data-date={d}
              onClick={() => setDate(d)}
              h={56}
              px="sm"
              miw={64}
            >
              <Stack gap={0} align="center">
                <Text size="xs" fw={500} inherit>
                  {d === today ? 'Today' : WEEKDAYS[dayOfWeek(d)]}
                </Text>
                <Text fw={700} inherit>
                  {Number(d.slice(8, 10))}
                </Text>
              </Stack>
            </Button>
          ))}
        </Group>
      </ScrollArea>
      <Title order={2} size="h4">
        Free times on {formatDate(date, country)}
      </Title>
      {slots.isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : !results ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={42} radius="sm" />
          ))}
        </SimpleGrid>
      ) : results.length === 0 ? (
        <Alert title="No free times on this day">{staffId ? 'Choose another day, or any coach.' : 'Choose another day above.'}</Alert>
      ) : (
        byCoach.map(([coachName, list]) => (
          <Stack key={coachName} gap="xs" component="section" aria-label={`Free times with ${coachName}`}>
            <Text fw={600}>{coachName}</Text>
            <SimpleGrid cols={{ base: 3, sm: 5, md: 6 }} spacing="xs">
              {list.map((slot) => (
                <Button
                  key={`${slot.staffId}-${slot.startsAt}`}
                  variant="light"
                  aria-label={`${formatTime(slot.startTime, country)} with ${slot.coachName}`}
                  onClick={() => setChosen(slot)}
                >
                  {formatTime(slot.startTime, country)}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title="Confirm your appointment" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {chosen && (
          <Stack>
            <Stack gap={4}>
              <Text fw={600}>{type.name}</Text>
              <Text>
                {formatDate(date, country)} · {timeOf(chosen.startsAt, timeZone, country)} – {timeOf(chosen.endsAt, timeZone, country)}
              </Text>
              <Text>Coach: {chosen.coachName}</Text>
              <Text>Price: {priceBreakdown(type, country, isTaxInclusive)}</Text>
              <Text size="sm" c="dimmed">
                {cancelPolicy(type, country)}
              </Text>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChosen(null)}>
                Back
              </Button>
              <Button
                loading={book.isPending}
                disabled={!athleteId}
                onClick={() =>
                  athleteId &&
                  book.mutate(
                    { appointmentTypeId: type.appointmentTypeId, staffId: chosen.staffId, startsAt: chosen.startsAt, athleteId },
                    {
                      onSuccess: (booked) => void navigate(`/appointments/${booked.appointment.eventId}`, { replace: true }),
                      onSettled: () => setChosen(null),
                    },
                  )
                }
              >
                Book
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <DocumentRequiredAlert error={book.error} />
    </Stack>
  );
}

function groupByCoach(slots: AppointmentSlot[]): [string, AppointmentSlot[]][] {
  const groups = new Map<string, AppointmentSlot[]>();
  for (const s of slots) groups.set(s.coachName, [...(groups.get(s.coachName) ?? []), s]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The athlete's state on their appointment, as its badge says it. */
export function appointmentState(a: AppointmentDetail): { label: string; color: string } {
  const mine = a.myBooking;
  if (mine?.isLateCancel) return { label: 'Late cancel', color: 'orange.9' };
  if (mine?.isNoShow) return { label: 'No show', color: 'red.9' };
  if (a.isCancelled) return { label: 'Cancelled', color: 'gray.8' };
  if (mine?.isCheckedIn) return { label: 'Checked in', color: 'teal.9' };
  return { label: 'Booked', color: 'teal.9' };
}

function AppointmentView({ answer, appointment: a }: { answer: AthleteAppointmentAnswer; appointment: AppointmentDetail }) {
  const { timeZone, country, isTaxInclusive } = answer;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelAppointment();
  const navigate = useNavigate();
  const state = appointmentState(a);
  const mine = a.myBooking;
  // Issue 33: the server's decision from the booking policy; the page re-spells no rule.
  const canCancel = a.bookability.action === 'cancel' || a.bookability.action === 'late_cancel';
  const coaches = a.coaches.map((c) => c.fullName).join(', ');
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {a.name}
        </Title>
        <Badge size="lg" color={state.color}>
          {state.label}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text size="lg">
          {formatDate(a.startDate, country)} · {timeOf(a.startsAt, timeZone, country)} – {timeOf(a.endsAt, timeZone, country)}
        </Text>
        {coaches && <Text>Coach: {coaches}</Text>}
        {a.location && <Text>{a.location.name}</Text>}
        <Text>Price: {priceLabel(a, country, isTaxInclusive)}</Text>
        {a.hasStarted && !a.isCancelled && <Text fw={500}>This appointment has started.</Text>}
      </Stack>
      {canCancel && (
        <Button size="lg" variant="outline" color="red.9" fullWidth maw={360} onClick={() => setConfirming(true)}>
          Cancel appointment
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel your appointment?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>
            {a.name}, {formatDate(a.startDate, country)} at {timeOf(a.startsAt, timeZone, country)}.
          </Text>
          <Text fw={500}>{appointmentCancelNotice(a, country)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                mine &&
                cancel.mutate(
                  { reservationId: mine.reservationId, eventId: a.eventId },
                  { onSuccess: () => void navigate('/events', { replace: true }), onSettled: () => setConfirming(false) },
                )
              }
            >
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
