import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { mailStatusEnum } from './enums';
import { gyms } from './gyms';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Every email the product sends (issue 16, decision 027): written in the transaction of the write that causes it, and
 * delivered by a job of the durable queue (lib/jobs.ts) with retries. `dedupeKey` makes the same mail for the same
 * cause one row (a promotion mailed once, however often the write is retried).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid().references(() => gyms.id, { onDelete: 'cascade' }),
    /** What the mail is about (template name: 'waitlist_promoted', 'class_cancelled', 'password_reset', …). */
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    replyTo: text(),
    /** Issue 22: the display name of From (the gym's sender name); null: the platform's own From. */
    fromName: text(),
    /** Issue 19: files rendered when it is sent (never stored): e.g. [{ kind: 'invoice_pdf', invoiceId }]. */
    attachments: jsonb().$type<{ kind: 'invoice_pdf'; invoiceId: string }[]>(),
    dedupeKey: text().unique(),
    /** It carries a secret (a reset or activation link): its text is blanked once sent. */
    isSensitive: boolean().notNull().default(false),
    status: mailStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    /** While `sending`: the claim ends then, and another delivery may take the row (its process died). */
    claimedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_gym_idx').on(t.gymId, t.createdAt),
    // Issue 22: the athlete page's message log (the mails to the athlete's or their guardians' addresses).
    index('mail_outbox_gym_to_idx').on(t.gymId, sql`lower(${t.toAddress})`, t.createdAt),
    check('mail_outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Issue 22 (decision 036): a gym's own wording of one of the product's mails (rules/message-templates.ts names the
 * kinds and their defaults). No row: the default. `bodyHtml` is sanitised rich text with {{mergeField}} tokens.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    subject: text().notNull(),
    bodyHtml: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedByProfileId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_templates_gym_kind_key').on(t.gymId, t.kind)],
);
