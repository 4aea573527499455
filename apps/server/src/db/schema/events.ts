import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  type AnyPgColumn,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { gyms, locations, rooms } from './gyms';
import { athletes, staff } from './people';
import { taxRates } from './billing';
import { profiles, users } from './accounts';
import { chargeReasonEnum, eventKindEnum } from './enums';
import { athletePackages } from './products';

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
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('blue'),
    description: text().notNull().default(''),
    /** What a new class of the type starts with (issue 16). */
    defaultDurationMinutes: integer().notNull().default(60),
    defaultCapacity: integer().notNull().default(12),
    /** Spec 3 reservationAndCancellationSettings, copied onto each class scheduled; minor units. */
    ...feeSettings(),
    /** The tax rate of the type's fees (null: the gym's class tax rate, spec 3 eventSettings.classes.taxRate). */
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
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
    /** Issue 18: the credits a booking of the type takes from a class pack (0: free to book with any covering package). */
    bookingCreditCost: integer().notNull().default(1),
    /** Archived types keep their history and are offered for nothing new (issue 16). */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('class_types_gym_idx').on(t.gymId),
    uniqueIndex('class_types_gym_name_key')
      .on(t.gymId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('class_types_defaults_positive', sql`${t.defaultDurationMinutes} > 0 and ${t.defaultCapacity} > 0`),
    check(
      'class_types_fees_not_negative',
      sql`${t.cancellationFeeMinor} >= 0 and ${t.noShowFeeMinor} >= 0 and ${t.cancellationCreditDeduction} >= 0 and ${t.noShowCreditDeduction} >= 0`,
    ),
    check(
      'class_types_booking_settings',
      sql`coalesce(${t.bookingOpensDays}, 0) >= 0 and ${t.bookingClosesMinutes} >= 0 and ${t.lateCancelCutoffMinutes} >= 0 and ${t.promotionCutoffMinutes} >= 0 and coalesce(${t.waitlistSize}, 1) >= 0`,
    ),
  ],
);

export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('cyan'),
    description: text().notNull().default(''),
    durationMinutes: integer().notNull().default(60),
    /** The price of one appointment, minor units (tax as the gym's country says, spec 9). */
    priceMinor: integer().notNull().default(0),
    /** Time kept free after each appointment: the coach is busy until its end plus this. */
    bufferMinutes: integer().notNull().default(0),
    /** Athletes taking part in one appointment (1: personal). */
    capacity: integer().notNull().default(1),
    /** A cancel is late from this many minutes before the start (cancellation settings). */
    lateCancelCutoffMinutes: integer().notNull().default(0),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    ...feeSettings(),
    /** Issue 18: the credits a booking of the type takes from a class pack. */
    bookingCreditCost: integer().notNull().default(1),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_types_gym_idx').on(t.gymId),
    uniqueIndex('appointment_types_gym_name_key')
      .on(t.gymId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check(
      'appointment_types_settings',
      sql`${t.durationMinutes} > 0 and ${t.priceMinor} >= 0 and ${t.bufferMinutes} >= 0 and ${t.capacity} > 0 and ${t.lateCancelCutoffMinutes} >= 0 and ${t.cancellationFeeMinor} >= 0 and ${t.noShowFeeMinor} >= 0 and ${t.cancellationCreditDeduction} >= 0 and ${t.noShowCreditDeduction} >= 0`,
    ),
  ],
);

/** The coaches who offer an appointment type (issue 16): only they are offered for its slots. */
export const appointmentTypeCoaches = pgTable(
  'appointment_type_coaches',
  {
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid()
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appointmentTypeId, t.staffId] }), index('appointment_type_coaches_staff_idx').on(t.staffId)],
);

/**
 * A recurring class series (issue 16, decision 026): a weekly RRULE in the gym's zone (packages/shared recurrence.ts,
 * decision 024) with what each class gets. Its occurrences are rows of `events`, made ahead over a rolling window
 * (`materializedThrough`) that a daily job extends; `firstDate` and `lastDate` repeat the rule's for queries.
 */
export const classSeries = pgTable(
  'class_series',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    classTypeId: uuid()
      .notNull()
      .references(() => classTypes.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    roomId: uuid().references(() => rooms.id, { onDelete: 'set null' }),
    rrule: text().notNull(),
    startTime: time().notNull(),
    durationMinutes: integer().notNull(),
    capacity: integer().notNull(),
    firstDate: date().notNull(),
    /** Inclusive; null: open-ended. */
    lastDate: date(),
    /** Occurrences exist for every date of the rule up to this one (inclusive). */
    materializedThrough: date().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('class_series_gym_idx').on(t.gymId),
    check('class_series_positive', sql`${t.durationMinutes} > 0 and ${t.capacity} > 0`),
    check('class_series_dates', sql`${t.lastDate} is null or ${t.lastDate} >= ${t.firstDate}`),
  ],
);

/** The coaches a series' classes get (lead, assistant). */
export const classSeriesCoaches = pgTable(
  'class_series_coaches',
  {
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    seriesId: uuid()
      .notNull()
      .references(() => classSeries.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    role: text().notNull().default('lead'),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.staffId] })],
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
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    kind: eventKindEnum().notNull(),
    classTypeId: uuid().references(() => classTypes.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid().references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    roomId: uuid().references(() => rooms.id, { onDelete: 'set null' }),
    /** The first class of a recurring series; null for the root itself and for appointments. */
    rootId: uuid(),
    /** The series the class was made from, and the date of the rule it stands for (it keeps it when moved). */
    seriesId: uuid().references(() => classSeries.id, { onDelete: 'set null' }),
    occurrenceDate: date(),
    /** Start as an instant, and as the gym's local date and time (what people see, DST-proof). */
    startsAt: timestamp({ withTimezone: true }).notNull(),
    startDate: date().notNull(),
    startTime: time().notNull(),
    durationMinutes: integer().notNull(),
    /**
     * startsAt plus the duration; and until when its coaches and room are taken (appointments: plus the type's buffer).
     * Computed by the trigger events_times (migration 0008) on every insert and change of the start or duration.
     */
    endsAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    busyUntil: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    capacity: integer().notNull(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    ...feeSettings(),
    /** A cancelled class stays (history, the series keeps its date) but holds no one and takes no coach or room. */
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /**
     * Issue 34: the iCalendar SEQUENCE (RFC 5545 3.8.7.4), one more at every move, change of length or place, and
     * cancellation, whoever writes it: the trigger events_sequence.
     */
    sequence: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('events_gym_date_idx').on(t.gymId, t.startDate),
    index('events_gym_starts_idx').on(t.gymId, t.startsAt),
    uniqueIndex('events_series_occurrence_key')
      .on(t.seriesId, t.occurrenceDate)
      .where(sql`${t.seriesId} is not null`),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt} and ${t.busyUntil} >= ${t.endsAt}`),
    index('events_gym_class_type_time_idx').on(t.gymId, t.classTypeId, t.startTime, t.startDate),
    check('events_capacity_positive', sql`${t.capacity} > 0`),
    check('events_duration_positive', sql`${t.durationMinutes} > 0`),
    check(
      'events_type_of_kind',
      sql`(${t.kind} = 'class') = (${t.classTypeId} is not null) and (${t.kind} = 'appointment') = (${t.appointmentTypeId} is not null)`,
    ),
  ],
);

/** Coaches of an event, with their role (lead, assistant). */
export const eventCoaches = pgTable(
  'event_coaches',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    role: text().notNull().default('lead'),
    /**
     * The event's time taken and whether it is cancelled, kept equal to the event's by triggers (migration 0008), so
     * that an exclusion constraint keeps a coach from being in two places at once (issue 16).
     */
    startsAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    busyUntil: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    isCancelled: boolean().notNull().default(false),
  },
  (t) => [
    index('event_coaches_event_idx').on(t.eventId),
    uniqueIndex('event_coaches_event_staff_key').on(t.eventId, t.staffId),
    index('event_coaches_staff_starts_idx').on(t.staffId, t.startsAt),
  ],
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
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
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
    /** Issue 18: the athlete package that covers (credits) it, chosen by the eligibility rule when it was booked. */
    athletePackageId: uuid().references((): AnyPgColumn => athletePackages.id, { onDelete: 'set null' }),
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
    index('reservations_athlete_package_idx')
      .on(t.athletePackageId)
      .where(sql`${t.athletePackageId} is not null`),
    check('reservations_late_cancel_xor_no_show', sql`not (${t.isLateCancel} and ${t.isNoShow})`),
    check('reservations_fee_not_negative', sql`${t.chargeFeeMinor} is null or ${t.chargeFeeMinor} >= 0`),
    // Nobody is both waiting and holding a place; a waiting reservation has its place in line.
    check(
      'reservations_waitlisted_holds_no_place',
      sql`not ${t.isWaitlisted} or (not ${t.isReserved} and not ${t.isCheckedIn} and ${t.waitlistSeq} is not null)`,
    ),
    index('reservations_event_waitlist_idx')
      .on(t.eventId, t.waitlistSeq)
      .where(sql`${t.isWaitlisted}`),
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
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
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

/** The workout of the day of a class type (issue 16 programming): rich text (sanitised), one per type and date. */
export const workouts = pgTable(
  'workouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    classTypeId: uuid()
      .notNull()
      .references(() => classTypes.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    title: text().notNull().default(''),
    content: text().notNull(),
    updatedAt: createdAt(),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('workouts_type_date_key').on(t.gymId, t.classTypeId, t.date)],
);

/** A coach's weekly working hours in the gym's zone (1 = Monday … 7 = Sunday, spec 3's localisation list). */
export const coachAvailability = pgTable(
  'coach_availability',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
  },
  (t) => [
    index('coach_availability_staff_idx').on(t.staffId),
    check('coach_availability_hours', sql`${t.weekday} between 1 and 7 and ${t.endTime} > ${t.startTime}`),
  ],
);

/** A coach's time off: no appointment slot is offered inside it. */
export const coachTimeOff = pgTable(
  'coach_time_off',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull().default(''),
  },
  (t) => [index('coach_time_off_staff_idx').on(t.staffId, t.startsAt), check('coach_time_off_range', sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * A private iCalendar feed of a profile's classes and appointments (issue 16 `/calendar/integration`). The URL carries
 * a random token, shown once; only its SHA-256 is kept. Revoking ends it; one live feed per profile.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
    lastFetchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_live_key')
      .on(t.profileId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
