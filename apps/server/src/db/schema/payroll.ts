import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payRateKinds, payTargets, workEntryStatuses, type PayTier } from '@spotter/shared';
import { profiles } from './accounts';
import { appointmentTypes, classTypes } from './events';
import { gyms } from './gyms';
import { staff } from './people';

/**
 * Issue 37 (decision 044): pay rates, who is paid which rate for what from which date, work categories and logged work.
 * Money in integer minor units. A rate once assigned keeps its amounts (a past period's pay never changes) and is
 * archived, never deleted; a change of pay is a new assignment from its date.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const payRateKindEnum = pgEnum('pay_rate_kind', payRateKinds);
export const payTargetEnum = pgEnum('pay_target', payTargets);
export const workEntryStatusEnum = pgEnum('work_entry_status', workEntryStatuses);

export const payRates = pgTable(
  'pay_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: payRateKindEnum().notNull(),
    amountMinor: integer().notNull().default(0),
    perAthleteMinor: integer().notNull().default(0),
    athleteThreshold: integer().notNull().default(0),
    capMinor: integer(),
    tiers: jsonb().$type<PayTier[]>().notNull().default([]),
    commissionBasisPoints: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('pay_rates_gym_idx').on(t.gymId),
    uniqueIndex('pay_rates_gym_name_key')
      .on(t.gymId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check(
      'pay_rates_amounts',
      sql`${t.amountMinor} >= 0 and ${t.perAthleteMinor} >= 0 and ${t.athleteThreshold} >= 0 and coalesce(${t.capMinor}, 0) >= 0 and ${t.commissionBasisPoints} between 0 and 10000`,
    ),
  ],
);

export const workCategories = pgTable(
  'work_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('work_categories_gym_name_key').on(t.gymId, sql`lower(${t.name})`)],
);

/** A rate for a staff member and a target (one class type, appointment type or work category, or their sales) from a date. */
export const payAssignments = pgTable(
  'pay_assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    target: payTargetEnum().notNull(),
    classTypeId: uuid().references(() => classTypes.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid().references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    workCategoryId: uuid().references(() => workCategories.id, { onDelete: 'cascade' }),
    payRateId: uuid()
      .notNull()
      .references(() => payRates.id, { onDelete: 'restrict' }),
    startsOn: date().notNull(),
    createdByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pay_assignments_gym_staff_idx').on(t.gymId, t.staffId),
    index('pay_assignments_rate_idx').on(t.payRateId),
    uniqueIndex('pay_assignments_one_per_day_key').on(
      t.staffId,
      t.target,
      sql`coalesce(${t.classTypeId}, ${t.appointmentTypeId}, ${t.workCategoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.startsOn,
    ),
    check(
      'pay_assignments_target',
      sql`(${t.target} = 'class_type') = (${t.classTypeId} is not null) and (${t.target} = 'appointment_type') = (${t.appointmentTypeId} is not null) and (${t.target} = 'work_category') = (${t.workCategoryId} is not null)`,
    ),
  ],
);

/**
 * Time a staff member logged. With a start and end (instants; `minutes` their difference) it may not overlap their
 * other entries that are not rejected (exclusion constraint work_entries_no_overlap, migration 0023); with only a
 * duration it has no times. `workDate` is the gym-local date it counts for.
 */
export const workEntries = pgTable(
  'work_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    staffId: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    workCategoryId: uuid()
      .notNull()
      .references(() => workCategories.id, { onDelete: 'restrict' }),
    workDate: date().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    minutes: integer().notNull(),
    note: text().notNull().default(''),
    status: workEntryStatusEnum().notNull().default('pending'),
    reviewReason: text().notNull().default(''),
    reviewedByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('work_entries_gym_date_idx').on(t.gymId, t.workDate),
    index('work_entries_staff_date_idx').on(t.staffId, t.workDate),
    check('work_entries_minutes', sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
    check('work_entries_times', sql`(${t.startsAt} is null) = (${t.endsAt} is null) and coalesce(${t.endsAt} > ${t.startsAt}, true)`),
  ],
);
