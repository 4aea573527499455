import { and, asc, count, eq, ilike, or, sql, type SQL, isNull } from 'drizzle-orm';
import { eventTypeOf, holdsPlace, type Coach, type EventKind, type EventSummary, type KioskAthlete, type KioskEvent, type Note } from '@spotter/shared';
import { athletes, eventCoaches, events, notes, reservations, staff } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { preparedPer } from '../../lib/prepared';
import { containsPattern, fullName } from '../../lib/sql-text';
import {
  coachRowsSql,
  countEvents,
  eventTypeName,
  loadAttendees,
  parseJson,
  selectEvents,
  toCoaches,
  toEventRow,
  toEventSummary,
  type EventRow,
} from '../events';
import { hasPastDueBillSql, hasUnsignedDocumentSql, holdsPlaceSql } from '../booking-policy';

/**
 * The front desk's reads (spec 2.11, 2.12, 7.3): a day's event cards, an event's athletes, the Eligible tab. They read
 * the events and reservations modules' tables through their rules; every write is theirs.
 */

/** Who is looking: an athlete profile sees no notes and no one else's warnings. */
export type Viewer = { athleteId: string | null; isAthlete: boolean };

/** An athlete as the kiosk lists them, with their reservation of the event if any. */
export type KioskAthleteRow = {
  athleteId: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  hasPastDueBills: boolean;
  hasUnsignedDocuments: boolean;
  reservationId: string | null;
  isReserved: boolean | null;
  isCheckedIn: boolean | null;
  isLateCancel: boolean | null;
  isNoShow: boolean | null;
  isWaitlisted: boolean | null;
  isCredited: boolean | null;
  registrationDatetime: Date | null;
};

/**
 * What the kiosk shows of an athlete (event detail and Eligible tab). An athlete at the kiosk sees no notes, and bill
 * and document warnings only for themselves; a reservation that holds no place (a late cancel, a no show) is neither
 * reserved nor checked in there (spec 4).
 */
export function toKioskAthlete(r: KioskAthleteRow | JsonAthleteRow, pinned: Note[], viewer: Viewer): KioskAthlete {
  const canSeeWarnings = !viewer.isAthlete || viewer.athleteId === r.athleteId;
  const flags = {
    isReserved: r.isReserved ?? false,
    isCheckedIn: r.isCheckedIn ?? false,
    isLateCancel: r.isLateCancel ?? false,
    isNoShow: r.isNoShow ?? false,
    isWaitlisted: r.isWaitlisted ?? false,
  };
  const holds = r.reservationId !== null && holdsPlace(flags);
  return {
    athleteId: r.athleteId,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    profilePicture: r.profilePicture,
    notes: viewer.isAthlete ? [] : pinned,
    isReserved: holds && flags.isReserved,
    isCheckedIn: holds && flags.isCheckedIn,
    hasPastDueBills: canSeeWarnings && r.hasPastDueBills,
    hasUnsignedDocuments: canSeeWarnings && r.hasUnsignedDocuments,
    reservationId: r.reservationId,
    isLateCancel: flags.isLateCancel,
    isNoShow: flags.isNoShow,
    isCredited: r.isCredited ?? false,
    registrationDatetime: r.registrationDatetime === null ? null : new Date(r.registrationDatetime).toISOString(),
  };
}

/** What a kiosk list reads of an athlete and their reservation, with their pinned notes (rows in JSON) for staff. */
const athleteFields = (gymId: string | SQL, staffView: SQL) => ({
  athleteId: athletes.id,
  firstName: athletes.firstName,
  lastName: athletes.lastName,
  profilePicture: athletes.profilePicture,
  hasPastDueBills: hasPastDueBillSql(athletes.id, gymId),
  hasUnsignedDocuments: hasUnsignedDocumentSql(athletes.id, gymId),
  reservationId: reservations.id,
  isReserved: reservations.isReserved,
  isCheckedIn: reservations.isCheckedIn,
  isLateCancel: reservations.isLateCancel,
  isNoShow: reservations.isNoShow,
  isWaitlisted: reservations.isWaitlisted,
  isCredited: reservations.isCredited,
  registrationDatetime: reservations.registrationDatetime,
  // A probe of the partial index of pinned notes per athlete: an aggregate of the page's notes joined back re-ran for
  // every athlete (6 ms of a class of 100 at 1,000 gyms, bench:scale).
  pinned: sql<NoteRow[] | string>`case when ${staffView} then (select coalesce(json_agg(json_build_object('id', ${notes.id}, 'title', ${notes.title},
      'content', ${notes.content}, 'updated_at', ${notes.updatedAt}) order by ${notes.updatedAt} desc, ${notes.id}), '[]'::json)
    from ${notes} where ${notes.athleteId} = ${athletes.id} and ${notes.isPinned} and ${notes.gymId} = ${gymId}) else '[]'::json end`,
});

type NoteRow = { id: string; title: string; content: string; updated_at: string };
/** A row of athleteFields as json_agg writes it: timestamps as ISO text. */
type JsonAthleteRow = Omit<KioskAthleteRow, 'registrationDatetime'> & { registrationDatetime: string | null; pinned: NoteRow[] };

/** Each field named by its key, for a subquery whose rows are read as JSON. */
const aliased = <F extends Record<string, SQL | AnyPgColumn>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, sql`${value}`.as(key)])) as { [K in keyof F]: SQL.Aliased };
const toNotes = (value: NoteRow[] | string): Note[] =>
  parseJson(value).map((n) => ({ noteId: n.id, title: n.title, content: n.content, updatedAt: new Date(n.updated_at).toISOString() }));
const byName = [sql`lower(${athletes.firstName})`, sql`lower(${athletes.lastName})`, asc(athletes.id)];

const toKioskAthletes = (rows: ((KioskAthleteRow | JsonAthleteRow) & { pinned: NoteRow[] | string })[], viewer: Viewer): KioskAthlete[] =>
  rows.map((r) => toKioskAthlete(r, toNotes(r.pinned), viewer));

/**
 * The kiosk-event read (spec 2.12) as ONE prepared statement: the event with its counts and coaches, and the page of
 * athletes with their warnings and pinned notes as one JSON value of their rows, which toKioskAthlete shapes. The
 * front desk polls it all day. PGlite parses each value of a result in JavaScript (a page of 100 athletes as rows cost
 * about 6 ms of a 13 ms read there, bench:kiosk) but a JSON value once, natively; the answer is still shaped only here.
 */
const p = {
  gymId: sql`${sql.placeholder('gymId')}::uuid`,
  eventId: sql`${sql.placeholder('eventId')}::uuid`,
  kind: sql`${sql.placeholder('kind')}::event_kind`,
  includeCancelled: sql`${sql.placeholder('includeCancelled')}::boolean`,
  staffView: sql`${sql.placeholder('staffView')}::boolean`,
};
const listed = (r: typeof reservations) => and(eq(r.gymId, p.gymId), eq(r.eventId, p.eventId), sql`(${p.includeCancelled} or ${holdsPlaceSql(r)})`);

export const eventDetailStatement = preparedPer((db) => {
  const page = db
    .select(aliased(athleteFields(p.gymId, p.staffView)))
    .from(reservations)
    .innerJoin(athletes, eq(athletes.id, reservations.athleteId))
    .where(listed(reservations))
    .orderBy(...byName)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return selectEvents(db, p.gymId, {
    coaches: coachRowsSql(),
    listed: sql<number>`(select count(*) from ${reservations} where ${listed(reservations)})`.mapWith(Number),
    athletes: sql<JsonAthleteRow[] | string>`(select coalesce(json_agg(page), '[]'::json) from ${page})`,
  })
    .where(and(eq(events.gymId, p.gymId), eq(events.id, p.eventId), sql`(${p.kind} is null or ${events.kind} = ${p.kind})`))
    .prepare('kiosk_event_detail');
});

/** Spec 2.12: the event of the caller's gym (of the kind, when given) with one page of its athletes, or null. */
export async function loadEventDetail(
  db: Db,
  gymId: string,
  id: string,
  q: { kind?: EventKind; limit: number; offset: number; includeCancelled: boolean },
  viewer: Viewer,
): Promise<{ event: EventSummary; list: ListResult<KioskAthlete> } | null> {
  const [row] = await eventDetailStatement(db).execute({
    gymId,
    eventId: id,
    kind: q.kind ?? null,
    includeCancelled: q.includeCancelled,
    staffView: !viewer.isAthlete,
    limit: q.limit,
    offset: q.offset,
  });
  if (!row) return null;
  return {
    event: toEventSummary(toEventRow(row), toCoaches(row.coaches)),
    list: { count: row.listed, results: toKioskAthletes(parseJson(row.athletes), viewer) },
  };
}

/** Spec 2.12 Eligible tab: the gym's active athletes matching the search, with their reservation of the class. */
export async function listEligibleAthletes(
  db: DbOrTx,
  gymId: string,
  q: { classId: string | null; search: string; limit: number; offset: number },
  viewer: Viewer,
): Promise<ListResult<KioskAthlete>> {
  const r = reservations;
  const p = containsPattern(q.search);
  const where = and(
    eq(athletes.gymId, gymId),
    eq(athletes.isActive, true),
    q.search ? or(ilike(fullName(athletes), p), ilike(athletes.lastName, p)) : undefined,
  );
  const list = await listPage({
    count: db.select({ n: count() }).from(athletes).where(where),
    rows: db
      .select(athleteFields(gymId, sql`${!viewer.isAthlete}::boolean`))
      .from(athletes)
      .leftJoin(r, and(eq(r.athleteId, athletes.id), eq(r.gymId, gymId), q.classId ? eq(r.eventId, q.classId) : sql`false`))
      .where(where)
      .orderBy(...byName)
      .limit(q.limit)
      .offset(q.offset),
  });
  return { count: list.count, results: toKioskAthletes(list.results, viewer) };
}

/** A day's events matching the search: by type name, coach name, or the name of an athlete holding a place. */
function daySearch(date: string, kind: EventKind | undefined, search: string): SQL {
  const p = containsPattern(search);
  const matches = search
    ? or(
        ilike(eventTypeName, p),
        sql`exists (select 1 from ${eventCoaches} join ${staff} on ${staff.id} = ${eventCoaches.staffId}
          where ${eventCoaches.eventId} = ${events.id} and ${fullName(staff)} ilike ${p})`,
        sql`exists (select 1 from ${reservations} join ${athletes} on ${athletes.id} = ${reservations.athleteId}
          where ${reservations.eventId} = ${events.id} and ${holdsPlaceSql()} and ${fullName(athletes)} ilike ${p})`,
      )
    : undefined;
  // A class the gym cancelled is not at the front desk (issue 16).
  return and(eq(events.startDate, date), isNull(events.cancelledAt), kind ? eq(events.kind, kind) : undefined, matches)!;
}

/** The card of an event: its summary with the reservations holding a place, earliest first (spec 2.11). */
function toCard(e: EventRow, coaches: Coach[], attendees: KioskEvent['athleteKiloClasses']): KioskEvent {
  const isClass = eventTypeOf(e.kind) === 'kilo_class_type';
  return { ...toEventSummary(e, coaches), athleteKiloClasses: isClass ? attendees : [], athleteAppointments: isClass ? [] : attendees };
}

/** Spec 2.11 / 7.3 GET events/kiosk-events/: the day's classes and appointments (three queries whatever the page size). */
export async function listKioskEvents(
  db: DbOrTx,
  gymId: string,
  q: { date: string; search: string; kind?: EventKind; limit: number; offset: number },
): Promise<ListResult<KioskEvent>> {
  const where = daySearch(q.date, q.kind, q.search);
  const list = await listPage({
    count: countEvents(db, gymId, where),
    rows: selectEvents(db, gymId, { coaches: coachRowsSql() })
      .where(and(eq(events.gymId, gymId), where))
      .orderBy(asc(events.startsAt), asc(eventTypeName), asc(events.id))
      .limit(q.limit)
      .offset(q.offset),
  });
  const attendees = await loadAttendees(
    db,
    gymId,
    list.results.map((e) => e.id),
  );
  return { count: list.count, results: list.results.map((e) => toCard(toEventRow(e), toCoaches(e.coaches), attendees.get(e.id) ?? [])) };
}
