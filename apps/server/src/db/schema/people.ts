import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { gyms } from './gyms';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' })
      .unique(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    dob: date(),
    isCoach: boolean().notNull().default(false),
    isOwner: boolean().notNull().default(false),
    gender: text(),
    addressLines: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locality: text().notNull().default(''),
    region: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    addressCountry: text().notNull().default(''),
    emergencyName: text().notNull().default(''),
    emergencyPhone: text().notNull().default(''),
    medicalNotes: text().notNull().default(''),
    profilePicture: text(),
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Deactivated staff cannot sign in to this gym; their sessions end at once (issue 17). */
    deactivatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_gym_idx').on(t.gymId)],
);

export const athletes = pgTable(
  'athletes',
  {
    id: uuid().primaryKey().defaultRandom(),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' })
      .unique(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text().notNull().default(''),
    dob: date(),
    gender: text(),
    profilePicture: text(),
    isActive: boolean().notNull().default(true),
    addressLines: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locality: text().notNull().default(''),
    region: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    addressCountry: text().notNull().default(''),
    emergencyName: text().notNull().default(''),
    emergencyPhone: text().notNull().default(''),
    medicalNotes: text().notNull().default(''),
    /** Archived athletes keep their history and leave the lists (issue 17: archive instead of delete). */
    archivedAt: timestamp({ withTimezone: true }),
    /** Anonymised on request: personal fields blanked, financial records kept. */
    anonymisedAt: timestamp({ withTimezone: true }),
    /** Where the record came from: 'manual', 'import:<file name>', 'seed', 'self'. */
    source: text().notNull().default('manual'),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('athletes_gym_idx').on(t.gymId),
    index('athletes_gym_name_idx').on(t.gymId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    // Issue 17: a duplicate email in a gym is refused; re-imports match by it.
    uniqueIndex('athletes_gym_email_key')
      .on(t.gymId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null and ${t.email} <> ''`),
    index('athletes_gym_created_idx').on(t.gymId, t.createdAt),
  ],
);

/** A gym's athlete tags (issue 17). */
export const tags = pgTable(
  'tags',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('gray'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_gym_name_key').on(t.gymId, sql`lower(${t.name})`)],
);

export const athleteTags = pgTable(
  'athlete_tags',
  {
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.athleteId, t.tagId] }), index('athlete_tags_tag_idx').on(t.tagId, t.athleteId)],
);

/**
 * Who changed what, and when (issue 17's Activity tab). One row per change, written in the change's own transaction
 * by lib/audit.ts; actorName is kept so the trail survives the actor's removal.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    /** 'athlete' | 'staff' | ... */
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    /** e.g. 'athlete.created', 'athlete.updated', 'note.created', 'staff.permissions_changed'. */
    action: text().notNull(),
    actorProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    /** { field: [before, after] } for updates; free-form details otherwise. Sensitive values are not stored. */
    changes: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.gymId, t.entityType, t.entityId, t.createdAt)],
);

/** Platform staff (role kilo_staff): no gym. */
export const kiloStaff = pgTable('kilo_staff', {
  id: uuid().primaryKey().defaultRandom(),
  profileId: uuid()
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' })
    .unique(),
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
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    isPinned: boolean().notNull().default(false),
    createdByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('notes_athlete_idx').on(t.athleteId),
    // The kiosk shows pinned notes only.
    index('notes_pinned_idx')
      .on(t.athleteId)
      .where(sql`${t.isPinned}`),
  ],
);
