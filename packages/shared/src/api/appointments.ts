import { z } from 'zod';
import { gymCountries } from '../roles';
import { dateTimeWithin, uuidSchema } from './common';
import { availabilityMessages, scheduleDateSchema } from './availability';
import { coachSchema, locationRefSchema, taxRateSchema } from './events';
import { bookabilitySchema, myBookingSchema } from './schedule';

/**
 * Issue 16: appointments booked into a coach's free slot (rules/appointment-slots.ts). The athlete app's
 * `/appointments/{eventId}` shows an appointment type's booking flow or one of the athlete's own appointments.
 */

export const appointmentMessages = {
  typeNotFound: 'Appointment type not found.',
  coachNotOffered: 'This coach does not offer this appointment type.',
  slotTaken: 'This time is no longer available.',
  notFound: 'Appointment not found.',
  startFormat: 'Give the start as an ISO date and time.',
} as const;

export const appointmentSlotsQuerySchema = z.object({
  appointmentTypeId: uuidSchema,
  /** The gym-local date. */
  date: scheduleDateSchema,
  /** Only this coach's slots. */
  staffId: uuidSchema.optional(),
});

export const appointmentSlotSchema = z.object({
  staffId: z.uuid(),
  coachName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The gym-local start, HH:MM. */
  startTime: z.string(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentSlotsAnswerSchema = z.object({
  timeZone: z.string(),
  country: z.enum(gymCountries),
  date: z.string(),
  appointmentTypeId: z.uuid(),
  durationMinutes: z.number().int(),
  /** Earliest first, then by coach. */
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentSlotsAnswer = z.infer<typeof appointmentSlotsAnswerSchema>;

export const bookAppointmentInputSchema = z.object({
  appointmentTypeId: uuidSchema,
  staffId: uuidSchema,
  startsAt: dateTimeWithin('2000-01-01', '2099-12-31', availabilityMessages.dateRange),
  /** Athletes book for themselves only; staff with Kiosk for anyone of the gym. */
  athleteId: uuidSchema,
});
export type BookAppointmentInput = z.infer<typeof bookAppointmentInputSchema>;

/** An appointment type athletes can book: not archived, offered by at least one coach. */
export const bookableAppointmentTypeSchema = z.object({
  appointmentTypeId: z.uuid(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  /** Minor units; tax as the gym's country says (spec 9). */
  priceMinor: z.number().int(),
  taxRate: taxRateSchema.nullable(),
  lateCancelCutoffMinutes: z.number().int(),
  cancellationFeeMinor: z.number().int(),
  coaches: z.array(z.object({ staffId: z.uuid(), fullName: z.string() })),
  /**
   * Issue 18: a live package of the athlete (or a family member's shared one) covers the type. A hint before a time is
   * chosen; without one the athlete's booking is refused. The booking still asks the one eligibility rule (credits,
   * limits, a hold on the date).
   */
  isCovered: z.boolean(),
});
export type BookableAppointmentType = z.infer<typeof bookableAppointmentTypeSchema>;

const gymFields = { timeZone: z.string(), country: z.enum(gymCountries), isTaxInclusive: z.boolean() };

export const bookableAppointmentTypesSchema = z.object({ ...gymFields, results: z.array(bookableAppointmentTypeSchema) });
export type BookableAppointmentTypes = z.infer<typeof bookableAppointmentTypesSchema>;

/** One appointment, with the booking of the athlete it is read for. */
export const appointmentDetailSchema = z.object({
  eventId: z.uuid(),
  appointmentTypeId: z.uuid(),
  name: z.string(),
  color: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  duration: z.number().int(),
  capacity: z.number().int(),
  priceMinor: z.number().int(),
  taxRate: taxRateSchema.nullable(),
  coaches: z.array(coachSchema),
  location: locationRefSchema.nullable(),
  isCancelled: z.boolean(),
  hasStarted: z.boolean(),
  myBooking: myBookingSchema.nullable(),
  /** Cancelling the booking now: a late cancel (after the type's cut-off) costs the appointment's cancellation fee. */
  cancellation: z.object({ isLate: z.boolean(), feeMinor: z.number().int(), cutoffMinutes: z.number().int() }),
  /** Issue 33: what the athlete can do with it now (cancel, late cancel, or nothing and why), decided by the server. */
  bookability: bookabilitySchema,
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

export const bookedAppointmentSchema = z.object({ ...gymFields, appointment: appointmentDetailSchema });
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;

/** `/appointments/{eventId}`: the id is a bookable type (`type`) or one of the athlete's own appointments (`appointment`). */
export const athleteAppointmentAnswerSchema = z.object({
  ...gymFields,
  type: bookableAppointmentTypeSchema.nullable(),
  appointment: appointmentDetailSchema.nullable(),
});
export type AthleteAppointmentAnswer = z.infer<typeof athleteAppointmentAnswerSchema>;
