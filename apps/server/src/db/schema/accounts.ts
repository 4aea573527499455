import { sql } from 'drizzle-orm';
import { bigint, boolean, index, inet, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    uniqueIndex('profiles_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    // A user holds at most one profile of a role in a gym.
    uniqueIndex('profiles_user_gym_role_key').on(t.userId, t.gymId, t.role),
  ],
);

/** A linked profile (a dependant) that another user may also sign in as. */
export const profileLinks = pgTable(
  'profile_links',
  {
    profileId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: userTokenKindEnum().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/**
 * Login throttling's counters (issue 32, decision 042), in the shape of rate-limiter-flexible's PostgreSQL store, which
 * alone reads and writes them: a key (the counter's kind, then its account, source or both), its points, and when it
 * expires (milliseconds since the epoch; null: never).
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: bigint({ mode: 'number' }),
});

export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    action: impersonationActionEnum().notNull(),
    actorUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * Issue 40 (decision 046): a provider's account linked to a Spotter user: signing in through Google, Facebook, Apple or
 * the fourth integration enters this user. One identity per (provider, subject), one of each provider per user.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().notNull(),
    subject: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave at the time of linking (shown on Account), if any. */
    email: text(),
    /** The name the provider gave when linked; Apple sends it only on the first sign-in, so it is kept here. */
    name: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * Issue 40: a sign-in started at a provider and not yet come back: its `state` (stored hashed), `nonce` and PKCE
 * verifier, bound to the browser that started it (the hash of its `sso_flow` cookie). A callback deletes its row, so a
 * state is used once; rows live 10 minutes.
 */
export const ssoFlows = pgTable('sso_flows', {
  stateHash: text().primaryKey(),
  provider: text().notNull(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  browserHash: text().notNull(),
  /** Set when a signed-in user links a provider from Account. */
  linkUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  /** The sales portal a sign-in started from: a new person becomes an athlete of its gym. */
  portalSlug: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
