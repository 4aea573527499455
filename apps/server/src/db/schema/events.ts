import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { gyms, locations } from './gyms';
import { athletes, staff } from './people';
import { taxRates } from './billing';
import { users } from './accounts';
import { chargeReasonEnum } from './enums';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Fee settings shared by class types, classes and appointment types (spec 3), money in minor units. */
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
  },
  (t) => [index('class_types_gym_idx').on(t.gymId)],
);

export const classes = pgTable(
  'classes',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    classTypeId: uuid().notNull().references(() => classTypes.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    /** The first class of a recurring series; null for the root itself. */
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
    index('classes_gym_date_idx').on(t.gymId, t.startDate),
    index('classes_gym_type_time_idx').on(t.gymId, t.classTypeId, t.startTime, t.startDate),
    check('classes_capacity_positive', sql`${t.capacity} > 0`),
    check('classes_duration_positive', sql`${t.durationMinutes} > 0`),
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

export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid().notNull().references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    startDate: date().notNull(),
    startTime: time().notNull(),
    durationMinutes: integer().notNull(),
    capacity: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_gym_date_idx').on(t.gymId, t.startDate),
    check('appointments_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/** Coaches of a class or an appointment, with their role (lead, assistant). */
export const eventCoaches = pgTable(
  'event_coaches',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    classId: uuid().references(() => classes.id, { onDelete: 'cascade' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'cascade' }),
    staffId: uuid().notNull().references(() => staff.id, { onDelete: 'cascade' }),
    role: text().notNull().default('lead'),
  },
  (t) => [
    index('event_coaches_class_idx').on(t.classId),
    index('event_coaches_appointment_idx').on(t.appointmentId),
    check('event_coaches_one_event', sql`(${t.classId} is null) <> (${t.appointmentId} is null)`),
  ],
);

/** Reservation fields shared by classes and appointments (spec 3). */
const reservationFields = () => ({
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
  registrationDatetime: timestamp({ withTimezone: true }).notNull().defaultNow(),
  checkedInAt: timestamp({ withTimezone: true }),
  updatedAt: createdAt(),
  updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
});

export const athleteClassReservations = pgTable(
  'athlete_kilo_classes',
  {
    id: uuid().primaryKey(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    classId: uuid().notNull().references(() => classes.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    isWaitlisted: boolean().notNull().default(false),
    ...reservationFields(),
  },
  (t) => [
    // One reservation per athlete per class.
    uniqueIndex('athlete_kilo_classes_class_athlete_key').on(t.classId, t.athleteId),
    index('athlete_kilo_classes_athlete_idx').on(t.athleteId),
    check('athlete_kilo_classes_late_cancel_xor_no_show', sql`not (${t.isLateCancel} and ${t.isNoShow})`),
    check('athlete_kilo_classes_fee_not_negative', sql`${t.chargeFeeMinor} is null or ${t.chargeFeeMinor} >= 0`),
  ],
);

export const athleteAppointmentReservations = pgTable(
  'athlete_appointments',
  {
    id: uuid().primaryKey(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    appointmentId: uuid().notNull().references(() => appointments.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    ...reservationFields(),
  },
  (t) => [
    uniqueIndex('athlete_appointments_appointment_athlete_key').on(t.appointmentId, t.athleteId),
    index('athlete_appointments_athlete_idx').on(t.athleteId),
    check('athlete_appointments_late_cancel_xor_no_show', sql`not (${t.isLateCancel} and ${t.isNoShow})`),
    check('athlete_appointments_fee_not_negative', sql`${t.chargeFeeMinor} is null or ${t.chargeFeeMinor} >= 0`),
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
    classReservationId: uuid().references(() => athleteClassReservations.id, { onDelete: 'set null' }),
    appointmentReservationId: uuid().references(() => athleteAppointmentReservations.id, { onDelete: 'set null' }),
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
    uniqueIndex('charges_class_reservation_key').on(t.classReservationId),
    uniqueIndex('charges_appointment_reservation_key').on(t.appointmentReservationId),
    index('charges_gym_collect_on_idx').on(t.gymId, t.collectOn),
    index('charges_athlete_idx').on(t.athleteId),
    check('charges_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('charges_credit_deduction_not_negative', sql`${t.creditDeduction} >= 0`),
    check('charges_one_reservation', sql`not (${t.classReservationId} is not null and ${t.appointmentReservationId} is not null)`),
  ],
);
