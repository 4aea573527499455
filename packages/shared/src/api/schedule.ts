import { z } from 'zod';
import { gymCountries } from '../roles';
import { isoDateSchema, pageSchema, paginationQuerySchema } from './common';
import { coachSchema, locationRefSchema } from './events';
import { classWorkoutSchema } from './programming';
import { bookabilitySchema } from './bookability';

/**
 * The athlete's schedule (issue 16): a day of the gym's classes, each with its places and the athlete's own booking,
 * and what cancelling it now would mean.
 */
export const myBookingSchema = z.object({
  reservationId: z.uuid(),
  isReserved: z.boolean(),
  isWaitlisted: z.boolean(),
  /** While waitlisted: the place in line, 1 first. */
  waitlistPosition: z.number().int().positive().nullable(),
  isCheckedIn: z.boolean(),
  isLateCancel: z.boolean(),
  isNoShow: z.boolean(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

export { bookabilityActions, bookabilitySchema, type Bookability } from './bookability';

export const scheduleClassSchema = z.object({
  eventId: z.uuid(),
  /** My Events lists appointments too (`/appointments/{eventId}`); the day's schedule has classes only. */
  kind: z.enum(['class', 'appointment']),
  name: z.string(),
  color: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  duration: z.number().int(),
  capacity: z.number().int(),
  placesHeld: z.number().int(),
  waitlistCount: z.number().int(),
  coaches: z.array(coachSchema),
  location: locationRefSchema.nullable(),
  hasStarted: z.boolean(),
  /** Cancelled by the gym (issue 16): shown, not bookable; the bookings it had were released and their athletes emailed. */
  isCancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  myBooking: myBookingSchema.nullable(),
  /** Cancelling the athlete's booking now: a late cancel (after the cut-off) costs the class's cancellation fee. */
  cancellation: z.object({ isLate: z.boolean(), feeMinor: z.number().int(), cutoffMinutes: z.number().int() }),
  bookability: bookabilitySchema,
});
export type ScheduleClass = z.infer<typeof scheduleClassSchema>;

export const scheduleDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  country: z.enum(gymCountries),
  isTaxInclusive: z.boolean(),
  results: z.array(scheduleClassSchema),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const scheduleQuerySchema = z.object({ date: isoDateSchema.optional() });

export const scheduleClassAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  isTaxInclusive: z.boolean(),
  event: scheduleClassSchema,
  /** The workout of the day of the class's type (programming), or null. */
  workout: classWorkoutSchema.nullable(),
});
export type ScheduleClassAnswer = z.infer<typeof scheduleClassAnswerSchema>;

/** `/events` and `/events/attendance`: the athlete's bookings of classes and appointments to come (soonest first) or past (latest first). */
export const myBookingsQuerySchema = paginationQuerySchema.extend({ when: z.enum(['upcoming', 'past']).default('upcoming') });
export const myBookingsPageSchema = pageSchema(scheduleClassSchema);

/** The athlete's attendance at a glance (issue 16 `/events/attendance`), counted in the gym's classes. */
export const myAttendanceSchema = z.object({
  attended: z.number().int(),
  attendedLast30Days: z.number().int(),
  upcoming: z.number().int(),
  lateCancels: z.number().int(),
  noShows: z.number().int(),
});
export type MyAttendance = z.infer<typeof myAttendanceSchema>;
