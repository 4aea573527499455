import { z } from 'zod';
import { messages } from '../validation-rules';
import { searchTermSchema, uuidSchema } from './common';
import { taxRateSchema } from './events';
import { MAX_PRICE_MINOR } from '../rules/money-limits';

/**
 * Issue 16, spec 2.7 `/events/classes`, `/events/appointments`, `/events/location`: what the set-up screens of class
 * types, appointment types and locations share. Archived records keep their history and are offered for nothing new;
 * a record is deleted only while nothing uses it.
 */

/** The Mantine colours a type may take (its swatch on the lists and its events on the calendar). */
export const typeColors = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo', 'gray'] as const;
export type TypeColor = (typeof typeColors)[number];

export const setupMessages = {
  nameTooLong: 'The name can be at most 100 characters.',
  colorInvalid: `Choose one of the colours: ${typeColors.join(', ')}.`,
  descriptionTooLong: 'The description can be at most 2,000 characters.',
  wholeNumber: 'Enter a whole number.',
  feeNegative: 'A fee cannot be negative.',
  feeTooHigh: 'A fee can be at most 100,000.00.',
  priceNegative: 'The price cannot be negative.',
  priceTooHigh: 'The price can be at most 100,000.00.',
  creditsNegative: 'Credits cannot be negative.',
  creditsTooHigh: 'At most 100 credits.',
  minutesNegative: 'Minutes cannot be negative.',
  minutesTooHigh: 'At most 10,080 minutes (one week).',
  classDurationMin: 'A class lasts at least 5 minutes.',
  classDurationMax: 'A class lasts at most 24 hours (1,440 minutes).',
  appointmentDurationMin: 'An appointment lasts at least 5 minutes.',
  appointmentDurationMax: 'An appointment lasts at most 24 hours (1,440 minutes).',
  capacityMin: 'The capacity is at least 1.',
  capacityMax: 'The capacity is at most 1,000.',
  bookingOpensMin: 'Booking opens at least 1 day before; choose "Any time" for no limit.',
  bookingOpensMax: 'Booking opens at most 365 days before.',
  bookingWindowEmpty: 'Booking would close before it opens: close it nearer to the start or open it earlier.',
  waitlistSizeMin: 'A waitlist holds at least 1 athlete; turn the waitlist off instead.',
  waitlistSizeMax: 'A waitlist holds at most 1,000 athletes.',
  bufferMax: 'The buffer is at most 240 minutes.',
  taxRateNotFound: 'Tax rate not found.',
  coachNotFound: 'Coach not found: choose coaches of this gym.',
  coachTwice: 'Each coach can be chosen once.',
  classTypeNotFound: 'Class type not found.',
  appointmentTypeNotFound: 'Appointment type not found.',
  locationNotFound: 'Location not found.',
  roomNotFound: 'Room not found.',
  classTypeNameTaken: 'A class type with this name already exists.',
  appointmentTypeNameTaken: 'An appointment type with this name already exists.',
  locationNameTaken: 'A location with this name already exists.',
  locationNameArchived: 'An archived location has this name: restore it instead.',
  roomNameTaken: 'This location already has a room with this name.',
  roomNameArchived: 'This location has an archived room with this name: restore it instead.',
  classTypeInUse: 'This class type is in use by classes, series or workouts, so it cannot be deleted. Archive it instead.',
  appointmentTypeInUse: 'This appointment type is in use by appointments, so it cannot be deleted. Archive it instead.',
  locationInUse: 'This location is in use by classes, appointments or series, so it cannot be deleted. Archive it instead.',
  roomInUse: 'This room is in use by classes, appointments or series, so it cannot be deleted. Archive it instead.',
  restoreNameTaken: (kind: string) => `Another ${kind} is already called this. Rename one of them before restoring.`,
  locationArchivedForRoom: 'This location is archived: restore it before adding or restoring its rooms.',
} as const;

/** Spec 5 name rule's required text; the character rule is checked where the name is new (an old name may predate it). */
export const setupNameSchema = z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100, setupMessages.nameTooLong);

export const typeColorSchema = z.enum(typeColors, { error: setupMessages.colorInvalid });

/** Plain text. */
export const typeDescriptionSchema = z.string().trim().max(2000, setupMessages.descriptionTooLong).default('');

const wholeNumber = () => z.number({ error: setupMessages.wholeNumber }).int(setupMessages.wholeNumber);

/** Money in minor units (cents, pence): 0 to 100,000.00 (MAX_PRICE_MINOR, decision 040). */
export const feeMinorSchema = wholeNumber().min(0, setupMessages.feeNegative).max(MAX_PRICE_MINOR, setupMessages.feeTooHigh);
export const priceMinorSchema = wholeNumber().min(0, setupMessages.priceNegative).max(MAX_PRICE_MINOR, setupMessages.priceTooHigh);
export const creditsSchema = wholeNumber().min(0, setupMessages.creditsNegative).max(100, setupMessages.creditsTooHigh);
/** A cut-off or window in minutes before the start: 0 to one week. */
export const minutesBeforeSchema = wholeNumber().min(0, setupMessages.minutesNegative).max(10_080, setupMessages.minutesTooHigh);

/** Spec 3 reservationAndCancellationSettings (class types) / cancellationSettings (appointment types), in minor units. */
export const feeSettingsInputFields = {
  cancellationFeeMinor: feeMinorSchema.default(0),
  noShowFeeMinor: feeMinorSchema.default(0),
  cancellationCreditDeduction: creditsSchema.default(0),
  noShowCreditDeduction: creditsSchema.default(0),
  /** A tax rate of the gym; null: the gym's class tax rate (spec 3 eventSettings.classes.taxRate). */
  taxRateId: uuidSchema.nullable().default(null),
};

export const feeSettingsFields = {
  cancellationFeeMinor: z.number().int(),
  noShowFeeMinor: z.number().int(),
  cancellationCreditDeduction: z.number().int(),
  noShowCreditDeduction: z.number().int(),
  /** The type's own tax rate; null: the gym's class tax rate. */
  taxRate: taxRateSchema.nullable(),
};

export const setupStatuses = ['active', 'archived'] as const;
export type SetupStatus = (typeof setupStatuses)[number];

/** A set-up list's filter: name search and Active / Archived. */
export const setupFilterSchema = z.object({
  search: searchTermSchema,
  status: z.enum(setupStatuses).default('active'),
});
export type SetupFilter = z.infer<typeof setupFilterSchema>;

export const SETUP_PAGE_SIZE = 20;

export const setupListQuerySchema = setupFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(SETUP_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SetupListQuery = z.infer<typeof setupListQuerySchema>;

/** Whether a record is archived, since when, and whether anything uses it (only then may it be deleted). */
export const setupStateFields = {
  isArchived: z.boolean(),
  archivedAt: z.string().nullable(),
  inUse: z.boolean(),
};

/** The set-up forms' choices that are not types: the gym's active tax rates and its coaches. */
export const eventSetupOptionsSchema = z.object({
  taxRates: z.array(taxRateSchema),
  coaches: z.array(z.object({ staffId: z.uuid(), fullName: z.string() })),
});
export type EventSetupOptions = z.infer<typeof eventSetupOptionsSchema>;

/** A CSV export's text (text/csv; the Content-Disposition names the file). */
export const csvAnswerSchema = z.string();
