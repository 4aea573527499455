import { DocumentRequiredAlert } from '../../../components/document-required-alert';
import { PackageRequiredAlert } from '../../../components/package-required-alert';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDate, formatTime, toZoned, type ScheduleClassAnswer } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { isApiError } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useBookClass, useCancelBooking, useScheduleClass } from '../api/schedule';
import { bookingAction, cancellationNotice, myStateLabel, placesLabel } from '../lib/booking-state';
import { FETCH_FAILED_MESSAGE } from './schedule-page';
import classes from './class-page.module.css';

/** Spec 2.4 `/classes/{eventId}` (issue 16): a class's details and the athlete's Book, Cancel, Join or Leave waitlist. */
export function ClassPage() {
  const { eventId = '' } = useParams();
  const one = useScheduleClass(eventId);
  const back = (
    <Button component={Link} to={one.data ? `/?date=${one.data.event.startDate}` : '/'} variant="default" mb="md">
      ← Schedule
    </Button>
  );
  if (one.isError) {
    const missing = isApiError(one.error) && (one.error.status === 404 || one.error.status === 400);
    return (
      <>
        {back}
        {missing ? (
          <Alert title="Class not found">This class does not exist or is not in your gym.</Alert>
        ) : (
          <Alert color="red.9" title="Error">
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
          <Skeleton height={120} />
        </Stack>
      </>
    );
  }
  return (
    <>
      {back}
      <ClassDetail answer={one.data} />
    </>
  );
}

function ClassDetail({ answer }: { answer: ScheduleClassAnswer }) {
  const { event: c, timeZone, country, workout } = answer;
  const athleteId = useCurrentSession().athlete?.athleteId ?? null;
  const book = useBookClass(c.eventId);
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState(false);
  const action = bookingAction(c);
  const state = myStateLabel(c);
  const time = (instant: string) => formatTime(toZoned(new Date(instant), timeZone).time, country);
  const coaches = c.coaches.map((coach) => coach.fullName).join(', ');

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {c.name}
        </Title>
        {state && (
          <Badge size="lg" color={c.myBooking?.isWaitlisted ? 'yellow' : 'teal.9'} c={c.myBooking?.isWaitlisted ? 'dark' : undefined}>
            {state}
          </Badge>
        )}
      </Group>
      <Stack gap={4}>
        <Text size="lg">
          {formatDate(c.startDate, country)} · {time(c.startsAt)} – {time(c.endsAt)}
        </Text>
        {coaches && <Text>Coach: {coaches}</Text>}
        {c.location && <Text>{c.location.name}</Text>}
        {c.isCancelled ? (
          <Alert color="gray" title="This class is cancelled">
            {c.cancelReason ? `The gym says: ${c.cancelReason}` : 'The gym has cancelled this class. Choose another one on the schedule.'}
          </Alert>
        ) : (
          <Text fw={500}>{c.hasStarted ? 'This class has started.' : placesLabel(c)}</Text>
        )}
        {c.myBooking?.isWaitlisted && (
          <Text>
            You are number {c.myBooking.waitlistPosition} on the waitlist. If a place frees before the class starts, it is yours: you will see Booked here.
          </Text>
        )}
      </Stack>
      <ActionButton
        action={action}
        pending={book.isPending || cancel.isPending}
        disabled={!athleteId}
        onBook={(joinWaitlist) => athleteId && book.mutate({ athleteId, joinWaitlist })}
        onCancel={() => setConfirming(true)}
      />
      <DocumentRequiredAlert error={book.error} />
      <PackageRequiredAlert error={book.error} />
      {workout && (
        <Paper component="section" withBorder radius="md" p="md" aria-labelledby="class-workout" className={classes.workout}>
          <Title order={2} size="h3" id="class-workout" mb="xs">
            Workout{workout.title ? `: ${workout.title}` : ''}
          </Title>
          <RichText html={workout.content} />
        </Paper>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={action === 'leaveWaitlist' ? 'Leave the waitlist?' : 'Cancel your booking?'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {c.name}, {formatDate(c.startDate, country)} at {time(c.startsAt)}.
          </Text>
          {action === 'cancel' && <Text fw={500}>{cancellationNotice(c, country)}</Text>}
          {action === 'leaveWaitlist' && <Text>You lose your place in line.</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() =>
                c.myBooking &&
                cancel.mutate(
                  { reservationId: c.myBooking.reservationId, leavesWaitlist: action === 'leaveWaitlist' },
                  { onSettled: () => setConfirming(false) },
                )
              }
            >
              {action === 'leaveWaitlist' ? 'Leave waitlist' : 'Cancel booking'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ActionButton(props: {
  action: ReturnType<typeof bookingAction>;
  pending: boolean;
  disabled: boolean;
  onBook: (joinWaitlist: boolean) => void;
  onCancel: () => void;
}) {
  const common = { size: 'lg' as const, loading: props.pending, disabled: props.disabled, fullWidth: true, maw: 360 };
  switch (props.action) {
    case 'book':
      return (
        <Button {...common} onClick={() => props.onBook(false)}>
          Book
        </Button>
      );
    case 'joinWaitlist':
      return (
        <Button {...common} onClick={() => props.onBook(true)}>
          Join waitlist
        </Button>
      );
    case 'cancel':
      return (
        <Button {...common} variant="outline" color="red.9" onClick={props.onCancel}>
          Cancel booking
        </Button>
      );
    case 'leaveWaitlist':
      return (
        <Button {...common} variant="outline" color="red.9" onClick={props.onCancel}>
          Leave waitlist
        </Button>
      );
    case 'none':
      return null;
  }
}
