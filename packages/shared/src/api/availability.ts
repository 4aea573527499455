import { z } from 'zod';
import { gymCountries } from '../roles';
import { isoDateWithin, uuidSchema } from './common';
import { localTimeSchema } from './events';

/**
 * Issue 16 `/calendar/availability` (spec 2.7, no permission: every staff member): each coach's weekly hours in the
 * gym's zone, the appointment types they offer, and their time off. Appointment slots are offered only inside them.
 */

export const availabilityMessages = {
  coachNotFound: 'Coach not found.',
  weekday: 'Choose a weekday from 1 (Monday) to 7 (Sunday).',
  tooManyRanges: 'At most 84 time ranges a week.',
  timeOffNotFound: 'Time off not found.',
  timeOffEndBeforeStart: 'The time off must end after it starts.',
  timeOffBothTimes: 'Give both a start and an end time, or neither for whole days.',
  timeOffTooLong: 'A time off lasts at most one year.',
  reasonTooLong: 'The reason is at most 200 characters.',
  appointmentTypeNotFound: 'Appointment type not found.',
  dateRange: 'Choose a date between 2000 and 2099.',
} as const;

/** A date of the schedule: a real date, within the years anyone books in (the zone arithmetic stays in range). */
export const scheduleDateSchema = isoDateWithin('2000-01-01', '2099-12-31', availabilityMessages.dateRange);

export const weeklyRangeInputSchema = z.object({
  weekday: z
    .number({ error: availabilityMessages.weekday })
    .int(availabilityMessages.weekday)
    .min(1, availabilityMessages.weekday)
    .max(7, availabilityMessages.weekday),
  startTime: localTimeSchema,
  endTime: localTimeSchema,
});

/** A coach's whole week, replacing what was there (empty: no hours). */
export const replaceWeeklyHoursInputSchema = z.object({
  hours: z.array(weeklyRangeInputSchema).max(84, availabilityMessages.tooManyRanges).default([]),
});
export type ReplaceWeeklyHoursInput = z.input<typeof replaceWeeklyHoursInputSchema>;

/** The appointment types a coach offers, replacing what was there. */
export const replaceCoachAppointmentTypesInputSchema = z.object({
  appointmentTypeIds: z.array(uuidSchema).max(100).default([]),
});

export const weeklyRangeSchema = z.object({ weekday: z.number().int(), startTime: z.string(), endTime: z.string() });
export type WeeklyRangeAnswer = z.infer<typeof weeklyRangeSchema>;

export const timeOffSchema = z.object({
  timeOffId: z.uuid(),
  staffId: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** As the gym tells it; for whole days the end date is the last day off. */
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  isAllDay: z.boolean(),
  reason: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const coachAvailabilitySchema = z.object({
  staffId: z.uuid(),
  fullName: z.string(),
  /** By weekday, then start time; times HH:MM. */
  hours: z.array(weeklyRangeSchema),
  appointmentTypeIds: z.array(z.uuid()),
  /** Time off that has not ended yet, soonest first. */
  timeOff: z.array(timeOffSchema),
});
export type CoachAvailability = z.infer<typeof coachAvailabilitySchema>;

export const availabilityAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  /** The gym's appointment types that are not archived, by name. */
  appointmentTypes: z.array(z.object({ appointmentTypeId: z.uuid(), name: z.string() })),
  /** Staff of the gym who coach, by name. */
  coaches: z.array(coachAvailabilitySchema),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** Time off from a local date and time to another, or whole days (no times), in the gym's zone. */
export const createTimeOffInputSchema = z.object({
  staffId: uuidSchema,
  startDate: scheduleDateSchema,
  endDate: scheduleDateSchema,
  startTime: localTimeSchema.nullable().default(null),
  endTime: localTimeSchema.nullable().default(null),
  reason: z.string().trim().max(200, availabilityMessages.reasonTooLong).default(''),
});
export type CreateTimeOffInput = z.input<typeof createTimeOffInputSchema>;
