import { z } from 'zod';
import { isoDateSchema, uuidSchema } from './common';
import { localTimeSchema, weekdayCodesSchema } from './events';
import { parseMoney } from '../tax';
import { MAX_PRICE_MINOR, moneyLimitMessages } from '../rules/money-limits';

/** The texts of the reservation writes' refusals (the web app prefixes them with the spec-8 situation). */
export const reservationMessages = {
  /** Issue 19: the charge of a mark already billed. */
  chargeInvoiced: 'This charge is already paid on its invoice: refund that payment, or clear the mark, to change it.',
  athleteNotFound: 'Athlete not found.',
  athleteInactive: 'This athlete is not active.',
  reservationNotFound: 'Reservation not found.',
  classFull: 'This class is full.',
  appointmentFull: 'This appointment is full.',
  reservationIdTaken: 'This reservation id is already used by another reservation.',
  alreadyReserved: (name: string, what: 'class' | 'appointment') => `${name} already has a reservation for this ${what}.`,
  reservedOrCheckedIn: 'A reservation must be reserved or checked in.',
  lateCancelXorNoShow: 'A reservation cannot be both a late cancel and a no show.',
  notCredited: 'Only a credited reservation can be marked as a late cancel or a no show.',
  checkedInCannotBeMarked: 'A checked-in reservation cannot be marked as a late cancel or a no show.',
  clearMarkBeforeCheckIn: 'This reservation is marked as a late cancel or a no show. Clear that before checking in.',
  chargeDateBeforeToday: 'The collection date cannot be before today.',
  feeNegative: 'The fee cannot be negative.',
  feeFormat: 'The fee must be an amount with at most 2 decimals.',
  taxRateNotFound: 'Choose a tax rate of this gym.',
  athletesOwnOnly: 'Athletes can only change their own reservations.',
  staffOnlyCharges: 'Only staff can mark a late cancel or a no show.',
  staffOnlyBulk: 'Bulk reservations are made by the front desk. Book each class from the schedule.',
  startBeforeToday: 'The start date cannot be before today.',
  endAfterOneYear: 'The end date cannot be more than one year from today.',
  waitlistFull: 'This class and its waitlist are full.',
  noWaitlist: 'This class is full and has no waitlist.',
  waitlistClassesOnly: 'Only classes have a waitlist.',
  bookingNotOpen: 'Booking for this class is not open yet.',
  bookingClosed: 'Booking for this class has closed.',
} as const;

// Money travels as a decimal string with 2 places ("15.00"); the database keeps integer minor units (../tax.ts).

/** Spec 5/9: a fee is numeric, at least 0, with at most 2 decimals, at most 100,000.00 (decision 040). Accepts "15.00" or 15. */
export const feeInputSchema = z
  .union([z.string(), z.number()], { error: reservationMessages.feeFormat })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .refine((v) => !v.startsWith('-'), reservationMessages.feeNegative)
      .refine((v) => v.startsWith('-') || parseMoney(v) !== null, reservationMessages.feeFormat)
      .transform((v) => parseMoney(v) ?? 0)
      .pipe(z.number().max(MAX_PRICE_MINOR, moneyLimitMessages.fee)),
  );

const reservationStateFields = {
  athlete: z.uuid(),
  gym: z.uuid(),
  isReserved: z.boolean(),
  isCheckedIn: z.boolean(),
  isLateCancel: z.boolean(),
  isNoShow: z.boolean(),
  chargeNow: z.boolean(),
  chargeDate: z.string().nullable(),
  chargeFee: z.string().nullable(),
  taxRate: z.uuid().nullable(),
  deductCredit: z.boolean(),
  isCredited: z.boolean(),
  registrationDatetime: z.string(),
  hasPastDueBills: z.boolean(),
  hasUnsignedDocuments: z.boolean(),
};

export const classReservationSchema = z.object({
  athleteKiloClassId: z.uuid(),
  kiloClass: z.uuid(),
  isWaitlisted: z.boolean(),
  /** While waitlisted: the place in line, 1 first (issue 16); null otherwise. */
  waitlistPosition: z.number().int().positive().nullable(),
  ...reservationStateFields,
});
export type ClassReservation = z.infer<typeof classReservationSchema>;

export const appointmentReservationSchema = z.object({
  athleteAppointmentId: z.uuid(),
  appointment: z.uuid(),
  ...reservationStateFields,
});
export type AppointmentReservation = z.infer<typeof appointmentReservationSchema>;

const createFlags = {
  athlete: uuidSchema,
  isReserved: z.boolean().default(true),
  isCheckedIn: z.boolean().default(false),
};
const reservedOrCheckedIn = (v: { isReserved: boolean; isCheckedIn: boolean }) => v.isReserved || v.isCheckedIn;

/** A reservation, or a walk-in check-in (isReserved false, isCheckedIn true) with a client-made id. */
export const createClassReservationInputSchema = z
  .object({
    athleteKiloClassId: uuidSchema.optional(),
    kiloClass: uuidSchema,
    ...createFlags,
    /** Issue 16: when the class is full, join its waitlist (in the order of joining) rather than be refused. */
    joinWaitlist: z.boolean().default(false),
  })
  .refine(reservedOrCheckedIn, { message: reservationMessages.reservedOrCheckedIn, path: ['isReserved'] });
export type CreateClassReservationInput = z.infer<typeof createClassReservationInputSchema>;

export const createAppointmentReservationInputSchema = z
  .object({ athleteAppointmentId: uuidSchema.optional(), appointment: uuidSchema, ...createFlags })
  .refine(reservedOrCheckedIn, { message: reservationMessages.reservedOrCheckedIn, path: ['isReserved'] });
export type CreateAppointmentReservationInput = z.infer<typeof createAppointmentReservationInputSchema>;

/**
 * PUT of a reservation. Every field is optional (absent = unchanged). isReserved and registrationDatetime
 * may be sent back but are kept as stored (spec 4); other record fields are ignored.
 */
export const updateReservationInputSchema = z
  .object({
    isCheckedIn: z.boolean().optional(),
    isLateCancel: z.boolean().optional(),
    isNoShow: z.boolean().optional(),
    chargeNow: z.boolean().optional(),
    chargeDate: isoDateSchema.nullable().optional(),
    chargeFee: feeInputSchema.nullable().optional(),
    taxRate: uuidSchema.nullable().optional(),
    deductCredit: z.boolean().optional(),
  })
  .refine((v) => !(v.isLateCancel && v.isNoShow), { message: reservationMessages.lateCancelXorNoShow, path: ['isNoShow'] });
export type UpdateReservationInput = z.infer<typeof updateReservationInputSchema>;

export const bulkReservationInputSchema = z.object({
  athlete: uuidSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  days: weekdayCodesSchema,
  startTime: localTimeSchema,
  kiloClassType: uuidSchema,
  /** null: classes without a location (the preview's location=None). */
  location: uuidSchema.nullable().default(null),
});
export type BulkReservationInput = z.infer<typeof bulkReservationInputSchema>;

export const bulkSkipReasons = ['already_reserved', 'full', 'started'] as const;
export const bulkReservationResultSchema = z.object({
  count: z.number().int(),
  results: z.array(classReservationSchema),
  skipped: z.array(z.object({ kiloClassId: z.uuid(), startDate: z.string(), reason: z.enum(bulkSkipReasons) })),
});
export type BulkReservationResult = z.infer<typeof bulkReservationResultSchema>;

/** Spec 8: the success text of a deleted reservation. */
export const RESERVATION_DELETED_MESSAGE = 'Reservation successfully deleted.';
