import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { myAttendanceSchema, myBookingsPageSchema, scheduleClassAnswerSchema, scheduleDaySchema } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

/** The athlete's schedule reads sit under ['events'] too, so a booking refreshes them with the kiosk's (eventKeys.all). */
export const scheduleKeys = {
  day: (date: string | null) => ['events', 'schedule', 'day', date ?? 'today'] as const,
  one: (eventId: string) => ['events', 'schedule', 'class', eventId] as const,
  mine: (when: 'upcoming' | 'past', limit: number) => ['events', 'schedule', 'mine', when, limit] as const,
  attendance: ['events', 'schedule', 'attendance'] as const,
};

/** The athlete's bookings to come or past; "Show more" raises the page size (the server pages, 100 at most). */
export function useMyBookings(when: 'upcoming' | 'past', limit: number) {
  return useQuery({
    queryKey: scheduleKeys.mine(when, limit),
    queryFn: ({ signal }) => callEndpoint('myBookings', { query: { when, limit, offset: 0 }, signal }, { schema: myBookingsPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useMyAttendance() {
  return useQuery({
    queryKey: scheduleKeys.attendance,
    queryFn: ({ signal }) => callEndpoint('myAttendance', { signal }, { schema: myAttendanceSchema }),
  });
}

export function useScheduleDay(date: string | null) {
  return useQuery({
    queryKey: scheduleKeys.day(date),
    queryFn: ({ signal }) => callEndpoint('athleteSchedule', { query: date ? { date } : {}, signal }, { schema: scheduleDaySchema }),
  });
}

export function useScheduleClass(eventId: string) {
  return useQuery({
    queryKey: scheduleKeys.one(eventId),
    queryFn: ({ signal }) => callEndpoint('athleteScheduleClass', { params: { eventId }, signal }, { schema: scheduleClassAnswerSchema }),
  });
}

/** Book a class, or join its waitlist when it is full (the server decides, in the order of joining). */
export function useBookClass(eventId: string) {
  return useApiMutation({
    mutationFn: ({ athleteId, joinWaitlist }: { athleteId: string; joinWaitlist: boolean }) =>
      callEndpoint('createClassReservation', { body: { athlete: athleteId, kiloClass: eventId, isReserved: true, isCheckedIn: false, joinWaitlist } }),
    success: (_data, v) => (v.joinWaitlist ? 'You joined the waitlist.' : 'Your place is booked.'),
    errorTitle: (v) => (v.joinWaitlist ? 'Joining the waitlist failed' : 'Booking failed'),
    invalidates: [eventKeys.all],
  });
}

/** Cancel a booking, or leave the waitlist. */
export function useCancelBooking() {
  return useApiMutation({
    mutationFn: ({ reservationId }: { reservationId: string; leavesWaitlist: boolean }) =>
      callEndpoint('deleteClassReservation', { params: { athleteKiloClassId: reservationId } }),
    success: (_data, v) => (v.leavesWaitlist ? 'You left the waitlist.' : 'Your booking is cancelled.'),
    errorTitle: (v) => (v.leavesWaitlist ? 'Leaving the waitlist failed' : 'Cancelling failed'),
    invalidates: [eventKeys.all],
  });
}
