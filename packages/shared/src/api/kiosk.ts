import { z } from 'zod';
import { isoDateSchema, pageSchema, queryBooleanSchema, uuidSchema } from './common';
import { parseMoney } from '../tax';

import { CLASS_PREVIEW_PAGE_LIMIT, ELIGIBLE_ATHLETES_PAGE_SIZE, KIOSK_PAGE_LIMIT, TAX_RATE_PAGE_LIMIT } from './kiosk-limits';

// In a module of their own, without zod: the web app's kiosk screens use them, and not the schemas (decision 014).
export * from './kiosk-limits';

/** The texts of the kiosk's refusals (the web app prefixes them with the spec-8 situation). */
export const kioskMessages = {
  classNotFound: 'Class not found.',
  appointmentNotFound: 'Appointment not found.',
  eventNotFound: 'Event not found.',
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
  classTypeNotFound: 'Class type not found.',
  locationNotFound: 'Location not found.',
  weekdaysRequired: 'Choose at least one weekday.',
  weekdaysInvalid: 'Weekdays are numbers from 1 (Sunday) to 7 (Saturday).',
  startBeforeToday: 'The start date cannot be before today.',
  endBeforeStart: 'The end date cannot be before the start date.',
  endAfterOneYear: 'The end date cannot be more than one year from today.',
  rangeOverOneYear: 'The date range cannot be longer than one year.',
  dateFormat: 'Use the format YYYY-MM-DD.',
  dateInvalid: 'Please provide a valid date.',
  timeFormat: 'Use the format HH:MM.',
} as const;

// Money travels as a decimal string with 2 places ("15.00"); the database keeps integer minor units (../tax.ts).

/** Spec 5/9: a fee is numeric, at least 0, with at most 2 decimals. Accepts "15.00" or 15. */
export const feeInputSchema = z
  .union([z.string(), z.number()], { error: kioskMessages.feeFormat })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .refine((v) => !v.startsWith('-'), kioskMessages.feeNegative)
      .refine((v) => v.startsWith('-') || parseMoney(v) !== null, kioskMessages.feeFormat)
      .transform((v) => parseMoney(v) ?? 0),
  );

/** HH:MM or HH:MM:SS, answered as HH:MM:SS (the database's time). */
export const localTimeSchema = z
  .string({ error: kioskMessages.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, kioskMessages.timeFormat)
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

/** Bulk payload weekdays: 1 = Sunday .. 7 = Saturday (spec 3), as "1,3,5" or [1, 3, 5]. */
export const weekdayCodesSchema = z
  .union([z.string(), z.array(z.number())], { error: kioskMessages.weekdaysRequired })
  .transform((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v.map(String)))
  .pipe(
    z
      .array(z.string())
      .min(1, kioskMessages.weekdaysRequired)
      .refine((codes) => codes.every((c) => /^[1-7]$/.test(c)), kioskMessages.weekdaysInvalid)
      .transform((codes) => [...new Set(codes.map(Number))].sort((a, b) => a - b)),
  );

const searchSchema = z.string().trim().max(100).default('');

/** Spec 7.3: eventType is class or appointment; the Event's own names are accepted too. */
export const eventKindSchema = z
  .enum(['class', 'appointment', 'kilo_class_type', 'appointment_type'])
  .transform((v): EventKind => (v === 'class' || v === 'kilo_class_type' ? 'class' : 'appointment'));
export type EventKind = 'class' | 'appointment';

export const eventTypes = ['kilo_class_type', 'appointment_type'] as const;
export type EventType = (typeof eventTypes)[number];

export const locationRefSchema = z.object({ locationId: z.uuid(), name: z.string() });
export const coachSchema = z.object({ staffId: z.uuid(), fullName: z.string(), role: z.string() });
export type Coach = z.infer<typeof coachSchema>;

/** An active reservation on an event card: reserved or checked in, not late-cancelled or no-show. */
export const attendeeSchema = z.object({
  reservationId: z.uuid(),
  athlete: z.object({ athleteId: z.uuid(), fullName: z.string() }),
  isReserved: z.boolean(),
  isCheckedIn: z.boolean(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** Spec 3 Event, as the kiosk shows it. startsAt/endsAt are instants; startDate/startTime gym-local. */
export const eventSummarySchema = z.object({
  eventId: z.uuid(),
  eventType: z.enum(eventTypes),
  genesisEventType: z.enum(eventTypes),
  eventName: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  duration: z.number().int(),
  location: locationRefSchema.nullable(),
  capacity: z.number().int(),
  /** Reserved or checked in, not late-cancelled or no-show ('Full' when it equals capacity). */
  attendeeCount: z.number().int(),
  athletesAttended: z.number().int(),
  firstAttendee: z.string().nullable(),
  /** Lead coaches first. */
  coaches: z.array(coachSchema),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const kioskEventSchema = eventSummarySchema.extend({
  athleteKiloClasses: z.array(attendeeSchema),
  athleteAppointments: z.array(attendeeSchema),
});
export type KioskEvent = z.infer<typeof kioskEventSchema>;
export const kioskEventPageSchema = pageSchema(kioskEventSchema);

export const kioskEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(KIOSK_PAGE_LIMIT).default(KIOSK_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: searchSchema,
  /** Gym-local day; today in the gym's zone when absent. */
  date: isoDateSchema.optional(),
  eventType: eventKindSchema.optional(),
});
export type KioskEventsQuery = z.infer<typeof kioskEventsQuerySchema>;

export const noteSchema = z.object({ noteId: z.uuid(), title: z.string(), content: z.string(), updatedAt: z.string() });
export type Note = z.infer<typeof noteSchema>;

/** Spec 3 Athlete summary plus the reservation the kiosk acts on (null when the athlete has none). */
export const kioskAthleteSchema = z.object({
  athleteId: z.uuid(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Pinned notes (staff only). */
  notes: z.array(noteSchema),
  isReserved: z.boolean(),
  isCheckedIn: z.boolean(),
  hasPastDueBills: z.boolean(),
  hasUnsignedDocuments: z.boolean(),
  reservationId: z.uuid().nullable(),
  isLateCancel: z.boolean(),
  isNoShow: z.boolean(),
  isCredited: z.boolean(),
  registrationDatetime: z.string().nullable(),
});
export type KioskAthlete = z.infer<typeof kioskAthleteSchema>;

export const kioskEventDetailQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(KIOSK_PAGE_LIMIT).default(KIOSK_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  eventType: eventKindSchema.optional(),
  /** Spec 4 excludes late-cancelled and no-show athletes; true includes them, flagged. */
  includeCancelled: queryBooleanSchema.optional(),
});
export type KioskEventDetailQuery = z.infer<typeof kioskEventDetailQuerySchema>;
export const kioskEventDetailSchema = pageSchema(kioskAthleteSchema).extend({ event: eventSummarySchema });
export type KioskEventDetail = z.infer<typeof kioskEventDetailSchema>;

export const eligibleAthletesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ELIGIBLE_ATHLETES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  class: uuidSchema.optional(),
  search: searchSchema,
});
export type EligibleAthletesQuery = z.infer<typeof eligibleAthletesQuerySchema>;
export const kioskAthletePageSchema = pageSchema(kioskAthleteSchema);

export const taxRateSchema = z.object({ taxRateId: z.uuid(), name: z.string(), percent: z.string() });
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRatePageSchema = pageSchema(taxRateSchema);
export const taxRatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TAX_RATE_PAGE_LIMIT).default(TAX_RATE_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: searchSchema,
});

/** Fees as money strings, credit deductions as counts (spec 3). */
export const feeSettingsSchema = z.object({
  cancellationFee: z.string(),
  noShowFee: z.string(),
  cancellationCreditDeduction: z.number().int(),
  noShowCreditDeduction: z.number().int(),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;

const eventTimingFields = {
  startDate: z.string(),
  startTime: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  duration: z.number().int(),
  capacity: z.number().int(),
  attendeeCount: z.number().int(),
  location: locationRefSchema.nullable(),
  taxRate: taxRateSchema.nullable(),
};

export const kiloClassPreviewSchema = z.object({
  kiloClassId: z.uuid(),
  kiloClassType: z.object({ kiloClassTypeId: z.uuid(), name: z.string() }),
  rootId: z.uuid().nullable(),
  ...eventTimingFields,
  isFull: z.boolean(),
  reservationAndCancellationSettings: feeSettingsSchema,
  /** Whether the `athlete` of the query already has a reservation (false without one). */
  isReserved: z.boolean(),
});
export type KiloClassPreview = z.infer<typeof kiloClassPreviewSchema>;
export const kiloClassPreviewPageSchema = pageSchema(kiloClassPreviewSchema);

export const kiloClassSchema = kiloClassPreviewSchema.omit({ isReserved: true }).extend({ athleteKiloClasses: z.array(attendeeSchema) });
export type KiloClass = z.infer<typeof kiloClassSchema>;

export const appointmentSchema = z.object({
  appointmentId: z.uuid(),
  appointmentType: z.object({ appointmentTypeId: z.uuid(), name: z.string() }),
  ...eventTimingFields,
  cancellationSettings: feeSettingsSchema,
  athleteAppointments: z.array(attendeeSchema),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Spec 7.3 bulk preview: GET kilo-classes/ with days, start, end, start_time, kilo_class_type, location (or None). */
export const kiloClassesQuerySchema = z.object({
  days: weekdayCodesSchema.optional(),
  start: isoDateSchema.optional(),
  end: isoDateSchema.optional(),
  start_time: localTimeSchema.optional(),
  kilo_class_type: uuidSchema.optional(),
  location: z.union([uuidSchema, z.enum(['None', 'null'])]).optional(),
  /** Accepted for the spec's client; a series root is a real class here, so nothing is excluded. */
  exclude_root: queryBooleanSchema.optional(),
  athlete: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CLASS_PREVIEW_PAGE_LIMIT).default(CLASS_PREVIEW_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type KiloClassesQuery = z.infer<typeof kiloClassesQuerySchema>;

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
  .object({ athleteKiloClassId: uuidSchema.optional(), kiloClass: uuidSchema, ...createFlags })
  .refine(reservedOrCheckedIn, { message: kioskMessages.reservedOrCheckedIn, path: ['isReserved'] });
export type CreateClassReservationInput = z.infer<typeof createClassReservationInputSchema>;

export const createAppointmentReservationInputSchema = z
  .object({ athleteAppointmentId: uuidSchema.optional(), appointment: uuidSchema, ...createFlags })
  .refine(reservedOrCheckedIn, { message: kioskMessages.reservedOrCheckedIn, path: ['isReserved'] });
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
  .refine((v) => !(v.isLateCancel && v.isNoShow), { message: kioskMessages.lateCancelXorNoShow, path: ['isNoShow'] });
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

export const reservationIdParamsSchema = (name: 'athleteKiloClassId' | 'athleteAppointmentId') => z.object({ [name]: uuidSchema });
