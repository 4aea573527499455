import { and, asc, count, eq, ilike, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import {
  eventTypeOf,
  bulkBookabilityOf,
  isFull,
  minorToDecimal,
  type Attendee,
  type Coach,
  type EventKind,
  type EventSummary,
  type FeeSettings,
  type KiloClassesQuery,
  type KiloClassPreview,
  type TaxRate,
} from '@spotter/shared';
import { appointmentTypes, athletes, classTypes, eventCoaches, events, locations, reservations, staff, taxRates } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { containsPattern, fullName } from '../../lib/sql-text';
import { holdsPlaceSql } from '../booking-policy';

/** One class or appointment with everything its card, detail and reservation rules need. */
export type EventRow = {
  kind: EventKind;
  id: string;
  name: string;
  typeId: string;
  rootId: string | null;
  startDate: string;
  startTime: string;
  startsAt: Date;
  duration: number;
  capacity: number;
  location: { locationId: string; name: string } | null;
  fees: { cancellationFeeMinor: number; noShowFeeMinor: number; cancellationCreditDeduction: number; noShowCreditDeduction: number };
  taxRate: TaxRate | null;
  attendeeCount: number;
  attended: number;
  firstAttendee: string | null;
};

/** The name of an event's type, whichever kind it is. */
export const eventTypeName = sql<string>`coalesce(${classTypes.name}, ${appointmentTypes.name})`;

/** The counts of an event's card: reservations holding a place, how many of them are checked in, and the first one's name. */
export function eventCounts(eventId: SQL | typeof events.id = events.id) {
  const r = reservations;
  return {
    attendeeCount: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${eventId} and ${holdsPlaceSql(r)})`.mapWith(Number),
    attended: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${eventId} and ${holdsPlaceSql(r)} and ${r.isCheckedIn})`.mapWith(Number),
    // The earliest reservation first, then its athlete by primary key (a join let the planner scan every athlete).
    firstAttendee: sql<string | null>`(select ${fullName(athletes)} from ${athletes} where ${athletes.id} = (select ${r.athleteId} from ${r}
      where ${r.eventId} = ${eventId} and ${holdsPlaceSql(r)} order by ${r.registrationDatetime}, ${r.id} limit 1))`,
  };
}

const percentText = (p: string) => String(Number(p));

/** An event's coaches as rows in JSON, lead coaches first (read by toCoaches: the one mapping of a coach). */
export function coachRowsSql(eventId: SQL | typeof events.id = events.id) {
  return sql<CoachRow[] | string>`(select coalesce(json_agg(json_build_object('id', ${staff.id}, 'first_name', ${staff.firstName},
      'last_name', ${staff.lastName}, 'role', ${eventCoaches.role}) order by ${eventCoaches.role} <> 'lead', ${staff.lastName}, ${staff.firstName}, ${staff.id}), '[]'::json)
    from ${eventCoaches} join ${staff} on ${staff.id} = ${eventCoaches.staffId} where ${eventCoaches.eventId} = ${eventId})`;
}
type CoachRow = { id: string; first_name: string; last_name: string; role: string };

/** node-postgres and PGlite parse json columns; a driver that hands back text still works. */
export const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toCoaches(value: CoachRow[] | string): Coach[] {
  return parseJson(value).map((c) => ({ staffId: c.id, fullName: `${c.first_name} ${c.last_name}`, role: c.role }));
}

/**
 * The columns of an event's row (EventRow), with more fields when given; the gym filter is the caller's. The type,
 * location and tax-rate joins read only the gym's rows (their gym indexes), so the plan does not scan every gym's
 * types as the tables grow (the scale bench's EXPLAIN).
 */
export function selectEvents<E extends SelectedFields>(db: DbOrTx, gymId: string | Placeholder | SQL, extra: E = {} as E) {
  return db
    .select({
      kind: events.kind,
      id: events.id,
      name: eventTypeName,
      typeId: sql<string>`coalesce(${events.classTypeId}, ${events.appointmentTypeId})`,
      rootId: events.rootId,
      startDate: events.startDate,
      startTime: events.startTime,
      startsAt: events.startsAt,
      duration: events.durationMinutes,
      capacity: events.capacity,
      locationId: locations.id,
      locationName: locations.name,
      cancellationFeeMinor: events.cancellationFeeMinor,
      noShowFeeMinor: events.noShowFeeMinor,
      cancellationCreditDeduction: events.cancellationCreditDeduction,
      noShowCreditDeduction: events.noShowCreditDeduction,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      ...eventCounts(),
      ...extra,
    })
    .from(events)
    .leftJoin(classTypes, and(eq(classTypes.id, events.classTypeId), eq(classTypes.gymId, gymId)))
    .leftJoin(appointmentTypes, and(eq(appointmentTypes.id, events.appointmentTypeId), eq(appointmentTypes.gymId, gymId)))
    .leftJoin(locations, and(eq(locations.id, events.locationId), eq(locations.gymId, gymId)))
    .leftJoin(taxRates, and(eq(taxRates.id, events.taxRateId), eq(taxRates.gymId, gymId)));
}

type EventColumns = Omit<EventRow, 'location' | 'fees' | 'taxRate'> &
  EventRow['fees'] & {
    locationId: string | null;
    locationName: string | null;
    taxRateId: string | null;
    taxRateName: string | null;
    taxRatePercent: string | null;
  };

/** A row of selectEvents as the domain reads it. */
export function toEventRow(r: EventColumns): EventRow {
  return {
    kind: r.kind,
    id: r.id,
    name: r.name,
    typeId: r.typeId,
    rootId: r.rootId,
    startDate: r.startDate,
    startTime: r.startTime,
    startsAt: r.startsAt,
    duration: r.duration,
    capacity: r.capacity,
    location: r.locationId && r.locationName !== null ? { locationId: r.locationId, name: r.locationName } : null,
    fees: {
      cancellationFeeMinor: r.cancellationFeeMinor,
      noShowFeeMinor: r.noShowFeeMinor,
      cancellationCreditDeduction: r.cancellationCreditDeduction,
      noShowCreditDeduction: r.noShowCreditDeduction,
    },
    taxRate:
      r.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
        ? { taxRateId: r.taxRateId, name: r.taxRateName, percent: percentText(r.taxRatePercent) }
        : null,
    attendeeCount: r.attendeeCount,
    attended: r.attended,
    firstAttendee: r.firstAttendee,
  };
}

/** Events of the gym (one query, counts included), earliest first, then by name. */
export async function loadEvents(db: DbOrTx, gymId: string, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<EventRow[]> {
  const q = selectEvents(db, gymId)
    .where(and(eq(events.gymId, gymId), where))
    .orderBy(asc(events.startsAt), asc(eventTypeName), asc(events.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map(toEventRow);
}

/** How many events of the gym match (the same joins as loadEvents, so a filter may read the type's name). */
export function countEvents(db: DbOrTx, gymId: string, where: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(events)
    .leftJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
    .where(and(eq(events.gymId, gymId), where));
}

/** The event of this kind in the caller's gym, or null (another gym's, another kind's, or none). */
export async function findEvent(db: DbOrTx, gymId: string, kind: EventKind, id: string): Promise<EventRow | null> {
  const [row] = await loadEvents(db, gymId, and(eq(events.id, id), eq(events.kind, kind)));
  return row ?? null;
}

/** The reservations holding a place on the given events, earliest registration first (one query). */
export async function loadAttendees(db: DbOrTx, gymId: string, eventIds: string[]): Promise<Map<string, Attendee[]>> {
  const r = reservations;
  const rows = await db
    .select({
      eventId: r.eventId,
      reservationId: r.id,
      athleteId: athletes.id,
      fullName: fullName(athletes),
      isReserved: r.isReserved,
      isCheckedIn: r.isCheckedIn,
    })
    .from(r)
    .innerJoin(athletes, eq(athletes.id, r.athleteId))
    .where(and(eq(r.gymId, gymId), inArray(r.eventId, eventIds), holdsPlaceSql(r)))
    .orderBy(asc(r.registrationDatetime), asc(r.id));
  const byEvent = new Map<string, Attendee[]>();
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({
      reservationId: row.reservationId,
      athlete: { athleteId: row.athleteId, fullName: row.fullName },
      isReserved: row.isReserved,
      isCheckedIn: row.isCheckedIn,
    });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

export async function loadEventAttendees(db: DbOrTx, gymId: string, e: EventRow): Promise<Attendee[]> {
  return (await loadAttendees(db, gymId, [e.id])).get(e.id) ?? [];
}

export const endsAt = (startsAt: Date, durationMinutes: number) => new Date(new Date(startsAt).getTime() + durationMinutes * 60_000);

export function toEventSummary(e: EventRow, coaches: Coach[]): EventSummary {
  const eventType = eventTypeOf(e.kind);
  return {
    eventId: e.id,
    eventType,
    genesisEventType: eventType,
    eventName: e.name,
    startDate: e.startDate,
    startTime: e.startTime,
    startsAt: new Date(e.startsAt).toISOString(),
    endsAt: endsAt(e.startsAt, e.duration).toISOString(),
    duration: e.duration,
    location: e.location,
    capacity: e.capacity,
    attendeeCount: e.attendeeCount,
    athletesAttended: e.attended,
    firstAttendee: e.firstAttendee,
    coaches,
  };
}

export const toFeeSettings = (f: EventRow['fees']): FeeSettings => ({
  cancellationFee: minorToDecimal(f.cancellationFeeMinor),
  noShowFee: minorToDecimal(f.noShowFeeMinor),
  cancellationCreditDeduction: f.cancellationCreditDeduction,
  noShowCreditDeduction: f.noShowCreditDeduction,
});

export function eventTiming(e: EventRow) {
  const s = toEventSummary(e, []);
  return {
    startDate: s.startDate,
    startTime: s.startTime,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    duration: s.duration,
    capacity: s.capacity,
    attendeeCount: s.attendeeCount,
    location: s.location,
    taxRate: e.taxRate,
  };
}

export function toClassPreview(e: EventRow): Omit<KiloClassPreview, 'isReserved' | 'bookability'> {
  return {
    kiloClassId: e.id,
    kiloClassType: { kiloClassTypeId: e.typeId, name: e.name },
    rootId: e.rootId,
    ...eventTiming(e),
    isFull: isFull(e.attendeeCount, e.capacity),
    reservationAndCancellationSettings: toFeeSettings(e.fees),
  };
}

/** Classes between two gym-local dates on the given weekdays (1 = Sunday .. 7 = Saturday), optionally at a start time, of a type, at a location (null: none). */
export function classFilter(
  start: string,
  end: string,
  days: number[] | undefined,
  startTime: string | undefined,
  classTypeId: string | undefined,
  locationId: string | null | undefined,
): SQL {
  return and(
    eq(events.kind, 'class'),
    isNull(events.cancelledAt),
    sql`${events.startDate} between ${start}::date and ${end}::date`,
    days ? inArray(sql`extract(dow from ${events.startDate})::int + 1`, days) : undefined,
    startTime ? eq(events.startTime, startTime) : undefined,
    classTypeId ? eq(events.classTypeId, classTypeId) : undefined,
    locationId === undefined ? undefined : locationId === null ? isNull(events.locationId) : eq(events.locationId, locationId),
  )!;
}

/** Spec 7.3 bulk preview (weekday codes 1 = Sunday .. 7 = Saturday). Three queries whatever the page size. */
export async function listClassPreview(
  db: DbOrTx,
  gymId: string,
  q: KiloClassesQuery & { start: string; end: string },
): Promise<{ count: number; results: KiloClassPreview[] }> {
  const where = classFilter(
    q.start,
    q.end,
    q.days,
    q.start_time,
    q.kilo_class_type,
    q.location === undefined ? undefined : q.location === 'None' || q.location === 'null' ? null : q.location,
  );
  const { count: total, results: rows } = await listPage({
    count: countEvents(db, gymId, where),
    rows: () => loadEvents(db, gymId, where, { limit: q.limit, offset: q.offset }),
  });
  const reserved = new Set<string>();
  if (q.athlete && rows.length > 0) {
    const mine = await db
      .select({ eventId: reservations.eventId })
      .from(reservations)
      .where(
        and(
          eq(reservations.gymId, gymId),
          eq(reservations.athleteId, q.athlete),
          inArray(
            reservations.eventId,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const m of mine) reserved.add(m.eventId);
  }
  // Issue 33: what a bulk reservation does with each class for the athlete, as the create skips (classFilter keeps no cancelled class).
  const now = Date.now();
  return {
    count: total,
    results: rows.map((e) => {
      const isReserved = reserved.has(e.id);
      const bookability = bulkBookabilityOf({
        isCancelled: false,
        hasStarted: new Date(e.startsAt).getTime() <= now,
        isReserved,
        capacity: e.capacity,
        placesHeld: e.attendeeCount,
      });
      return { ...toClassPreview(e), isReserved, bookability };
    }),
  };
}

/** Spec 7.3: the gym's active tax rates by name (two queries). */
export async function listTaxRates(db: DbOrTx, gymId: string, q: { search: string; limit: number; offset: number }): Promise<ListResult<TaxRate>> {
  const where = and(eq(taxRates.gymId, gymId), eq(taxRates.isActive, true), q.search ? ilike(taxRates.name, containsPattern(q.search)) : undefined);
  const list = await listPage({
    count: db.select({ n: count() }).from(taxRates).where(where),
    rows: db.select().from(taxRates).where(where).orderBy(asc(taxRates.name), asc(taxRates.id)).limit(q.limit).offset(q.offset),
  });
  return { count: list.count, results: list.results.map((t) => ({ taxRateId: t.id, name: t.name, percent: percentText(t.percent) })) };
}

/** The tax rate of the gym with this id, or null. */
export async function findTaxRate(db: DbOrTx, gymId: string, id: string): Promise<{ id: string } | null> {
  const [rate] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.id, id), eq(taxRates.gymId, gymId)));
  return rate ?? null;
}
