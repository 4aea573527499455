import { sql } from 'drizzle-orm';
import { boolean, index, inet, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
import { impersonationActionEnum, roleEnum, userTokenKindEnum } from './enums';
import { gyms } from './gyms';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    gymId: uuid().references(() => gyms.id, { onDelete: 'cascade' }),
    role: roleEnum().notNull(),
    isDefault: boolean().notNull().default(false),
    loginEnabled: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('profiles_user_idx').on(t.userId),
    index('profiles_gym_role_idx').on(t.gymId, t.role),
    // Spec 2.2: one default profile per user.
    uniqueIndex('profiles_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    // A user holds at most one profile of a role in a gym.
    uniqueIndex('profiles_user_gym_role_key').on(t.userId, t.gymId, t.role),
  ],
);

/** A linked profile (a dependant) that another user may also sign in as. */
export const profileLinks = pgTable(
  'profile_links',
  {
    profileId: uuid().notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.userId] }), index('profile_links_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** sha256 of the cookie value: a leaked table does not hand out sessions. */
    tokenHash: text().notNull().unique(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    /** The platform staff user and profile behind an impersonation. */
    impersonatorUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    impersonatorProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
    /**
     * Issue 20: a front-desk tablet handed to a walk-in to sign this document. While set, the session may read and
     * sign only it; staff end the hand-off with their password (decision 035).
     */
    signingDocumentId: uuid(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use, expiring tokens for password reset and account activation. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: userTokenKindEnum().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Failed logins per account and per address, for throttling. */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: createdAt(),
  lockedUntil: timestamp({ withTimezone: true }),
});

export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    action: impersonationActionEnum().notNull(),
    actorUserId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    actorProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    targetProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    gymId: uuid().references(() => gyms.id, { onDelete: 'cascade' }),
    ip: inet(),
    createdAt: createdAt(),
  },
  (t) => [index('impersonation_audit_gym_idx').on(t.gymId, t.createdAt)],
);

export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
});
