import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { gyms } from './gyms';
import { athletes } from './people';
import { athletePackages } from './products';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Issue 20 (decision 035): a document template of a gym (waiver, contract, policy). Its wording lives in versions;
 * `currentVersion` names the one new documents are issued with. The rules say when it is issued by itself.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    type: text({ enum: ['waiver', 'contract', 'policy'] }).notNull(),
    title: text().notNull(),
    currentVersion: integer().notNull().default(1),
    /** Issued to every new athlete of the gym when their record is made (staff, import, sales portal). */
    requiredOnSignUp: boolean().notNull().default(false),
    /** An athlete's own booking is refused while an issued copy is unsigned. */
    requiredBeforeBooking: boolean().notNull().default(false),
    /** Issued on buying any of these packages (at the desk or through the sales portal). */
    packageIds: jsonb().$type<string[]>().notNull().default([]),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('document_templates_gym_idx').on(t.gymId)],
);

/** One wording of a template. Never changed once written: an edit writes the next version. */
export const documentTemplateVersions = pgTable(
  'document_template_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    templateId: uuid()
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    /** Sanitised rich text holding merge-field tokens (`{{athlete.fullName}}`, shared rules/documents.ts). */
    body: text().notNull(),
    requiresSignature: boolean().notNull().default(true),
    /** The labels of the initials the signer must give (e.g. "I accept the risks of training"). */
    initialFields: jsonb().$type<string[]>().notNull().default([]),
    createdByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_template_versions_key').on(t.templateId, t.version)],
);

/**
 * A document issued to an athlete: unsigned until signed (then immutable: a trigger refuses any update, migration
 * 0013) or voided. Only one open (unsigned, not voided) copy of a template per athlete: issuing again is a no-op.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    athleteId: uuid()
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    templateId: uuid().references(() => documentTemplates.id, { onDelete: 'set null' }),
    templateVersionId: uuid().references(() => documentTemplateVersions.id, { onDelete: 'set null' }),
    type: text({ enum: ['waiver', 'contract', 'policy'] })
      .notNull()
      .default('waiver'),
    title: text().notNull(),
    /** Why it was issued: by hand, to a filtered set, or by a template rule. */
    source: text({ enum: ['manual', 'bulk', 'sign_up', 'purchase', 'rule'] })
      .notNull()
      .default('manual'),
    /** The package bought, for the package-name merge field. */
    athletePackageId: uuid().references(() => athletePackages.id, { onDelete: 'set null' }),
    issuedByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    issuedAt: createdAt(),
    signedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    lastRemindedAt: timestamp({ withTimezone: true }),
    reminderCount: integer().notNull().default(0),
  },
  (t) => [
    index('documents_athlete_idx').on(t.athleteId),
    index('documents_gym_issued_idx').on(t.gymId, t.issuedAt),
    // The kiosk's unsigned-document flag: only open documents are indexed.
    index('documents_unsigned_idx')
      .on(t.athleteId)
      .where(sql`${t.signedAt} is null and ${t.voidedAt} is null`),
    index('documents_gym_unsigned_idx')
      .on(t.gymId, t.athleteId)
      .where(sql`${t.signedAt} is null and ${t.voidedAt} is null`),
    uniqueIndex('documents_open_template_key')
      .on(t.athleteId, t.templateId)
      .where(sql`${t.signedAt} is null and ${t.voidedAt} is null`),
    check('documents_signed_or_voided', sql`${t.signedAt} is null or ${t.voidedAt} is null`),
  ],
);

/**
 * The signature of a document, written once with the document's signing (same transaction) and never changed (a
 * trigger refuses updates). `content` is the exact rendered HTML the signer was shown; `contentSha256` its hash.
 */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' })
      .unique(),
    /** Who signed: the athlete themselves, or a parent or guardian (a user linked to the athlete's profile). */
    relation: text({ enum: ['self', 'guardian'] }).notNull(),
    signerName: text().notNull(),
    /** The athlete the document is for (the dependant when a guardian signs). */
    athleteName: text().notNull(),
    signerProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    method: text({ enum: ['drawn', 'typed'] }).notNull(),
    /** A PNG data URL of the drawn signature (null when typed). */
    signatureImage: text(),
    typedName: text(),
    /** The initials given, by field label. */
    initials: jsonb().$type<{ label: string; value: string }[]>().notNull().default([]),
    /** Signed in the athlete app, or on the front-desk tablet handed over by staff. */
    via: text({ enum: ['athlete_app', 'front_desk'] }).notNull(),
    content: text().notNull(),
    contentSha256: text().notNull(),
    ip: text(),
    userAgent: text(),
    signedAt: createdAt(),
  },
  (t) => [index('document_signatures_gym_idx').on(t.gymId)],
);
