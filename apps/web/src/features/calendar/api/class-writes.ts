import {
  calendarEventSchema,
  classReservationSchema,
  classChangeAnswerSchema,
  createSeriesAnswerSchema,
  type CancelClassInput,
  type CreateClassInput,
  type CreateSeriesInput,
  type UpdateClassInput,
} from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** POST class-series/: a weekly series; its classes are made at once over the rolling window. */
export function useCreateSeries() {
  return useApiMutation({
    mutationFn: (body: CreateSeriesInput) => callEndpoint('createSeries', { body }, { schema: createSeriesAnswerSchema }),
    success: (answer) => ({ title: 'Class series created', message: `${answer.series.name}: ${plural(answer.created, 'class', 'classes')} scheduled.` }),
    errorTitle: 'Creating the class series failed',
    invalidates: [eventKeys.all],
  });
}

/** POST classes/: a one-off class. */
export function useCreateClass() {
  return useApiMutation({
    mutationFn: (body: CreateClassInput) => callEndpoint('createClass', { body }, { schema: calendarEventSchema }),
    success: (event) => ({ title: 'Class created', message: `${event.name} is on the calendar.` }),
    errorTitle: 'Creating the class failed',
    invalidates: [eventKeys.all],
  });
}

/** PUT classes/{eventId}/: this class, this and the following ones, or the whole series. */
export function useUpdateClass(eventId: string) {
  return useApiMutation({
    mutationFn: (body: UpdateClassInput) => callEndpoint('updateClass', { params: { eventId }, body }, { schema: classChangeAnswerSchema }),
    success: (answer) => ({
      title: 'Class updated',
      message: [
        `${plural(answer.changed, 'class', 'classes')} changed.`,
        answer.promoted > 0 ? `${plural(answer.promoted, 'athlete', 'athletes')} moved from the waitlist into a place.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    }),
    errorTitle: 'Updating the class failed',
    invalidates: [eventKeys.all],
  });
}

/** POST classes/{eventId}/cancel/: booked and waiting athletes are emailed and their bookings removed. */
export function useCancelClass(eventId: string) {
  return useApiMutation({
    mutationFn: (body: CancelClassInput) => callEndpoint('cancelClass', { params: { eventId }, body }, { schema: classChangeAnswerSchema }),
    success: (answer) => ({
      title: answer.changed === 1 ? 'Class cancelled' : 'Classes cancelled',
      message: `${plural(answer.changed, 'class', 'classes')} cancelled; ${plural(answer.notified, 'athlete was', 'athletes were')} emailed.`,
    }),
    errorTitle: 'Cancelling the class failed',
    invalidates: [eventKeys.all],
  });
}

/**
 * POST athlete-kilo-classes/ on an athlete's behalf from the roster: a place, or the waitlist when the class is full
 * (spec 8's texts for adding an athlete).
 */
export function useAddAthlete(eventId: string) {
  return useApiMutation({
    mutationFn: ({ athleteId }: { athleteId: string; fullName: string }) =>
      callEndpoint(
        'createClassReservation',
        { body: { athlete: athleteId, kiloClass: eventId, isReserved: true, isCheckedIn: false, joinWaitlist: true } },
        { schema: classReservationSchema },
      ),
    success: (answer, v) => ({
      title: 'Adding athlete to class success',
      message: answer.isWaitlisted ? `${v.fullName} is number ${answer.waitlistPosition ?? '?'} on the waitlist.` : `${v.fullName} is booked.`,
    }),
    errorTitle: 'Adding athlete failed',
    invalidates: [eventKeys.all],
  });
}
