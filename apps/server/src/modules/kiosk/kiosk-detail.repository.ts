import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Coach, EventKind, EventSummary, KioskAthlete, Note } from '@spotter/shared';
import { appointmentTypes, appointments, athletes, classTypes, classes, documents, eventCoaches, invoices, locations, notes, staff } from '../../db/schema';
import type { Db } from '../../db/client';
import { KINDS, activeSql, isoUtc, type Kind } from './kinds';
import { toKioskAthlete, type KioskAthleteRow, type Viewer } from './kiosk.repository';

/**
 * Spec 2.12 / 7.3 GET events/{eventId}/kiosk-event/: the event, its coaches, its athletes with their reservation,
 * warnings and pinned notes, in ONE prepared statement per kind (the front desk opens this screen constantly; six
 * round trips with six plans cost ~5 ms on PostgreSQL). Coaches, athletes and notes come back as JSON aggregates.
 */

type AthleteJson = KioskAthleteRow & { notes: Note[] };

export type EventDetail = { event: EventSummary; count: number; results: KioskAthlete[] };

const gymId = sql.placeholder('gymId');
const eventId = sql.placeholder('eventId');
const includeCancelled = sql`${sql.placeholder('includeCancelled')}::boolean`;
const withNotes = sql`${sql.placeholder('withNotes')}::boolean`;

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
    total: sql<number>`(select count(*)::int from ${res} r join ${athletes} a on a.id = r.athlete_id where ${listed})`,
    athletes: sql<AthleteJson[]>`(select coalesce(json_agg(page.athlete order by page.first_key, page.last_key, page.athlete_id), '[]'::json) from (
        select lower(a.first_name) as first_key, lower(a.last_name) as last_key, a.id as athlete_id,
          json_build_object(
            'athleteId', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'profilePicture', a.profile_picture,
            'hasPastDueBills', exists (select 1 from ${invoices} i where i.athlete_id = a.id and i.gym_id = ${event.gymId} and i.status = 'past_due'),
            'hasUnsignedDocuments', exists (select 1 from ${documents} d where d.athlete_id = a.id and d.gym_id = ${event.gymId} and d.signed_at is null),
            'reservationId', r.id, 'isReserved', r.is_reserved, 'isCheckedIn', r.is_checked_in, 'isLateCancel', r.is_late_cancel,
            'isNoShow', r.is_no_show, 'isCredited', r.is_credited, 'registrationDatetime', ${isoUtc(sql`r.registration_datetime`)},
            'notes', case when ${withNotes} then (
              select coalesce(json_agg(json_build_object('noteId', n.id, 'title', n.title, 'content', n.content, 'updatedAt', ${isoUtc(sql`n.updated_at`)})
                order by n.updated_at desc, n.id), '[]'::json)
              from ${notes} n where n.gym_id = ${event.gymId} and n.is_pinned and n.athlete_id = a.id) else '[]'::json end
          ) as athlete
        from ${res} r join ${athletes} a on a.id = r.athlete_id
        where ${listed}
        order by lower(a.first_name), lower(a.last_name), a.id
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) page)`,
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
    withNotes: !viewer.isAthlete,
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
    results: parseJson(row.athletes).map((a) => toKioskAthlete(a, a.notes, viewer)),
  };
}

/** node-postgres and PGlite parse json columns; a driver that hands back text still works. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
