import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgSequence, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { gyms, locations } from './gyms';
import { athletes, staff } from './people';
import { taxRates } from './billing';
import { users } from './accounts';
import { chargeReasonEnum, eventKindEnum } from './enums';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Fee settings shared by class types, events and appointment types (spec 3), money in minor units. */
const feeSettings = () => ({
  cancellationFeeMinor: integer().notNull().default(0),
  noShowFeeMinor: integer().notNull().default(0),
  cancellationCreditDeduction: integer().notNull().default(0),
  noShowCreditDeduction: integer().notNull().default(0),
});

export const classTypes = pgTable(
  'class_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('blue'),
    /**
     * Booking and waitlist settings (issue 16), read by the booking core. Athletes may book from `bookingOpensDays`
     * days before the start (null: any time) until `bookingClosesMinutes` before it; a cancel is late from
     * `lateCancelCutoffMinutes` before the start; the line (if enabled, at most `waitlistSize`, null: no limit) is
     * promoted until `promotionCutoffMinutes` before the start.
     */
    bookingOpensDays: integer(),
    bookingClosesMinutes: integer().notNull().default(0),
    lateCancelCutoffMinutes: integer().notNull().default(0),
    waitlistEnabled: boolean().notNull().default(true),
    waitlistSize: integer(),
    promotionCutoffMinutes: integer().notNull().default(0),
  },
  (t) => [
    index('class_types_gym_idx').on(t.gymId),
    check('class_types_booking_settings', sql`coalesce(${t.bookingOpensDays}, 0) >= 0 and ${t.bookingClosesMinutes} >= 0 and ${t.lateCancelCutoffMinutes} >= 0 and ${t.promotionCutoffMinutes} >= 0 and coalesce(${t.waitlistSize}, 1) >= 0`),
  ],
);

export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    durationMinutes: integer().notNull().default(60),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    ...feeSettings(),
  },
  (t) => [index('appointment_types_gym_idx').on(t.gymId)],
);

/**
 * Classes and appointments (spec 3 Event): one table, so one reservation table, one lock and one set of rules serve
 * both (decision 018). A class has a class type, an appointment an appointment type; each carries the fee settings
 * it was scheduled with.
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    kind: eventKindEnum().notNull(),
    classTypeId: uuid().references(() => classTypes.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid().references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    /** The first class of a recurring series; null for the root itself and for appointments. */
    rootId: uuid(),
    /** Start as an instant, and as the gym's local date and time (what people see, DST-proof). */
    startsAt: timestamp({ withTimezone: true }).notNull(),
    startDate: date().notNull(),
    startTime: time().notNull(),
    durationMinutes: integer().notNull(),
    capacity: integer().notNull(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    ...feeSettings(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_gym_date_idx').on(t.gymId, t.startDate),
    index('events_gym_class_type_time_idx').on(t.gymId, t.classTypeId, t.startTime, t.startDate),
    check('events_capacity_positive', sql`${t.capacity} > 0`),
    check('events_duration_positive', sql`${t.durationMinutes} > 0`),
    check('events_type_of_kind', sql`(${t.kind} = 'class') = (${t.classTypeId} is not null) and (${t.kind} = 'appointment') = (${t.appointmentTypeId} is not null)`),
  ],
);

/** Coaches of an event, with their role (lead, assistant). */
export const eventCoaches = pgTable(
  'event_coaches',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull().references(() => events.id, { onDelete: 'cascade' }),
    staffId: uuid().notNull().references(() => staff.id, { onDelete: 'cascade' }),
    role: text().notNull().default('lead'),
  },
  (t) => [index('event_coaches_event_idx').on(t.eventId)],
);

/** The order of joining waitlists (issue 16): drawn under the event's lock, so it is the order the joins were made in. */
export const reservationWaitlistSeq = pgSequence('reservation_waitlist_seq');

/**
 * An athlete's reservation of a class (spec 3 athlete-kilo-class) or an appointment (athlete-appointment). Whether it
 * holds a place is packages/shared rules/reservations.ts holdsPlace.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid().primaryKey(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull().references(() => events.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    isWaitlisted: boolean().notNull().default(false),
    isReserved: boolean().notNull().default(true),
    isCheckedIn: boolean().notNull().default(false),
    isLateCancel: boolean().notNull().default(false),
    isNoShow: boolean().notNull().default(false),
    chargeNow: boolean().notNull().default(false),
    chargeDate: date(),
    chargeFeeMinor: integer(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    deductCredit: boolean().notNull().default(false),
    isCredited: boolean().notNull().default(false),
    /** While waitlisted: the place in line (lower goes first; reservationWaitlistSeq). Null otherwise. */
    waitlistSeq: bigint({ mode: 'number' }),
    registrationDatetime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp({ withTimezone: true }),
    updatedAt: createdAt(),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One reservation per athlete per event.
    uniqueIndex('reservations_event_athlete_key').on(t.eventId, t.athleteId),
    index('reservations_athlete_idx').on(t.athleteId),
    check('reservations_late_cancel_xor_no_show', sql`not (${t.isLateCancel} and ${t.isNoShow})`),
    check('reservations_fee_not_negative', sql`${t.chargeFeeMinor} is null or ${t.chargeFeeMinor} >= 0`),
    // Nobody is both waiting and holding a place; a waiting reservation has its place in line.
    check('reservations_waitlisted_holds_no_place', sql`not ${t.isWaitlisted} or (not ${t.isReserved} and not ${t.isCheckedIn} and ${t.waitlistSeq} is not null)`),
    index('reservations_event_waitlist_idx').on(t.eventId, t.waitlistSeq).where(sql`${t.isWaitlisted}`),
  ],
);

/**
 * A late-cancel or no-show fee the gym collects now or on collectOn (spec 2.12 charge dialog), with the
 * tax rate chosen and the credits deducted. One per reservation; it outlives the reservation (set null).
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    reservationId: uuid().references(() => reservations.id, { onDelete: 'set null' }),
    reason: chargeReasonEnum().notNull(),
    amountMinor: integer().notNull(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    collectOn: date().notNull(),
    chargeNow: boolean().notNull().default(false),
    creditDeduction: integer().notNull().default(0),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('charges_reservation_key').on(t.reservationId),
    index('charges_gym_collect_on_idx').on(t.gymId, t.collectOn),
    index('charges_athlete_idx').on(t.athleteId),
    check('charges_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('charges_credit_deduction_not_negative', sql`${t.creditDeduction} >= 0`),
  ],
);
