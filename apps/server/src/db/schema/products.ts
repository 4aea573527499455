import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { taxRates } from './billing';
import { money } from './columns';
import {
  athletePackageSourceEnum,
  athletePackageStatusEnum,
  billingIntervalEnum,
  billingStartEnum,
  creditReasonEnum,
  packageKindEnum,
  productKindEnum,
  sessionPeriodEnum,
} from './enums';
import { appointmentTypes, classTypes, reservations } from './events';
import { gyms } from './gyms';
import { athletes } from './people';

/**
 * Issue 18 (decision 032): what a gym sells. Packages with their billing plans, what they cover, the packages athletes
 * hold with their credit ledger, retail items and fees, and the public sales portal. Money in integer minor units.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A package: a recurring membership, a class pack, a drop-in or a trial. */
export const packages = pgTable(
  'packages',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: packageKindEnum().notNull(),
    /** For the package-category report ("Memberships", "Intro offers", ...). */
    category: text().notNull().default(''),
    /** Rich text, sanitised on write (lib/rich-text.ts). */
    description: text().notNull().default(''),
    /** Credits granted on purchase and on each renewal (class packs: N, drop-ins: 1, trials: N); null: unlimited. */
    credits: integer(),
    /** Memberships: at most `sessionsLimit` classes a `sessionsPer` (null: unlimited). */
    sessionsLimit: integer(),
    sessionsPer: sessionPeriodEnum(),
    /** Days the package (and its credits) lasts from its start; null: until cancelled. */
    validityDays: integer(),
    /** Booking limits across every class it covers; null: no limit. */
    limitPerDay: integer(),
    limitPerWeek: integer(),
    /** Covers every class type / every appointment type (else the ones listed in the join tables). */
    coversAllClassTypes: boolean().notNull().default(true),
    coversAllAppointmentTypes: boolean().notNull().default(false),
    signUpFeeMinor: integer().notNull().default(0),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    /** The athlete's family (linked profiles) may book with it too. */
    familySharing: boolean().notNull().default(false),
    /** Offered in the public sales portal, in `portalOrder` (lowest first). */
    showInPortal: boolean().notNull().default(false),
    portalOrder: integer().notNull().default(0),
    /** Notice (days) an athlete must give to cancel a membership. */
    cancellationNoticeDays: integer().notNull().default(0),
    /** Document templates to sign on purchase, once the documents issue lands (ids). */
    documentTemplateIds: jsonb().$type<string[]>().notNull().default([]),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('packages_gym_idx').on(t.gymId),
    uniqueIndex('packages_gym_name_key')
      .on(t.gymId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check(
      'packages_numbers',
      sql`coalesce(${t.credits}, 1) > 0 and coalesce(${t.sessionsLimit}, 1) > 0 and coalesce(${t.validityDays}, 1) > 0 and coalesce(${t.limitPerDay}, 1) > 0 and coalesce(${t.limitPerWeek}, 1) > 0 and ${t.signUpFeeMinor} >= 0 and ${t.cancellationNoticeDays} >= 0`,
    ),
    check('packages_sessions_per', sql`(${t.sessionsLimit} is null) = (${t.sessionsPer} is null)`),
  ],
);

/** What a package covers when it does not cover all of a kind. */
export const packageClassTypes = pgTable(
  'package_class_types',
  {
    packageId: uuid()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    classTypeId: uuid()
      .notNull()
      .references(() => classTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.classTypeId] }), index('package_class_types_type_idx').on(t.classTypeId)],
);

export const packageAppointmentTypes = pgTable(
  'package_appointment_types',
  {
    packageId: uuid()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    appointmentTypeId: uuid()
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.appointmentTypeId] }), index('package_appointment_types_type_idx').on(t.appointmentTypeId)],
);

/**
 * How a package is paid for: a price every `intervalCount` `interval`s, `paymentCount` times (null: until cancelled;
 * 1: once, as class packs and drop-ins are). Starts on purchase, or on `dayOfMonth` with a prorated first charge.
 */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    packageId: uuid()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    priceMinor: integer().notNull(),
    interval: billingIntervalEnum().notNull().default('month'),
    intervalCount: integer().notNull().default(1),
    paymentCount: integer(),
    startsOn: billingStartEnum().notNull().default('purchase'),
    dayOfMonth: integer(),
    prorate: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_plans_package_idx').on(t.packageId),
    index('billing_plans_gym_idx').on(t.gymId),
    check('billing_plans_numbers', sql`${t.priceMinor} >= 0 and ${t.intervalCount} > 0 and coalesce(${t.paymentCount}, 1) > 0`),
    check(
      'billing_plans_day_of_month',
      sql`(${t.startsOn} = 'purchase' and ${t.dayOfMonth} is null) or (${t.startsOn} = 'day_of_month' and ${t.dayOfMonth} between 1 and 28)`,
    ),
  ],
);

/**
 * A package an athlete holds. Membership state (shared rules/membership.ts) derives from `status`; a hold pauses
 * billing and refuses bookings from holdStartsOn to holdEndsOn; credits are the sum of its credit_ledger rows.
 */
export const athletePackages = pgTable(
  'athlete_packages',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    packageId: uuid()
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    billingPlanId: uuid().references(() => billingPlans.id, { onDelete: 'set null' }),
    status: athletePackageStatusEnum().notNull().default('active'),
    startDate: date().notNull(),
    /** The last day it can be used (class packs and trials: start + validity; a cancellation's effective day). */
    endDate: date(),
    /** The price of each billing period and the sign-up fee, as sold (a later price change does not move them). */
    priceMinor: integer().notNull().default(0),
    signUpFeeMinor: integer().notNull().default(0),
    /** The day the next billing period starts (null: nothing more to bill). */
    nextBillingDate: date(),
    holdStartsOn: date(),
    holdEndsOn: date(),
    /** A cancellation asked for: effective on endDate (at period end, or at once). */
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    source: athletePackageSourceEnum().notNull().default('staff'),
    /** A sale's idempotency key (sales portal, staff sell): the same key again answers the same package. */
    idempotencyKey: text(),
    soldByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('athlete_packages_athlete_idx').on(t.athleteId, t.status),
    index('athlete_packages_gym_status_idx').on(t.gymId, t.status, t.athleteId),
    index('athlete_packages_package_idx').on(t.packageId),
    // Issue 21: the member reports read a gym's packages by when they start.
    index('athlete_packages_gym_start_idx').on(t.gymId, t.startDate),
    uniqueIndex('athlete_packages_idempotency_key')
      .on(t.gymId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('athlete_packages_hold_range', sql`(${t.holdStartsOn} is null) = (${t.holdEndsOn} is null) and coalesce(${t.holdEndsOn} >= ${t.holdStartsOn}, true)`),
    check('athlete_packages_money', sql`${t.priceMinor} >= 0 and ${t.signUpFeeMinor} >= 0`),
  ],
);

/**
 * The credits ledger: every grant, deduction and restore of an athlete package's credits is one row, with its reason
 * and the reservation that caused it. A package's balance is the sum of its rows' deltas, always.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order rows were written in (a clock may give two rows one instant). */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athletePackageId: uuid()
      .notNull()
      .references(() => athletePackages.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    reason: creditReasonEnum().notNull(),
    /** The reservation the row is for (set null when the reservation is deleted: the row keeps its id in `note`). */
    reservationId: uuid().references((): AnyPgColumn => reservations.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_package_idx').on(t.athletePackageId, t.seq),
    index('credit_ledger_reservation_idx').on(t.reservationId),
    // Issue 21: package utilization reads a gym's ledger over a range.
    index('credit_ledger_gym_created_idx').on(t.gymId, t.createdAt),
    check('credit_ledger_delta_not_zero', sql`${t.delta} <> 0`),
  ],
);

/** Retail items (stock) and fees (drop-in, towel, late fee): one-off things a gym charges for. */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    kind: productKindEnum().notNull(),
    name: text().notNull(),
    sku: text(),
    description: text().notNull().default(''),
    priceMinor: integer().notNull(),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    /** Retail only: units in stock (never below zero) and the count at or under which it is flagged low. */
    stockCount: integer(),
    lowStockThreshold: integer(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('products_gym_kind_idx').on(t.gymId, t.kind),
    uniqueIndex('products_gym_sku_key')
      .on(t.gymId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} is not null and ${t.archivedAt} is null`),
    check('products_stock_not_negative', sql`coalesce(${t.stockCount}, 0) >= 0 and coalesce(${t.lowStockThreshold}, 0) >= 0`),
    check('products_price_not_negative', sql`${t.priceMinor} >= 0`),
    check('products_fee_has_no_stock', sql`${t.kind} = 'retail' or ${t.stockCount} is null`),
  ],
);

/** A sale of a retail item or a fee (becomes an invoice line once invoices exist). Idempotent by key. */
export const productSales = pgTable(
  'product_sales',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    athleteId: uuid().references(() => athletes.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    unitPriceMinor: integer().notNull(),
    /** The tax rate's percent when sold (spec 3 invoice line taxRateValue). */
    taxPercent: text(),
    netMinor: money().notNull(),
    taxMinor: money().notNull(),
    totalMinor: money().notNull(),
    idempotencyKey: text(),
    soldByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_sales_gym_idx').on(t.gymId, t.createdAt),
    index('product_sales_product_idx').on(t.productId),
    uniqueIndex('product_sales_idempotency_key')
      .on(t.gymId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('product_sales_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A gym's public sales portal (spec 2.7: sales-portal/{salesPortalSlug}); absent for demo gyms (spec 6). */
export const salesPortals = pgTable(
  'sales_portals',
  {
    gymId: uuid()
      .primaryKey()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    isEnabled: boolean().notNull().default(false),
    slug: text().notNull(),
    headline: text().notNull().default(''),
    /** Rich text, sanitised on write. */
    introduction: text().notNull().default(''),
    /** A Mantine colour name for buttons and accents. */
    accentColor: text().notNull().default('blue'),
    /** Whether a buyer may choose to pay at the front desk. */
    allowPayAtDesk: boolean().notNull().default(true),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_portals_slug_key').on(sql`lower(${t.slug})`),
    check('sales_portals_slug_shape', sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$'`),
  ],
);
