import { z } from 'zod';
import { gymCountries } from '../roles';
import { isoDateSchema, uuidSchema } from './common';
import { coachSchema, localTimeSchema, locationRefSchema } from './events';
import { bookabilitySchema } from './bookability';

/**
 * Issue 16: the staff calendar (`/calendar/scheduling`) and the schedule's writes: recurring class series, one-off
 * classes, and changes or cancellations of one occurrence, this and the following ones, or the whole series.
 */

export const calendarMessages = {
  seriesNotFound: 'Class series not found.',
  rangeTooLong: 'Show at most 42 days at once.',
  endBeforeStart: 'The end date cannot be before the start date.',
  lastBeforeFirst: 'The last date cannot be before the first date.',
  firstDateInPast: 'The first date cannot be before today.',
  dateInPast: 'A class cannot be scheduled in the past.',
  weekdaysRequired: 'Choose at least one weekday.',
  coachNotFound: 'Coach not found.',
  coachTwice: 'Each coach can be chosen once.',
  roomNotFound: 'Room not found.',
  roomNotAtLocation: 'The room is not at the chosen location.',
  classTypeArchived: 'This class type is archived; restore it first.',
  locationArchived: 'This location is archived; restore it first.',
  roomArchived: 'This room is archived; restore it first.',
  coachBusy: 'A coach is already booked at that time.',
  /** After the class in conflict is named (issue 34 item 4). */
  coachBusyHint: 'Choose another time or coach.',
  roomBusy: 'The room is already booked at that time.',
  started: 'This class has already started; it can no longer be changed.',
  cancelled: 'This class is cancelled.',
  notInSeries: 'This class is not part of a series: change only this class.',
  dateOnlyThis: 'Only a single class can move to another date.',
  capacityBelowBooked: (held: number) => `${held} athletes hold places in this class: the capacity cannot be lower.`,
  nothingToChange: 'Nothing to change.',
} as const;

/** ISO weekdays of a series: 1 = Monday … 7 = Sunday (spec 3's localisation list). */
export const isoWeekdaySchema = z.number().int().min(1, calendarMessages.weekdaysRequired).max(7, calendarMessages.weekdaysRequired);

export const calendarRoomSchema = z.object({ roomId: z.uuid(), name: z.string() });

/** One class or appointment on the calendar, as the gym tells time. */
export const calendarEventSchema = z.object({
  eventId: z.uuid(),
  kind: z.enum(['class', 'appointment']),
  /** Its class type or appointment type. */
  typeId: z.uuid(),
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
  location: locationRefSchema.nullable(),
  room: calendarRoomSchema.nullable(),
  coaches: z.array(coachSchema),
  seriesId: z.uuid().nullable(),
  isCancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  hasStarted: z.boolean(),
  /** Issue 33: what the desk can do adding an athlete now (rules/booking-policy.ts deskBookabilityOf); null with the reason when nothing. */
  bookability: bookabilitySchema,
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarQuerySchema = z.object({
  /** First and last local date shown, inclusive (at most 42 days: a month view with its edges). */
  start: isoDateSchema,
  end: isoDateSchema,
  locationId: uuidSchema.optional(),
  coachId: uuidSchema.optional(),
  classTypeId: uuidSchema.optional(),
  kind: z.enum(['class', 'appointment', 'all']).default('all'),
  /** Cancelled classes are shown (struck through) unless false. */
  includeCancelled: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  start: z.string(),
  end: z.string(),
  results: z.array(calendarEventSchema),
});
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;

/** What the calendar's filters and forms offer: the gym's types, locations with rooms, and coaches (not archived). */
export const calendarOptionsSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  classTypes: z.array(
    z.object({ classTypeId: z.uuid(), name: z.string(), color: z.string(), defaultDurationMinutes: z.number().int(), defaultCapacity: z.number().int() }),
  ),
  appointmentTypes: z.array(z.object({ appointmentTypeId: z.uuid(), name: z.string(), color: z.string(), durationMinutes: z.number().int() })),
  locations: z.array(z.object({ locationId: z.uuid(), name: z.string(), rooms: z.array(calendarRoomSchema) })),
  coaches: z.array(z.object({ staffId: z.uuid(), fullName: z.string() })),
});
export type CalendarOptions = z.infer<typeof calendarOptionsSchema>;

/** Who teaches, where: shared by a series, a one-off class and a change. The first coach leads. */
const placementFields = {
  coachIds: z.array(uuidSchema).max(5).default([]),
  locationId: uuidSchema.nullable().default(null),
  roomId: uuidSchema.nullable().default(null),
};

export const durationSchema = z.coerce
  .number()
  .int()
  .min(5, 'A class lasts at least 5 minutes.')
  .max(24 * 60, 'A class lasts at most 24 hours.');
export const capacitySchema = z.coerce.number().int().min(1, 'The capacity is at least 1.').max(1000, 'The capacity is at most 1,000.');

export const createSeriesInputSchema = z.object({
  classTypeId: uuidSchema,
  weekdays: z.array(isoWeekdaySchema).min(1, calendarMessages.weekdaysRequired).max(7),
  startTime: localTimeSchema,
  durationMinutes: durationSchema,
  capacity: capacitySchema,
  firstDate: isoDateSchema,
  lastDate: isoDateSchema.nullable().default(null),
  /** Every n weeks. */
  interval: z.coerce.number().int().min(1).max(4).default(1),
  ...placementFields,
});
export type CreateSeriesInput = z.infer<typeof createSeriesInputSchema>;

export const seriesSchema = z.object({
  seriesId: z.uuid(),
  classTypeId: z.uuid(),
  name: z.string(),
  weekdays: z.array(z.number().int()),
  interval: z.number().int(),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  firstDate: z.string(),
  lastDate: z.string().nullable(),
  /** The RRULE with its DTSTART;TZID (decision 024). */
  rrule: z.string(),
  location: locationRefSchema.nullable(),
  room: calendarRoomSchema.nullable(),
  coaches: z.array(coachSchema),
  materializedThrough: z.string(),
  upcomingCount: z.number().int(),
});
export type Series = z.infer<typeof seriesSchema>;

export const createSeriesAnswerSchema = z.object({ series: seriesSchema, created: z.number().int() });

export const createClassInputSchema = z.object({
  classTypeId: uuidSchema,
  date: isoDateSchema,
  startTime: localTimeSchema,
  durationMinutes: durationSchema,
  capacity: capacitySchema,
  ...placementFields,
});
export type CreateClassInput = z.infer<typeof createClassInputSchema>;

export const changeScopeSchema = z.enum(['this', 'following', 'all']);
export type ChangeScope = z.infer<typeof changeScopeSchema>;

/**
 * A change of a class: only this one, this and the following ones of its series, or the whole series (from today on;
 * classes that have started keep what they had). Fields left out stay as they are; a new date only for `this`.
 */
export const updateClassInputSchema = z.object({
  scope: changeScopeSchema.default('this'),
  date: isoDateSchema.optional(),
  startTime: localTimeSchema.optional(),
  durationMinutes: durationSchema.optional(),
  capacity: capacitySchema.optional(),
  coachIds: z.array(uuidSchema).max(5).optional(),
  locationId: uuidSchema.nullable().optional(),
  roomId: uuidSchema.nullable().optional(),
});
export type UpdateClassInput = z.infer<typeof updateClassInputSchema>;

export const cancelClassInputSchema = z.object({
  scope: changeScopeSchema.default('this'),
  /** Told to each booked athlete. */
  reason: z.string().trim().max(500).default(''),
});
export type CancelClassInput = z.infer<typeof cancelClassInputSchema>;

/** What a change or a cancellation did: the classes changed, and the athletes told (cancellation) or promoted. */
export const classChangeAnswerSchema = z.object({
  changed: z.number().int(),
  notified: z.number().int(),
  promoted: z.number().int(),
});
export type ClassChangeAnswer = z.infer<typeof classChangeAnswerSchema>;

export const rosterEntrySchema = z.object({
  reservationId: z.uuid(),
  athlete: z.object({ athleteId: z.uuid(), fullName: z.string() }),
  isReserved: z.boolean(),
  isCheckedIn: z.boolean(),
  isWaitlisted: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
  registrationDatetime: z.string(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** A class's roster: who holds places (booked or checked in) and who waits, in line order. */
export const rosterAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  event: calendarEventSchema,
  attendees: z.array(rosterEntrySchema),
  waitlist: z.array(rosterEntrySchema),
});
export type RosterAnswer = z.infer<typeof rosterAnswerSchema>;
