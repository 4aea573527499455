import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { gyms } from './gyms';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    profileId: uuid().notNull().references(() => profiles.id, { onDelete: 'cascade' }).unique(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    dob: date(),
    isCoach: boolean().notNull().default(false),
    isOwner: boolean().notNull().default(false),
    gender: text(),
    addressLines: text().array().notNull().default(sql`'{}'::text[]`),
    locality: text().notNull().default(''),
    region: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    addressCountry: text().notNull().default(''),
    emergencyName: text().notNull().default(''),
    emergencyPhone: text().notNull().default(''),
    medicalNotes: text().notNull().default(''),
    profilePicture: text(),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('staff_gym_idx').on(t.gymId)],
);

export const athletes = pgTable(
  'athletes',
  {
    id: uuid().primaryKey().defaultRandom(),
    profileId: uuid().notNull().references(() => profiles.id, { onDelete: 'cascade' }).unique(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text().notNull().default(''),
    dob: date(),
    gender: text(),
    profilePicture: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('athletes_gym_idx').on(t.gymId),
    index('athletes_gym_name_idx').on(t.gymId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

/** Platform staff (role kilo_staff): no gym. */
export const kiloStaff = pgTable('kilo_staff', {
  id: uuid().primaryKey().defaultRandom(),
  profileId: uuid().notNull().references(() => profiles.id, { onDelete: 'cascade' }).unique(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  isSalesTeam: boolean().notNull().default(false),
  profilePicture: text(),
  createdAt: createdAt(),
});

export const notes = pgTable(
  'notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().notNull().references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid().notNull().references(() => athletes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    isPinned: boolean().notNull().default(false),
    updatedAt: createdAt(),
  },
  (t) => [
    index('notes_athlete_idx').on(t.athleteId),
    // The kiosk shows pinned notes only.
    index('notes_pinned_idx').on(t.athleteId).where(sql`${t.isPinned}`),
  ],
);
