import { z } from 'zod';
import { dateRangeRefinement, isoDateSchema, pageSchema, queryBooleanSchema, searchTermSchema, uuidSchema } from './common';
import { CLASS_PREVIEW_PAGE_LIMIT, TAX_RATE_PAGE_LIMIT } from './limits';
import { bookabilitySchema } from './bookability';

/** Spec 3 Event, Class and Appointment: what a gym schedules, with its types, locations and tax rates. */

export const eventMessages = {
  classNotFound: 'Class not found.',
  appointmentNotFound: 'Appointment not found.',
  eventNotFound: 'Event not found.',
  classTypeNotFound: 'Class type not found.',
  locationNotFound: 'Location not found.',
  weekdaysRequired: 'Choose at least one weekday.',
  weekdaysInvalid: 'Weekdays are numbers from 1 (Sunday) to 7 (Saturday).',
  endBeforeStart: 'The end date cannot be before the start date.',
  rangeOverOneYear: 'The date range cannot be longer than one year.',
  dateFormat: 'Use the format YYYY-MM-DD.',
  dateInvalid: 'Please provide a valid date.',
  timeFormat: 'Use the format HH:MM.',
} as const;

/** Spec 7.3: eventType is class or appointment; the Event's own names are accepted too. */
export const eventKindSchema = z
  .enum(['class', 'appointment', 'kilo_class_type', 'appointment_type'])
  .transform((v): EventKind => (v === 'class' || v === 'kilo_class_type' ? 'class' : 'appointment'));
export type EventKind = 'class' | 'appointment';

export const eventTypes = ['kilo_class_type', 'appointment_type'] as const;
export type EventType = (typeof eventTypes)[number];
export const eventTypeOf = (kind: EventKind): EventType => (kind === 'class' ? 'kilo_class_type' : 'appointment_type');

/** HH:MM or HH:MM:SS, answered as HH:MM:SS (the database's time). */
export const localTimeSchema = z
  .string({ error: eventMessages.timeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, eventMessages.timeFormat)
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

/** Bulk payload weekdays: 1 = Sunday .. 7 = Saturday (spec 3), as "1,3,5" or [1, 3, 5]. */
export const weekdayCodesSchema = z
  .union([z.string(), z.array(z.number())], { error: eventMessages.weekdaysRequired })
  .transform((v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : v.map(String),
  )
  .pipe(
    z
      .array(z.string())
      .min(1, eventMessages.weekdaysRequired)
      .refine((codes) => codes.every((c) => /^[1-7]$/.test(c)), eventMessages.weekdaysInvalid)
      .transform((codes) => [...new Set(codes.map(Number))].sort((a, b) => a - b)),
  );

export const locationRefSchema = z.object({ locationId: z.uuid(), name: z.string() });
export const coachSchema = z.object({ staffId: z.uuid(), fullName: z.string(), role: z.string() });
export type Coach = z.infer<typeof coachSchema>;

/** A reservation holding a place on an event card (rules/reservations.ts holdsPlace). */
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
  /** The reservations holding a place ('Full' when it reaches capacity). */
  attendeeCount: z.number().int(),
  athletesAttended: z.number().int(),
  firstAttendee: z.string().nullable(),
  /** Lead coaches first. */
  coaches: z.array(coachSchema),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const taxRateSchema = z.object({ taxRateId: z.uuid(), name: z.string(), percent: z.string() });
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRatePageSchema = pageSchema(taxRateSchema);
export const taxRatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TAX_RATE_PAGE_LIMIT).default(TAX_RATE_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: searchTermSchema,
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
  /**
   * Issue 33: whether a bulk reservation books the `athlete` into this class (rules/booking-policy.ts
   * bulkBookabilityOf, as the create skips): `book`, or null with the reason (already_reserved, full, started, cancelled).
   */
  bookability: bookabilitySchema,
});
export type KiloClassPreview = z.infer<typeof kiloClassPreviewSchema>;
export const kiloClassPreviewPageSchema = pageSchema(kiloClassPreviewSchema);

export const kiloClassSchema = kiloClassPreviewSchema.omit({ isReserved: true, bookability: true }).extend({ athleteKiloClasses: z.array(attendeeSchema) });
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
export const kiloClassesQuerySchema = z
  .object({
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
  })
  .superRefine(dateRangeRefinement('start', 'end', { orderMessage: eventMessages.endBeforeStart }));
export type KiloClassesQuery = z.infer<typeof kiloClassesQuerySchema>;
