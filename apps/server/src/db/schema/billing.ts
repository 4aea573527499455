import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { money } from './columns';
import { invoiceSourceEnum, invoiceStatusEnum, paymentChannelEnum, paymentKindEnum, paymentMethodTypeEnum, paymentStatusEnum } from './enums';
import { charges } from './events';
import { athletePackages, packages, products } from './products';
import { gyms } from './gyms';
import { athletes } from './people';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Percent, e.g. 8.25. */
    percent: numeric({ precision: 7, scale: 4 }).notNull(),
    /** Issue 18: false once archived; an archived rate stays on what used it and is offered for nothing new. */
    isActive: boolean().notNull().default(true),
  },
  (t) => [index('tax_rates_gym_idx').on(t.gymId)],
);

/**
 * Issue 19 (decision 033): an invoice. Its lines, payments and refunds are rows of their own; `paymentsMinor` and
 * `refundsMinor` are kept in step by the one write path (modules/invoices/invoices.service.ts) under the invoice's row
 * lock, and `status` is derived from them by the shared `invoiceStateOf`. Money in minor units. `number` runs per gym
 * without gaps (allocated from `invoice_counters` in the invoice's own transaction).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    /** Null for a guest's front-desk sale (guestName then says who). */
    athleteId: uuid().references(() => athletes.id, { onDelete: 'cascade' }),
    guestName: text(),
    guestEmail: text(),
    /** The gym's running number (gap-free); null only on seed rows made before numbering. */
    number: integer(),
    status: invoiceStatusEnum().notNull(),
    source: invoiceSourceEnum().notNull().default('manual'),
    /** The gym's local date the invoice was issued and is due. */
    issueDate: date(),
    dueDate: date().notNull(),
    netMinor: money().notNull().default(0),
    taxMinor: money().notNull().default(0),
    totalMinor: money().notNull(),
    paymentsMinor: money().notNull().default(0),
    refundsMinor: money().notNull().default(0),
    /** Whether the gym's prices included tax when issued (spec 9): the PDF's wording follows it. */
    isTaxInclusive: boolean().notNull().default(false),
    /** The package (and its billing period) it bills: one invoice per package period. */
    athletePackageId: uuid().references(() => athletePackages.id, { onDelete: 'set null' }),
    periodStart: date(),
    periodEnd: date(),
    /** A late-cancel or no-show charge it bills (one invoice per charge). */
    chargeId: uuid().references(() => charges.id, { onDelete: 'set null' }),
    note: text(),
    idempotencyKey: text(),
    /** Dunning: failed charges of a saved method so far, and the gym's local date of the next retry (null: none). */
    failedAttempts: integer().notNull().default(0),
    nextRetryOn: date(),
    lastFailureMessage: text(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('invoices_athlete_status_idx').on(t.athleteId, t.status),
    // The kiosk's past-due flag on every athlete row: a probe into a small index of past-due bills only.
    index('invoices_past_due_idx')
      .on(t.athleteId)
      .where(sql`${t.status} = 'past_due'`),
    // The kiosk-event read's flag for a class of athletes: the gym's past-due bills in one scan, hashed (decision 005).
    index('invoices_gym_past_due_idx')
      .on(t.gymId, t.athleteId)
      .where(sql`${t.status} = 'past_due'`),
    uniqueIndex('invoices_gym_number_key').on(t.gymId, t.number),
    // The list (/invoices): newest first per gym, filtered by state or date.
    index('invoices_gym_issue_idx').on(t.gymId, t.issueDate, t.id),
    index('invoices_gym_status_idx').on(t.gymId, t.status, t.issueDate),
    // Issue 21: upcoming and past-due revenue read a gym's unpaid invoices by due date.
    index('invoices_gym_due_idx').on(t.gymId, t.dueDate),
    uniqueIndex('invoices_idempotency_key')
      .on(t.gymId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // A billing period is invoiced once, whoever runs the billing job (two workers, a restart in the middle).
    uniqueIndex('invoices_package_period_key')
      .on(t.athletePackageId, t.periodStart)
      .where(sql`${t.periodStart} is not null`),
    uniqueIndex('invoices_charge_key')
      .on(t.chargeId)
      .where(sql`${t.chargeId} is not null`),
    // Dunning: the invoices whose retry falls due.
    index('invoices_retry_idx')
      .on(t.nextRetryOn)
      .where(sql`${t.nextRetryOn} is not null`),
    check('invoices_money', sql`${t.totalMinor} >= 0 and ${t.paymentsMinor} >= 0 and ${t.refundsMinor} >= 0 and ${t.refundsMinor} <= ${t.paymentsMinor}`),
    check('invoices_party', sql`${t.athleteId} is not null or ${t.guestName} is not null or ${t.number} is null`),
  ],
);

/** The last invoice number a gym used: the row is locked by the allocating transaction, so numbers never repeat or skip. */
export const invoiceCounters = pgTable('invoice_counters', {
  gymId: uuid()
    .primaryKey()
    .references(() => gyms.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});

/** Spec 3 invoice line item: itemPrice, quantity, taxRateValue (percent); with the figures computed when issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    description: text().notNull(),
    itemPriceMinor: integer().notNull(),
    quantity: integer().notNull(),
    /** Percent, e.g. 8.25; null for untaxed. */
    taxRateValue: numeric({ precision: 7, scale: 4 }),
    taxRateId: uuid().references(() => taxRates.id, { onDelete: 'set null' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    packageId: uuid().references(() => packages.id, { onDelete: 'set null' }),
    netMinor: money().notNull(),
    taxMinor: money().notNull(),
    totalMinor: money().notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_product_idx').on(t.productId),
    check('invoice_lines_numbers', sql`${t.quantity} > 0 and ${t.itemPriceMinor} >= 0`),
  ],
);

/**
 * Money in (kind 'payment') or back (kind 'refund') on an invoice. A manual payment is 'succeeded' at once; a charge
 * of a saved method is 'pending' until the provider answers (or its webhook arrives). Idempotent by key per gym.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    athleteId: uuid().references(() => athletes.id, { onDelete: 'set null' }),
    kind: paymentKindEnum().notNull(),
    channel: paymentChannelEnum().notNull(),
    status: paymentStatusEnum().notNull(),
    amountMinor: money().notNull(),
    /** On a payment: how much of it was refunded so far. */
    refundedMinor: money().notNull().default(0),
    /** On a refund: the payment it returns. */
    refundOfPaymentId: uuid().references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    reason: text(),
    reference: text(),
    paymentMethodId: uuid().references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The provider's id (a PaymentIntent, a Refund): webhooks find the row by it. */
    providerId: text(),
    failureMessage: text(),
    idempotencyKey: text(),
    recordedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payments_gym_idx').on(t.gymId, t.createdAt),
    uniqueIndex('payments_idempotency_key')
      .on(t.gymId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('payments_provider_key')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    check('payments_amounts', sql`${t.amountMinor} > 0 and ${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

/** Spec 3 payment method: type, nickname, metadata (brand, last4, bankName); the card data stays with the provider. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    type: paymentMethodTypeEnum().notNull(),
    nickname: text(),
    brand: text(),
    last4: text(),
    bankName: text(),
    providerCustomerId: text(),
    providerMethodId: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_methods_athlete_idx')
      .on(t.athleteId)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('payment_methods_provider_key')
      .on(t.gymId, t.providerMethodId)
      .where(sql`${t.providerMethodId} is not null`),
  ],
);

/** The gym's connected account with the card-payment provider (spec 1), and its dunning schedule. */
export const paymentAccounts = pgTable('payment_accounts', {
  gymId: uuid()
    .primaryKey()
    .references(() => gyms.id, { onDelete: 'cascade' }),
  providerAccountId: text().unique(),
  /** Days after a failed charge on which it is retried (default 1, 3, 7). */
  dunningDays: jsonb().$type<number[]>().notNull().default([1, 3, 7]),
  chargesEnabled: boolean().notNull().default(false),
  payoutsEnabled: boolean().notNull().default(false),
  detailsSubmitted: boolean().notNull().default(false),
  updatedAt: createdAt(),
});

/** Provider webhook events already processed (by event id): a replay is answered and ignored. */
export const providerEvents = pgTable('provider_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** The provider's `created` of the event: an older event never overwrites what a newer one set. */
  providerCreated: bigint({ mode: 'number' }).notNull(),
  receivedAt: createdAt(),
});
