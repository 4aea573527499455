import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { eventTypeOf, holdsPlace, type Coach, type EventKind, type EventSummary, type KioskAthlete, type KioskEvent, type Note } from '@spotter/shared';
import { athletes, eventCoaches, events, notes, reservations, staff } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { containsPattern, fullName } from '../../lib/sql-text';
import { countEvents, eventTypeName, loadAttendees, loadEvents, toEventSummary, type EventRow } from '../events/events.repository';
import { hasPastDueBillSql, hasUnsignedDocumentSql, holdsPlaceSql } from '../reservations/rules';

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
export function toKioskAthlete(r: KioskAthleteRow, pinned: Note[], viewer: Viewer): KioskAthlete {
  const canSeeWarnings = !viewer.isAthlete || viewer.athleteId === r.athleteId;
  const flags = { isReserved: r.isReserved ?? false, isCheckedIn: r.isCheckedIn ?? false, isLateCancel: r.isLateCancel ?? false, isNoShow: r.isNoShow ?? false, isWaitlisted: r.isWaitlisted ?? false };
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

const athleteFields = (gymId: string) => ({
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
});
const byName = [sql`lower(${athletes.firstName})`, sql`lower(${athletes.lastName})`, asc(athletes.id)];

/** Pinned notes of the given athletes, newest first (one query; none for an athlete viewer). */
async function pinnedNotes(db: DbOrTx, gymId: string, athleteIds: string[], viewer: Viewer): Promise<Map<string, Note[]>> {
  const byAthlete = new Map<string, Note[]>();
  if (viewer.isAthlete || athleteIds.length === 0) return byAthlete;
  const rows = await db
    .select({ athleteId: notes.athleteId, noteId: notes.id, title: notes.title, content: notes.content, updatedAt: notes.updatedAt })
    .from(notes)
    .where(and(eq(notes.gymId, gymId), eq(notes.isPinned, true), inArray(notes.athleteId, athleteIds)))
    .orderBy(desc(notes.updatedAt), asc(notes.id));
  for (const r of rows) {
    const list = byAthlete.get(r.athleteId) ?? [];
    list.push({ noteId: r.noteId, title: r.title, content: r.content, updatedAt: new Date(r.updatedAt).toISOString() });
    byAthlete.set(r.athleteId, list);
  }
  return byAthlete;
}

async function toKioskAthletes(db: DbOrTx, gymId: string, rows: KioskAthleteRow[], viewer: Viewer): Promise<KioskAthlete[]> {
  const pinned = await pinnedNotes(db, gymId, rows.map((r) => r.athleteId), viewer);
  return rows.map((r) => toKioskAthlete(r, pinned.get(r.athleteId) ?? [], viewer));
}

/** The coaches of the given events, lead coaches first (one query). */
export async function loadCoaches(db: DbOrTx, gymId: string, eventIds: string[]): Promise<Map<string, Coach[]>> {
  const byEvent = new Map<string, Coach[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ eventId: eventCoaches.eventId, staffId: staff.id, fullName: fullName(staff), role: eventCoaches.role })
    .from(eventCoaches)
    .innerJoin(staff, eq(staff.id, eventCoaches.staffId))
    .where(and(eq(eventCoaches.gymId, gymId), inArray(eventCoaches.eventId, eventIds)))
    .orderBy(sql`${eventCoaches.role} <> 'lead'`, asc(staff.lastName), asc(staff.firstName), asc(staff.id));
  for (const { eventId, ...coach } of rows) {
    const list = byEvent.get(eventId) ?? [];
    list.push(coach);
    byEvent.set(eventId, list);
  }
  return byEvent;
}

/** Spec 2.12: the event of the caller's gym (of the kind, when given) with one page of its athletes, or null. */
export async function loadEventDetail(
  db: DbOrTx,
  gymId: string,
  id: string,
  q: { kind?: EventKind; limit: number; offset: number; includeCancelled: boolean },
  viewer: Viewer,
): Promise<{ event: EventSummary; list: ListResult<KioskAthlete> } | null> {
  const [event] = await loadEvents(db, gymId, and(eq(events.id, id), q.kind ? eq(events.kind, q.kind) : undefined));
  if (!event) return null;
  const r = reservations;
  const listed = and(eq(r.gymId, gymId), eq(r.eventId, id), q.includeCancelled ? undefined : holdsPlaceSql(r));
  const list = await listPage({
    count: db.select({ n: count() }).from(r).where(listed),
    rows: db.select(athleteFields(gymId)).from(r).innerJoin(athletes, eq(athletes.id, r.athleteId)).where(listed).orderBy(...byName).limit(q.limit).offset(q.offset),
  });
  const coaches = await loadCoaches(db, gymId, [id]);
  return {
    event: toEventSummary(event, coaches.get(id) ?? []),
    list: { count: list.count, results: await toKioskAthletes(db, gymId, list.results, viewer) },
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
  const where = and(eq(athletes.gymId, gymId), eq(athletes.isActive, true), q.search ? or(ilike(fullName(athletes), p), ilike(athletes.lastName, p)) : undefined);
  const list = await listPage({
    count: db.select({ n: count() }).from(athletes).where(where),
    rows: db
      .select(athleteFields(gymId))
      .from(athletes)
      .leftJoin(r, and(eq(r.athleteId, athletes.id), eq(r.gymId, gymId), q.classId ? eq(r.eventId, q.classId) : sql`false`))
      .where(where)
      .orderBy(...byName)
      .limit(q.limit)
      .offset(q.offset),
  });
  return { count: list.count, results: await toKioskAthletes(db, gymId, list.results, viewer) };
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
  return and(eq(events.startDate, date), kind ? eq(events.kind, kind) : undefined, matches)!;
}

/** The card of an event: its summary with the reservations holding a place, earliest first (spec 2.11). */
function toCard(e: EventRow, coaches: Coach[], attendees: KioskEvent['athleteKiloClasses']): KioskEvent {
  const isClass = eventTypeOf(e.kind) === 'kilo_class_type';
  return { ...toEventSummary(e, coaches), athleteKiloClasses: isClass ? attendees : [], athleteAppointments: isClass ? [] : attendees };
}

/** Spec 2.11 / 7.3 GET events/kiosk-events/: the day's classes and appointments (four queries whatever the page size). */
export async function listKioskEvents(
  db: DbOrTx,
  gymId: string,
  q: { date: string; search: string; kind?: EventKind; limit: number; offset: number },
): Promise<ListResult<KioskEvent>> {
  const where = daySearch(q.date, q.kind, q.search);
  const list = await listPage({
    count: countEvents(db, gymId, where),
    rows: () => loadEvents(db, gymId, where, { limit: q.limit, offset: q.offset }),
  });
  const ids = list.results.map((e) => e.id);
  const coaches = await loadCoaches(db, gymId, ids);
  const attendees = await loadAttendees(db, gymId, ids);
  return { count: list.count, results: list.results.map((e) => toCard(e, coaches.get(e.id) ?? [], attendees.get(e.id) ?? [])) };
}
