import { and, asc, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentListFilter, DocumentRow } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, documents, gyms, profileLinks, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-text';
import { col } from '../event-setup';
import { NO_EMAIL_DOMAIN } from '../people';
import { documentRowQuery, toDocumentRow } from './documents.repository';

/**
 * Issue 20 (contract-20 H2): reading issued documents for `/documents/issued`, the athlete page's Documents tab and the
 * CSV export. A page is two statements whatever its size: the count, and the page's rows (each joined by key to its
 * athlete, version and signature).
 */

type Window = { limit: number; offset: number };

/** The issue-date filter is on the gym's calendar days. */
const issuedOn = sql`(${col(documents.issuedAt)} at time zone (select ${col(gyms.timeZone)} from ${gyms} where ${col(gyms.id)} = ${col(documents.gymId)}))::date`;

function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  return or(sql`lower(${col(documents.title)}) like ${pattern}`, sql`lower(${col(athletes.firstName)} || ' ' || ${col(athletes.lastName)}) like ${pattern}`);
}

export function whereOf(gymId: string, q: Partial<DocumentListFilter>): SQL {
  return and(
    eq(documents.gymId, gymId),
    q.state === 'signed' ? sql`${col(documents.signedAt)} is not null` : undefined,
    q.state === 'voided' ? sql`${col(documents.voidedAt)} is not null` : undefined,
    q.state === 'unsigned' ? and(isNull(documents.signedAt), isNull(documents.voidedAt)) : undefined,
    q.templateId ? eq(documents.templateId, q.templateId) : undefined,
    q.athleteId ? eq(documents.athleteId, q.athleteId) : undefined,
    q.type ? eq(documents.type, q.type) : undefined,
    q.from ? sql`${issuedOn} >= ${q.from}::date` : undefined,
    q.to ? sql`${issuedOn} <= ${q.to}::date` : undefined,
    searchOf(q.search ?? ''),
  )!;
}

/** The sort, then the document's id (a stable order); unsigned documents have no signing time and come last. */
function orderOf(q: Pick<DocumentListFilter, 'sort' | 'order'>) {
  const dir = q.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const key =
    q.sort === 'signedAt'
      ? col(documents.signedAt)
      : q.sort === 'title'
        ? sql`lower(${col(documents.title)})`
        : q.sort === 'athlete'
          ? sql`lower(${col(athletes.lastName)} || ' ' || ${col(athletes.firstName)})`
          : col(documents.issuedAt);
  return [
    sql`${key} ${dir}`,
    q.order === 'asc' ? asc(documents.issuedAt) : desc(documents.issuedAt),
    q.order === 'asc' ? asc(documents.id) : desc(documents.id),
  ];
}

async function windowRows(db: DbOrTx, gymId: string, q: DocumentListFilter, w: Window): Promise<DocumentRow[]> {
  const rows = await documentRowQuery(db)
    .where(whereOf(gymId, q))
    .orderBy(...orderOf(q))
    .limit(w.limit)
    .offset(w.offset);
  return rows.map(toDocumentRow);
}

/** One page of the filter with its count: two statements. */
export async function listDocuments(db: DbOrTx, gymId: string, q: DocumentListFilter & Window): Promise<{ count: number; results: DocumentRow[] }> {
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .innerJoin(athletes, eq(athletes.id, documents.athleteId))
    .where(whereOf(gymId, q));
  const count = Number(total?.count ?? 0);
  return { count, results: count === 0 ? [] : await windowRows(db, gymId, q, q) };
}

export const EXPORT_BATCH = 1000;

/** Every document of the filter, in its sort, a batch at a time (the CSV export streams them). */
export async function* documentBatches(db: DbOrTx, gymId: string, q: DocumentListFilter, batch = EXPORT_BATCH): AsyncGenerator<DocumentRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await windowRows(db, gymId, q, { limit: batch, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export type MailRecipient = { email: string; name: string };

/**
 * Who is mailed about an athlete's document: the athlete's own email, else the users linked to their profile (their
 * parents or guardians). Empty when nobody can be reached.
 */
export async function recipientsOf(db: DbOrTx, gymId: string, athleteId: string): Promise<MailRecipient[]> {
  const [a] = await db
    .select({ email: athletes.email, firstName: athletes.firstName, lastName: athletes.lastName, profileId: athletes.profileId })
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!a) return [];
  const name = `${a.firstName} ${a.lastName}`.trim();
  if (a.email && !a.email.endsWith(`@${NO_EMAIL_DOMAIN}`)) return [{ email: a.email, name: a.firstName || name }];
  const guardians = await db
    .select({ email: users.email })
    .from(profileLinks)
    .innerJoin(users, eq(users.id, profileLinks.userId))
    .where(and(eq(profileLinks.profileId, a.profileId), eq(users.isActive, true)));
  return [...new Set(guardians.map((g) => g.email))].filter((e) => !e.endsWith(`@${NO_EMAIL_DOMAIN}`)).map((email) => ({ email, name: '' }));
}

export const AUTO_REMINDER = {
  /** Issued at least this long ago before the first automatic reminder. */
  afterDays: 3,
  /** No reminder (automatic or by staff) within this many days of the last. */
  everyDays: 7,
  /** At most this many reminders in all. */
  maxReminders: 3,
} as const;

/** Unsigned documents due an automatic reminder now (issued 3+ days ago, not reminded in 7 days, under 3 reminders). */
export function documentsDueReminder(db: DbOrTx, now: Date, gymId?: string, limit = 1000) {
  const issuedBefore = new Date(now.getTime() - AUTO_REMINDER.afterDays * 86_400_000);
  const remindedBefore = new Date(now.getTime() - AUTO_REMINDER.everyDays * 86_400_000);
  return db
    .select({ id: documents.id, gymId: documents.gymId })
    .from(documents)
    .where(
      and(
        gymId ? eq(documents.gymId, gymId) : undefined,
        isNull(documents.signedAt),
        isNull(documents.voidedAt),
        lt(documents.issuedAt, issuedBefore),
        lt(documents.reminderCount, AUTO_REMINDER.maxReminders),
        or(isNull(documents.lastRemindedAt), lt(documents.lastRemindedAt, remindedBefore)),
      ),
    )
    .orderBy(asc(documents.issuedAt), asc(documents.id))
    .limit(limit);
}
