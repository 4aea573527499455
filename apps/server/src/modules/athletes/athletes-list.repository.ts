import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AthleteListFilter, AthleteListRow, MembershipState, Tag, TagWithCount } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, athleteTags, documents, events, invoices, reservations, tags } from '../../db/schema';
import { listPage, type ListResult } from '../../lib/pagination';
import { containsPattern } from '../../lib/sql-text';
import { col, toIso } from '../event-setup';
import { membershipStateSql } from './membership.sql';

/**
 * Issue 17: the athletes list. One filter (`whereOf`) serves the page, its count and the CSV export. A page is three
 * statements whatever its size: the count, the page (its sort keys picked first from the gym's athletes by index, the
 * flags and last visit then read for those rows only), and the tags of its rows.
 */

/** The name as the list sorts and searches it: athletes_gym_name_idx indexes exactly this expression. */
const nameKey = sql<string>`lower(${col(athletes.firstName)} || ' ' || ${col(athletes.lastName)})`;

/** Phone digits a search may mean: 3 or more digits typed with nothing but phone punctuation around them. */
export function phoneDigitsOf(search: string): string[] {
  if (!/^[\d\s()+.\-/]+$/.test(search)) return [];
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return [];
  // Stored numbers are international ("447700900123"); a national number typed with its trunk 0 drops it.
  return digits.startsWith('0') && digits.length > 3 ? [digits, digits.slice(1)] : [digits];
}

function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search.toLowerCase());
  const phones = phoneDigitsOf(search).map((d) => sql`${col(athletes.phone)} like ${containsPattern(d)}`);
  return or(sql`${nameKey} like ${pattern}`, sql`lower(${col(athletes.email)}) like ${pattern}`, ...phones);
}

/** Athletes with a checked-in class or appointment that started between `since` and `now`: a scan of the gym's events in that window. */
const visitedSince = (gymId: string, since: Date, now: Date) =>
  sql`select ${col(reservations.athleteId)} from ${events} join ${reservations} on ${col(reservations.eventId)} = ${col(events.id)}
    where ${col(events.gymId)} = ${gymId} and ${col(events.startsAt)} >= ${since.toISOString()}::timestamptz
      and ${col(events.startsAt)} <= ${now.toISOString()}::timestamptz and ${col(reservations.isCheckedIn)}`;

export function whereOf(gymId: string, q: AthleteListFilter, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(athletes.gymId, gymId),
    q.archived ? isNotNull(athletes.archivedAt) : isNull(athletes.archivedAt),
    searchOf(q.search),
    q.membershipState ? sql`${membershipStateSql(col(athletes.id))} = ${q.membershipState}` : undefined,
    q.pastDue
      ? sql`exists (select 1 from ${invoices} where ${col(invoices.athleteId)} = ${col(athletes.id)} and ${col(invoices.status)} = 'past_due')`
      : undefined,
    q.unsignedDocument
      ? sql`exists (select 1 from ${documents} where ${col(documents.athleteId)} = ${col(athletes.id)} and ${col(documents.signedAt)} is null and ${col(documents.voidedAt)} is null)`
      : undefined,
    q.tagId
      ? sql`exists (select 1 from ${athleteTags} where ${col(athleteTags.athleteId)} = ${col(athletes.id)} and ${col(athleteTags.tagId)} = ${q.tagId})`
      : undefined,
    // Never visited counts as older than any number of days.
    q.lastVisitOlderThanDays !== undefined
      ? sql`${col(athletes.id)} not in (${visitedSince(gymId, new Date(now.getTime() - q.lastVisitOlderThanDays * 86_400_000), now)})`
      : undefined,
  ];
  return and(...conditions)!;
}

/** The gym's athletes' last visits, one row each: for a sort by last visit only (a page shows its own rows' visits). */
function lastVisits(db: DbOrTx, gymId: string, now: Date) {
  return db
    .select({ athleteId: reservations.athleteId, lastVisitAt: sql<string | null>`max(${col(events.startsAt)})`.as('last_visit_at') })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(and(eq(reservations.gymId, gymId), eq(events.gymId, gymId), eq(reservations.isCheckedIn, true), lte(events.startsAt, now)))
    .groupBy(reservations.athleteId)
    .as('lv');
}

type Window = { limit: number; offset: number };

/** The ids and sort keys of one window of the filter, in its order. */
function pageIds(db: DbOrTx, gymId: string, q: AthleteListFilter, w: Window, now: Date) {
  const direction = q.order === 'desc' ? desc : asc;
  if (q.sort === 'lastVisit') {
    const lv = lastVisits(db, gymId, now);
    // Oldest first: never visited comes before any visit (and after every visit, newest first); names break ties.
    const key = sql<string | null>`${lv.lastVisitAt}`;
    return db
      .select({ id: athletes.id, sortTime: sql<string | null>`${key}`.as('sort_time'), nameKey: sql<string>`${nameKey}`.as('name_key') })
      .from(athletes)
      .leftJoin(lv, eq(lv.athleteId, athletes.id))
      .where(whereOf(gymId, q, now))
      .orderBy(q.order === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls first`, asc(nameKey), asc(athletes.id))
      .limit(w.limit)
      .offset(w.offset)
      .as('page');
  }
  const key = q.sort === 'created' ? sql`${col(athletes.createdAt)}` : nameKey;
  return db
    .select({
      id: athletes.id,
      sortTime: sql<string | null>`${q.sort === 'created' ? col(athletes.createdAt) : sql`null::timestamptz`}`.as('sort_time'),
      nameKey: sql<string>`${nameKey}`.as('name_key'),
    })
    .from(athletes)
    .where(whereOf(gymId, q, now))
    .orderBy(direction(key), direction(athletes.id))
    .limit(w.limit)
    .offset(w.offset)
    .as('page');
}

/** The rows of one window: the sort applied again to the window's few rows, whose flags and last visit are read here. */
async function windowRows(db: DbOrTx, gymId: string, q: AthleteListFilter, w: Window, now: Date) {
  const page = pageIds(db, gymId, q, w, now);
  const direction = q.order === 'desc' ? desc : asc;
  const order =
    q.sort === 'name'
      ? [direction(page.nameKey), direction(page.id)]
      : q.sort === 'lastVisit'
        ? [q.order === 'desc' ? sql`${page.sortTime} desc nulls last` : sql`${page.sortTime} asc nulls first`, asc(page.nameKey), asc(page.id)]
        : [direction(page.sortTime), direction(page.id)];
  return db
    .select({
      athlete: athletes,
      membershipState: membershipStateSql(col(athletes.id)),
      hasPastDueBills: sql<boolean>`exists (select 1 from ${invoices} where ${col(invoices.athleteId)} = ${col(athletes.id)} and ${col(invoices.status)} = 'past_due')`,
      hasUnsignedDocuments: sql<boolean>`exists (select 1 from ${documents} where ${col(documents.athleteId)} = ${col(athletes.id)} and ${col(documents.signedAt)} is null and ${col(documents.voidedAt)} is null)`,
      lastVisitAt: sql<
        string | null
      >`(select max(${col(events.startsAt)}) from ${reservations} join ${events} on ${col(events.id)} = ${col(reservations.eventId)}
        where ${col(reservations.athleteId)} = ${col(athletes.id)} and ${col(reservations.isCheckedIn)} and ${col(events.startsAt)} <= ${now.toISOString()}::timestamptz)`,
    })
    .from(page)
    .innerJoin(athletes, eq(athletes.id, page.id))
    .orderBy(...order);
}

type WindowRow = Awaited<ReturnType<typeof windowRows>>[number];

/** The tags of some athletes, by name: one statement. */
async function tagsOf(db: DbOrTx, athleteIds: string[]): Promise<Map<string, Tag[]>> {
  const byAthlete = new Map<string, Tag[]>();
  if (athleteIds.length === 0) return byAthlete;
  const rows = await db
    .select({ athleteId: athleteTags.athleteId, tagId: tags.id, name: tags.name, color: tags.color })
    .from(athleteTags)
    .innerJoin(tags, eq(tags.id, athleteTags.tagId))
    .where(inArray(athleteTags.athleteId, athleteIds))
    .orderBy(sql`lower(${col(tags.name)})`, tags.id);
  for (const r of rows) {
    const list = byAthlete.get(r.athleteId) ?? [];
    list.push({ tagId: r.tagId, name: r.name, color: r.color });
    byAthlete.set(r.athleteId, list);
  }
  return byAthlete;
}

function toRow(r: WindowRow, tagList: Tag[]): AthleteListRow {
  const a = r.athlete;
  return {
    athleteId: a.id,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    profilePicture: a.profilePicture,
    membershipState: r.membershipState as MembershipState,
    tags: tagList,
    hasPastDueBills: Boolean(r.hasPastDueBills),
    hasUnsignedDocuments: Boolean(r.hasUnsignedDocuments),
    lastVisitAt: toIso(r.lastVisitAt),
    createdAt: a.createdAt.toISOString(),
    isArchived: a.archivedAt !== null,
  };
}

/** One window of the filter as list rows: two statements (the rows, their tags). */
async function rowsOf(db: DbOrTx, gymId: string, q: AthleteListFilter, w: Window, now: Date): Promise<AthleteListRow[]> {
  const rows = await windowRows(db, gymId, q, w, now);
  const tagMap = await tagsOf(
    db,
    rows.map((r) => r.athlete.id),
  );
  return rows.map((r) => toRow(r, tagMap.get(r.athlete.id) ?? []));
}

/** One page of the gym's athletes: three statements whatever the page size. */
export async function listAthletes(db: DbOrTx, gymId: string, q: AthleteListFilter & Window, now = new Date()): Promise<ListResult<AthleteListRow>> {
  return listPage({
    count: db
      .select({ n: count() })
      .from(athletes)
      .where(whereOf(gymId, q, now)),
    rows: () => rowsOf(db, gymId, q, q, now),
  });
}

export const EXPORT_BATCH = 1000;

/** Every athlete of the filter, in its sort, a batch at a time (the CSV export streams them): two statements a batch. */
export async function* athleteBatches(
  db: DbOrTx,
  gymId: string,
  q: AthleteListFilter,
  now = new Date(),
  batch = EXPORT_BATCH,
): AsyncGenerator<AthleteListRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await rowsOf(db, gymId, q, { limit: batch, offset }, now);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** The gym's tags by name, each with how many athletes carry it. */
export async function listTags(db: DbOrTx, gymId: string, w: Window): Promise<ListResult<TagWithCount>> {
  const where = eq(tags.gymId, gymId);
  return listPage({
    count: db.select({ n: count() }).from(tags).where(where),
    rows: async () => {
      const rows = await db
        .select({
          tagId: tags.id,
          name: tags.name,
          color: tags.color,
          athleteCount: sql<number>`(select count(*) from ${athleteTags} where ${col(athleteTags.tagId)} = ${col(tags.id)})`.mapWith(Number),
        })
        .from(tags)
        .where(where)
        .orderBy(sql`lower(${col(tags.name)})`, tags.id)
        .limit(w.limit)
        .offset(w.offset);
      return rows;
    },
  });
}

export async function tagOfGym(db: DbOrTx, gymId: string, tagId: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.gymId, gymId)));
  return row;
}

/** The ids of `ids` that are athletes of the gym (another gym's ids drop out), with their names and emails. */
export function athletesOfGym(db: DbOrTx, gymId: string, ids: readonly string[]) {
  return db
    .select({ id: athletes.id, firstName: athletes.firstName, lastName: athletes.lastName, email: athletes.email })
    .from(athletes)
    .where(and(eq(athletes.gymId, gymId), inArray(athletes.id, [...new Set(ids)])));
}
