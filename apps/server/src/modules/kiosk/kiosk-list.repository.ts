import { eq, sql, type SQL } from 'drizzle-orm';
import type { EventKind, KioskEvent } from '@spotter/shared';
import { athletes, gyms } from '../../db/schema';
import type { Db } from '../../db/client';
import { KINDS, activeSql, containsPattern, isoUtc } from './kinds';
import { cardFields, reservationSql } from './kiosk-detail.repository';

/**
 * Spec 2.11 / 7.3 GET events/kiosk-events/: the day's classes and appointments, searched by class or appointment type,
 * coach or athlete name, in ONE prepared statement per kind filter: the count, and the page of event cards with their
 * coaches and attendees as JSON (the front desk reloads this list all day; six round trips cost ~5 ms).
 */

const gymId = sql`${sql.placeholder('gymId')}::uuid`;
const day = sql`${sql.placeholder('date')}::date`;
const searching = sql`${sql.placeholder('searching')}::boolean`;
const pattern = sql`${sql.placeholder('pattern')}::text`;

const TABLES = {
  class: { events: sql.raw('classes'), types: sql.raw('class_types'), typeCol: sql.raw('class_type_id'), coachCol: sql.raw('class_id') },
  appointment: { events: sql.raw('appointments'), types: sql.raw('appointment_types'), typeCol: sql.raw('appointment_type_id'), coachCol: sql.raw('appointment_id') },
} as const;

/** The day's events of a kind matching the search: kind, id and the sort keys. */
function refs(kind: EventKind): SQL {
  const t = TABLES[kind];
  const { res, resCol } = reservationSql(kind);
  // The type's gym too: without it the generic plan of the prepared statement hashed every gym's types (bench:scale).
  return sql`select ${kind}::text as kind, e.id, e.starts_at, et.name from ${t.events} e
    join ${t.types} et on et.id = e.${t.typeCol} and et.gym_id = ${gymId}
    where e.gym_id = ${gymId} and e.start_date = ${day} and (not ${searching}
      or et.name ilike ${pattern}
      or exists (select 1 from event_coaches ec join staff s on s.id = ec.staff_id
        where ec.${t.coachCol} = e.id and (s.first_name || ' ' || s.last_name) ilike ${pattern})
      or exists (select 1 from ${res} r join ${athletes} a on a.id = r.athlete_id
        where r.${resCol} = e.id and r.gym_id = ${gymId} and ${activeSql} and (a.first_name || ' ' || a.last_name) ilike ${pattern}))`;
}

/**
 * The card of the event of this kind with the id `id`, as JSON in the API's shape (KioskEvent) but for the counts and
 * the first attendee, which toCard derives from the attendees (one pass over the event's reservations, not four).
 */
function eventCard(kind: EventKind, id: SQL): SQL {
  const t = TABLES[kind];
  const k = KINDS[kind];
  const { res, resCol } = reservationSql(kind);
  const { coaches } = cardFields(k, { id: sql`e.id`, gymId: sql`e.gym_id` });
  const attendees = sql`(select coalesce(json_agg(json_build_object('reservationId', r.id,
      'athlete', json_build_object('athleteId', a.id, 'fullName', a.first_name || ' ' || a.last_name),
      'isReserved', r.is_reserved, 'isCheckedIn', r.is_checked_in) order by r.registration_datetime, r.id), '[]'::json)
    from ${res} r join ${athletes} a on a.id = r.athlete_id where r.gym_id = e.gym_id and r.${resCol} = e.id and ${activeSql})`;
  const none = sql`'[]'::json`;
  return sql`(select json_build_object(
      'eventId', e.id, 'eventType', ${k.eventType}::text, 'genesisEventType', ${k.eventType}::text, 'eventName', et.name,
      'startDate', e.start_date, 'startTime', e.start_time, 'startsAt', ${isoUtc(sql`e.starts_at`)},
      'endsAt', ${isoUtc(sql`e.starts_at + e.duration_minutes * interval '1 minute'`)}, 'duration', e.duration_minutes,
      'location', case when l.id is null then null else json_build_object('locationId', l.id, 'name', l.name) end,
      'capacity', e.capacity, 'coaches', ${coaches},
      'athleteKiloClasses', ${kind === 'class' ? attendees : none}, 'athleteAppointments', ${kind === 'appointment' ? attendees : none})
    from ${t.events} e join ${t.types} et on et.id = e.${t.typeCol}
      left join locations l on l.id = e.location_id and l.gym_id = e.gym_id
    where e.id = ${id} and e.gym_id = ${gymId})`;
}

type CardJson = Omit<KioskEvent, 'attendeeCount' | 'athletesAttended' | 'firstAttendee'>;

/**
 * The attendees are the event's active reservations, earliest registration first (the same rule and order as the
 * detail statement's counts and first attendee), so the card's numbers are read off them.
 */
function toCard(card: CardJson): KioskEvent {
  const attendees = card.eventType === 'kilo_class_type' ? card.athleteKiloClasses : card.athleteAppointments;
  return {
    ...card,
    attendeeCount: attendees.length,
    athletesAttended: attendees.filter((a) => a.isCheckedIn).length,
    firstAttendee: attendees[0]?.athlete.fullName ?? null,
  };
}

type Filter = EventKind | 'both';

/** The statement of one kind filter, unprepared (the benchmarks EXPLAIN it). */
export function kioskListSelect(db: Db, filter: Filter) {
  const kinds: EventKind[] = filter === 'both' ? ['class', 'appointment'] : [filter];
  const union = sql.join(kinds.map(refs), sql` union all `);
  const card = kinds.length === 1 ? eventCard(kinds[0]!, sql`p.id`) : sql`case when p.kind = 'class' then ${eventCard('class', sql`p.id`)} else ${eventCard('appointment', sql`p.id`)} end`;
  return db
    .select({
      total: sql<number>`(select count(*)::int from (${union}) ev)`,
      events: sql<CardJson[] | string>`(select coalesce(json_agg(${card} order by p.ord), '[]'::json) from (
        select ev.kind, ev.id, row_number() over (order by ev.starts_at, ev.name, ev.id) as ord from (${union}) ev
        order by ord limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p)`,
    })
    .from(gyms)
    .where(eq(gyms.id, gymId));
}

const listStatement = (db: Db, filter: Filter) => kioskListSelect(db, filter).prepare(`kiosk_events_${filter}`);

const preparedByDb = new WeakMap<Db, Map<Filter, ReturnType<typeof listStatement>>>();

export async function listKioskEvents(
  db: Db,
  gym: string,
  q: { date: string; search: string; kind?: EventKind; limit: number; offset: number },
): Promise<{ count: number; results: KioskEvent[] }> {
  const filter: Filter = q.kind ?? 'both';
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDb.set(db, statements);
  }
  let statement = statements.get(filter);
  if (!statement) {
    statement = listStatement(db, filter);
    statements.set(filter, statement);
  }
  const [row] = await statement.execute({
    gymId: gym,
    date: q.date,
    searching: q.search !== '',
    pattern: containsPattern(q.search),
    limit: q.limit,
    offset: q.offset,
  });
  if (!row) return { count: 0, results: [] };
  // node-postgres and PGlite parse json columns; a driver that hands back text still works.
  const cards = typeof row.events === 'string' ? (JSON.parse(row.events) as CardJson[]) : row.events;
  return { count: Number(row.total), results: cards.map(toCard) };
}
