import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import type { ClassDefaults, KioskSettings } from '@spotter/shared';
import { defaultClassDefaults, defaultKioskSettings } from '@spotter/shared';
import { bannerAudienceEnum, countryEnum, demoGymTypeEnum, stripeAccountTypeEnum, stripeStatusEnum } from './enums';
import { profiles, users } from './accounts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const gyms = pgTable('gyms', {
  id: uuid().primaryKey().defaultRandom(),
  title: text().notNull(),
  email: text(),
  /** Issue 20/22: the gym's phone and postal address (merge fields, the settings page). */
  phone: text().notNull().default(''),
  addressLines: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  locality: text().notNull().default(''),
  region: text().notNull().default(''),
  zipCode: text().notNull().default(''),
  profilePicture: text(),
  country: countryEnum().notNull().default('US'),
  timeZone: text().notNull(),
  isTaxInclusive: boolean().notNull().default(false),
  stripeStatus: stripeStatusEnum().notNull().default('Active'),
  stripeAccountType: stripeAccountTypeEnum().notNull().default('standard'),
  ghlV2Enabled: boolean().notNull().default(false),
  /** Default tax rate of class fees (spec 3: eventSettings.classes.taxRate). */
  classTaxRateId: uuid(),
  /**
   * Issue 22 (decision 036): the gym's email identity. Mails go out as "{senderName}" <the platform's address>
   * (null: the gym's title), with Reply-To the gym's address (null: none).
   */
  senderName: text(),
  replyTo: text(),
  /** Issue 22: what a new class type starts with (booking window, late-cancel cut-off, fees, credits, waitlist). */
  classDefaults: jsonb().$type<ClassDefaults>().notNull().default(defaultClassDefaults),
  /** Issue 22: what the kiosk's athlete mode shows, and whether walk-ins without a package are allowed. */
  kioskSettings: jsonb().$type<KioskSettings>().notNull().default(defaultKioskSettings),
  /** Issue 37 (decision 044): whether a class cancelled before it started is still paid to its coach at their rate. */
  payCancelledClasses: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const demoGyms = pgTable(
  'demo_gyms',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' })
      .unique(),
    type: demoGymTypeEnum().notNull(),
    isActive: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    prospectName: text(),
    prospectEmail: text(),
    prospectPhone: text(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('demo_gyms_expires_idx').on(t.expiresAt)],
);

/**
 * Banners from the platform to every gym (gymId null) or to one gym, each for the audiences it names (gym staff and
 * owners, athletes, platform staff; issue 23): nobody else is shown it. No default: whoever writes one says who it is for.
 */
export const banners = pgTable(
  'banners',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().references(() => gyms.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    audiences: bannerAudienceEnum().array().notNull(),
    isActive: boolean().notNull().default(true),
    /** Issue 22: shown from `startsAt` (null: at once) until `endsAt` (null: until ended). Ending sets isActive false. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('banners_gym_idx').on(t.gymId),
    check('banners_audiences_not_empty', sql`cardinality(${t.audiences}) > 0`),
    check('banners_window', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    bannerId: uuid()
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.profileId] })],
);

export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('locations_gym_name_key').on(t.gymId, sql`lower(${t.name})`)],
);

/** The rooms of a location (issue 16); a room is never double-booked (events' exclusion constraint). */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rooms_location_name_key').on(t.locationId, sql`lower(${t.name})`), index('rooms_gym_idx').on(t.gymId)],
);
