import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  isMessageTemplateKind,
  messageTemplateCatalogue,
  type MessageDetail,
  type MessageListFilter,
  type MessageRow,
  type MessageState,
} from '@spotter/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { athletes, gyms, mailOutbox, profileLinks, profiles, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-text';
import { fromLineOf } from '../../lib/mailer';
import { listPage, type ListResult } from '../../lib/pagination';
import { col } from '../event-setup';

/**
 * Issue 22: reading the gym's message log (mail_outbox rows of the gym) for `/flows/templates`'
 * "Sent messages", its CSV and the athlete page's Messages tab. A page is two statements whatever its size: the count
 * and the page's rows. The rows never carry attachments or dedupe keys; a sent sensitive mail's text is already blank.
 */

type Window = { limit: number; offset: number };

/** A kind made readable: the template's label, else `athlete_bulk_email` → "Athlete bulk email". */
export function kindLabelOf(kind: string): string {
  if (isMessageTemplateKind(kind)) return messageTemplateCatalogue[kind].label;
  const words = kind.replace(/[_.-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : kind;
}

/** The day filter is on the gym's calendar days. */
const createdOn = sql`(${col(mailOutbox.createdAt)} at time zone (select ${col(gyms.timeZone)} from ${gyms} where ${col(gyms.id)} = ${col(mailOutbox.gymId)}))::date`;

function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  return sql`(lower(${col(mailOutbox.toAddress)}) like ${pattern} or lower(${col(mailOutbox.subject)}) like ${pattern})`;
}

export function whereOf(gymId: string, q: Partial<MessageListFilter>): SQL {
  return and(
    eq(mailOutbox.gymId, gymId),
    q.status ? eq(mailOutbox.status, q.status) : undefined,
    q.kind ? eq(mailOutbox.kind, q.kind) : undefined,
    q.from ? sql`${createdOn} >= ${q.from}::date` : undefined,
    q.to ? sql`${createdOn} <= ${q.to}::date` : undefined,
    searchOf(q.search ?? ''),
  )!;
}

const rowColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

type RawRow = {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export const toMessageRow = (r: RawRow): MessageRow => ({
  messageId: r.id,
  kind: r.kind,
  kindLabel: kindLabelOf(r.kind),
  to: r.toAddress,
  subject: r.subject,
  status: r.status as MessageState,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});

/** Newest first, then the id (a stable order). */
const newestFirst = [desc(mailOutbox.createdAt), desc(mailOutbox.id)];

async function windowRows(db: DbOrTx, where: SQL, w: Window): Promise<MessageRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(mailOutbox)
    .where(where)
    .orderBy(...newestFirst)
    .limit(w.limit)
    .offset(w.offset);
  return rows.map(toMessageRow);
}

/** A page and the count of its filter: two statements whatever the page size (lib/pagination listPage). */
function pageOf(db: DbOrTx, where: SQL, w: Window): Promise<ListResult<MessageRow>> {
  return listPage({ count: db.select({ n: count() }).from(mailOutbox).where(where), rows: () => windowRows(db, where, w) });
}

/** One page of the gym's log with its count: two statements. */
export function listMessages(db: DbOrTx, gymId: string, q: MessageListFilter & Window) {
  return pageOf(db, whereOf(gymId, q), q);
}

export const EXPORT_BATCH = 1000;

/** Every mail of the filter, newest first, a batch at a time (the CSV export streams them). */
export async function* messageBatches(db: DbOrTx, gymId: string, q: MessageListFilter, batch = EXPORT_BATCH): AsyncGenerator<MessageRow[]> {
  const where = whereOf(gymId, q);
  for (let offset = 0; ; offset += batch) {
    const rows = await windowRows(db, where, { limit: batch, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** One mail of the gym; null when it is not the gym's (or does not exist). */
export async function findMessage(db: DbOrTx, gymId: string, messageId: string, platformFrom: string): Promise<MessageDetail | null> {
  const [r] = await db
    .select({ ...rowColumns, fromName: mailOutbox.fromName, replyTo: mailOutbox.replyTo, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.gymId, gymId), eq(mailOutbox.id, messageId)));
  if (!r) return null;
  return {
    ...toMessageRow(r),
    from: fromLineOf(r.fromName, platformFrom),
    replyTo: r.replyTo,
    text: r.text,
    html: r.html,
  };
}

const linkedUsers = alias(users, 'linked_users');

/**
 * The addresses an athlete's mail goes to, lower-cased: the athlete's own email, their login's, and the users linked
 * to their profile (parents, guardians). Null when the athlete is not the gym's.
 */
export async function athleteAddresses(db: DbOrTx, gymId: string, athleteId: string): Promise<string[] | null> {
  const rows = await db
    .select({ email: athletes.email, userEmail: users.email, linkedEmail: linkedUsers.email })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .leftJoin(profileLinks, eq(profileLinks.profileId, athletes.profileId))
    .leftJoin(linkedUsers, eq(linkedUsers.id, profileLinks.userId))
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (rows.length === 0) return null;
  const all = rows.flatMap((r) => [r.email, r.userEmail, r.linkedEmail]).filter((e): e is string => !!e && e.trim() !== '');
  return [...new Set(all.map((e) => e.trim().toLowerCase()))];
}

/** One page of the mails to these addresses in the gym, newest first (the index on gym and lower(to) serves it). */
export function listMessagesTo(db: DbOrTx, gymId: string, addresses: string[], w: Window) {
  if (addresses.length === 0) return Promise.resolve<ListResult<MessageRow>>({ count: 0, results: [] });
  return pageOf(db, and(eq(mailOutbox.gymId, gymId), inArray(sql`lower(${col(mailOutbox.toAddress)})`, addresses))!, w);
}
