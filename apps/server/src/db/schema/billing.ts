import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { invoiceStatusEnum } from './enums';
import { gyms } from './gyms';
import { athletes } from './people';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Percent, e.g. 8.25. */
    percent: numeric({ precision: 7, scale: 4 }).notNull(),
    /** Issue 18: false once archived; an archived rate stays on what used it and is offered for nothing new. */
    isActive: boolean().notNull().default(true),
  },
  (t) => [index('tax_rates_gym_idx').on(t.gymId)],
);

/** Enough of invoicing to know an athlete has a past-due bill. Money in minor units. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    status: invoiceStatusEnum().notNull(),
    dueDate: date().notNull(),
    totalMinor: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_athlete_status_idx').on(t.athleteId, t.status),
    // The kiosk's past-due flag on every athlete row: a probe into a small index of past-due bills only.
    index('invoices_past_due_idx').on(t.athleteId).where(sql`${t.status} = 'past_due'`),
    // The kiosk-event read's flag for a class of athletes: the gym's past-due bills in one scan, hashed (decision 005).
    index('invoices_gym_past_due_idx').on(t.gymId, t.athleteId).where(sql`${t.status} = 'past_due'`),
  ],
);

/** Enough of documents (waivers, contracts) to know one is unsigned. */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    issuedAt: createdAt(),
    signedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('documents_athlete_idx').on(t.athleteId),
    // The kiosk's unsigned-document flag: only unsigned documents are indexed.
    index('documents_unsigned_idx').on(t.athleteId).where(sql`${t.signedAt} is null`),
    index('documents_gym_unsigned_idx').on(t.gymId, t.athleteId).where(sql`${t.signedAt} is null`),
  ],
);
