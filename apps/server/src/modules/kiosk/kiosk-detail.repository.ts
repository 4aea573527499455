import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Coach, EventKind, EventSummary } from '@spotter/shared';
import { appointmentTypes, appointments, athletes, classTypes, classes, documents, eventCoaches, invoices, locations, notes, staff } from '../../db/schema';
import type { Db } from '../../db/client';
import { KINDS, activeSql, isoUtc, type Kind } from './kinds';
import type { Viewer } from './kiosk.repository';

/**
 * Spec 2.12 / 7.3 GET events/{eventId}/kiosk-event/: the event, its coaches, its athletes with their reservation,
 * warnings and pinned notes, in ONE prepared statement per kind (the front desk opens this screen constantly; six
 * round trips with six plans cost ~5 ms on PostgreSQL). Coaches come back as a JSON aggregate, the page of athletes
 * with their notes as the answer's JSON text.
 */

/** The event, how many athletes are listed, and one page of them as a JSON array of KioskAthlete (text). */
export type EventDetail = { event: EventSummary; count: number; resultsJson: string };

const gymId = sql.placeholder('gymId');
const eventId = sql.placeholder('eventId');
const includeCancelled = sql`${sql.placeholder('includeCancelled')}::boolean`;
/** Staff see pinned notes and every warning; an athlete profile no notes, and warnings on its own row only (toKioskAthlete). */
const staffView = sql`${sql.placeholder('staffView')}::boolean`;
const seesWarnings = sql`(${staffView} or coalesce(page.athlete_id = ${sql.placeholder('viewerAthleteId')}::uuid, false))`;

/** The reservation table of a kind and its event column, for the aliased subqueries (`r`). */
export function reservationSql(kind: EventKind) {
  return { res: sql.raw(kind === 'class' ? 'athlete_kilo_classes' : 'athlete_appointments'), resCol: sql.raw(kind === 'class' ? 'class_id' : 'appointment_id') };
}

type EventRef = { id: AnyColumn | SQL; gymId: AnyColumn | SQL };

/** What an event's card shows besides its own columns: counts, the first attendee and the coaches (kiosk list and detail). */
export function cardFields(k: Kind, event: EventRef) {
  const { res, resCol } = reservationSql(k.kind);
  const coachCol = k.kind === 'class' ? eventCoaches.classId : eventCoaches.appointmentId;
  return {
    attendeeCount: sql<number>`(select count(*)::int from ${res} r where r.${resCol} = ${event.id} and ${activeSql})`,
    attended: sql<number>`(select count(*)::int from ${res} r where r.${resCol} = ${event.id} and ${activeSql} and r.is_checked_in)`,
    // The earliest reservation first, then its athlete by primary key (a join let the planner scan every athlete).
    firstAttendee: sql<string | null>`(select a.first_name || ' ' || a.last_name from ${athletes} a where a.id = (
      select r.athlete_id from ${res} r where r.${resCol} = ${event.id} and ${activeSql} order by r.registration_datetime, r.id limit 1))`,
    coaches: sql<Coach[]>`(select coalesce(json_agg(json_build_object('staffId', ${staff.id}, 'fullName', ${staff.firstName} || ' ' || ${staff.lastName},
        'role', ${eventCoaches.role}) order by ${eventCoaches.role} <> 'lead', ${staff.lastName}, ${staff.firstName}, ${staff.id}), '[]'::json)
      from ${eventCoaches} join ${staff} on ${staff.id} = ${eventCoaches.staffId}
      where ${eventCoaches.gymId} = ${event.gymId} and ${coachCol} = ${event.id})`,
  };
}

function detailFields(k: Kind, event: EventRef) {
  const { res, resCol } = reservationSql(k.kind);
  const listed = sql`r.gym_id = ${event.gymId} and r.${resCol} = ${event.id} and (${includeCancelled} or ${activeSql})`;
  return {
    ...cardFields(k, event),
    // athlete_id is NOT NULL and references athletes, so every listed reservation has its athlete: no join to count them.
    total: sql<number>`(select count(*)::int from ${res} r where ${listed})`,
    // The page of athletes as the answer's JSON text, each athlete as toKioskAthlete shapes it (kiosk.repository.ts):
    // row_to_json writes compact JSON with the same escapes as JSON.stringify, so the text is what stringifying the
    // parsed rows would give, without parsing 40 KB into objects and writing it out again on every computed read.
    // The pinned notes are aggregated once per read: inlined, at 1,000 gyms the plan ran the aggregate again for every
    // athlete (bench:scale). The warnings are `in` the gym's past-due bills and unsigned documents, which PostgreSQL
    // reads once through the gym's partial indexes and hashes, where `exists` probed two indexes for every athlete.
    athletesJson: sql<string>`(
      with pinned as materialized (
        select n.athlete_id, '[' || string_agg(row_to_json(note)::text, ',' order by n.updated_at desc, n.id) || ']' as notes
        from ${notes} n
        cross join lateral (select n.id as "noteId", n.title, n.content, ${isoUtc(sql`n.updated_at`)} as "updatedAt") note
        where ${staffView} and n.gym_id = ${event.gymId} and n.is_pinned
          and n.athlete_id in (select r2.athlete_id from ${res} r2 where r2.gym_id = ${event.gymId} and r2.${resCol} = ${event.id})
        group by n.athlete_id
      )
      select '[' || coalesce(string_agg(row_to_json(athlete)::text, ',' order by page.first_key, page.last_key, page.athlete_id), '') || ']'
      from (
        select lower(a.first_name) as first_key, lower(a.last_name) as last_key, a.id as athlete_id, a.first_name, a.last_name, a.profile_picture,
          pinned.notes, r.id as reservation_id, r.is_reserved, r.is_checked_in, r.is_late_cancel, r.is_no_show, r.is_credited,
          ${isoUtc(sql`r.registration_datetime`)} as registered,
          a.id in (select i.athlete_id from ${invoices} i where i.gym_id = ${event.gymId} and i.status = 'past_due') as past_due,
          a.id in (select d.athlete_id from ${documents} d where d.gym_id = ${event.gymId} and d.signed_at is null) as unsigned
        from ${res} r join ${athletes} a on a.id = r.athlete_id
        left join pinned on pinned.athlete_id = a.id
        where ${listed}
        order by lower(a.first_name), lower(a.last_name), a.id
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) page
      cross join lateral (select page.athlete_id as "athleteId", page.first_name as "firstName", page.last_name as "lastName",
        btrim(page.first_name || ' ' || page.last_name) as "fullName", page.profile_picture as "profilePicture",
        coalesce(page.notes, '[]')::json as notes,
        not page.is_late_cancel and not page.is_no_show and page.is_reserved as "isReserved",
        not page.is_late_cancel and not page.is_no_show and page.is_checked_in as "isCheckedIn",
        ${seesWarnings} and page.past_due as "hasPastDueBills", ${seesWarnings} and page.unsigned as "hasUnsignedDocuments",
        page.reservation_id as "reservationId", page.is_late_cancel as "isLateCancel", page.is_no_show as "isNoShow",
        page.is_credited as "isCredited", page.registered as "registrationDatetime") athlete)`,
  };
}

/**
 * The statement of one kind, unprepared (the benchmarks EXPLAIN it). Appointments have the class columns this reads
 * under the same names (events.ts), so one builder serves both, as KINDS does for reservations.
 */
export function eventDetailSelect(db: Db, kind: EventKind) {
  const k = KINDS[kind];
  const e = k.events;
  const types = (kind === 'class' ? classTypes : appointmentTypes) as unknown as typeof classTypes;
  const typeColumn = kind === 'class' ? classes.classTypeId : (appointments.appointmentTypeId as unknown as typeof classes.classTypeId);
  return db
    .select({
      id: e.id,
      name: types.name,
      startDate: e.startDate,
      startTime: e.startTime,
      startsAt: e.startsAt,
      duration: e.durationMinutes,
      capacity: e.capacity,
      locationId: locations.id,
      locationName: locations.name,
      ...detailFields(k, { id: e.id, gymId: e.gymId }),
    })
    .from(e)
    .innerJoin(types, eq(types.id, typeColumn))
    .leftJoin(locations, and(eq(locations.id, e.locationId), eq(locations.gymId, e.gymId)))
    .where(and(eq(e.gymId, gymId), eq(e.id, eventId)));
}

const eventDetailQuery = (db: Db, kind: EventKind) => eventDetailSelect(db, kind).prepare(`kiosk_event_detail_${kind}`);
type Prepared = Record<EventKind, ReturnType<typeof eventDetailQuery>>;
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(db: Db): Prepared {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = { class: eventDetailQuery(db, 'class'), appointment: eventDetailQuery(db, 'appointment') };
    preparedByDb.set(db, queries);
  }
  return queries;
}

/** The event of this kind in the caller's gym with one page of its athletes, or null when there is none. */
export async function loadEventDetail(
  db: Db,
  gym: string,
  kind: EventKind,
  id: string,
  q: { limit: number; offset: number; includeCancelled: boolean },
  viewer: Viewer,
): Promise<EventDetail | null> {
  const [row] = await prepared(db)[kind].execute({
    gymId: gym,
    eventId: id,
    includeCancelled: q.includeCancelled,
    staffView: !viewer.isAthlete,
    viewerAthleteId: viewer.athleteId,
    limit: q.limit,
    offset: q.offset,
  });
  if (!row) return null;
  const eventType = KINDS[kind].eventType;
  const startsAt = new Date(row.startsAt);
  return {
    event: {
      eventId: row.id,
      eventType,
      genesisEventType: eventType,
      eventName: row.name,
      startDate: row.startDate,
      startTime: row.startTime,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + row.duration * 60_000).toISOString(),
      duration: row.duration,
      location: row.locationId && row.locationName !== null ? { locationId: row.locationId, name: row.locationName } : null,
      capacity: row.capacity,
      attendeeCount: Number(row.attendeeCount),
      athletesAttended: Number(row.attended),
      firstAttendee: row.firstAttendee,
      coaches: parseJson(row.coaches),
    },
    count: Number(row.total),
    resultsJson: row.athletesJson,
  };
}

/** node-postgres and PGlite parse json columns; a driver that hands back text still works. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
