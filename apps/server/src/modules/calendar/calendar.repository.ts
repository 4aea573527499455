import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { deskBookabilityOf, type CalendarEvent, type CalendarOptions, type CalendarQuery, type RosterEntry, type Series } from '@spotter/shared';
import { fromRRuleText } from '@spotter/shared/recurrence';
import {
  appointmentTypes,
  athletes,
  classSeries,
  classSeriesCoaches,
  classTypes,
  eventCoaches,
  events,
  locations,
  reservations,
  rooms,
  staff,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { fullName } from '../../lib/sql-text';
import { coachRowsSql, eventTypeName, toCoaches } from '../events';
import { waitlistPositionSql } from '../reservations';
import { holdsPlaceSql } from '../booking-policy';

/**
 * Issue 16: the staff calendar's reads. A range of the gym's classes and appointments is one statement, whatever the
 * number of events (the counts and coaches are per-event probes of their indexes); the options are four small reads.
 */

/** The columns of a calendar event, the gym filter and joins included. */
function selectCalendarEvents(db: DbOrTx, gymId: string, now: Date) {
  const r = reservations;
  return (
    db
      .select({
        eventId: events.id,
        kind: events.kind,
        typeId: sql<string>`coalesce(${events.classTypeId}, ${events.appointmentTypeId})`,
        name: eventTypeName,
        color: sql<string>`coalesce(${classTypes.color}, ${appointmentTypes.color})`,
        startDate: events.startDate,
        startTime: events.startTime,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        duration: events.durationMinutes,
        capacity: events.capacity,
        placesHeld: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${events.id} and ${holdsPlaceSql(r)})`.mapWith(Number),
        waitlistCount: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${events.id} and ${r.isWaitlisted})`.mapWith(Number),
        locationId: locations.id,
        locationName: locations.name,
        roomId: rooms.id,
        roomName: rooms.name,
        coaches: coachRowsSql(),
        seriesId: events.seriesId,
        cancelledAt: events.cancelledAt,
        cancelReason: events.cancelReason,
        hasStarted: sql<boolean>`${events.startsAt} <= ${now}`,
      })
      .from(events)
      // Only the gym's types (their gym indexes), so the plan never scans every gym's (the scale bench's EXPLAIN).
      .leftJoin(classTypes, and(eq(classTypes.id, events.classTypeId), eq(classTypes.gymId, gymId)))
      .leftJoin(appointmentTypes, and(eq(appointmentTypes.id, events.appointmentTypeId), eq(appointmentTypes.gymId, gymId)))
      .leftJoin(locations, and(eq(locations.id, events.locationId), eq(locations.gymId, gymId)))
      .leftJoin(rooms, and(eq(rooms.id, events.roomId), eq(rooms.gymId, gymId)))
      .$dynamic()
  );
}

type CalendarColumns = Awaited<ReturnType<ReturnType<typeof selectCalendarEvents>['execute']>>[number];

function toCalendarEvent(c: CalendarColumns): CalendarEvent {
  const read = {
    eventId: c.eventId,
    kind: c.kind,
    typeId: c.typeId,
    name: c.name,
    color: c.color,
    startDate: c.startDate,
    startTime: c.startTime,
    startsAt: new Date(c.startsAt).toISOString(),
    endsAt: new Date(c.endsAt).toISOString(),
    duration: c.duration,
    capacity: c.capacity,
    placesHeld: c.placesHeld,
    waitlistCount: c.waitlistCount,
    location: c.locationId && c.locationName !== null ? { locationId: c.locationId, name: c.locationName } : null,
    room: c.roomId && c.roomName !== null ? { roomId: c.roomId, name: c.roomName } : null,
    coaches: toCoaches(c.coaches),
    seriesId: c.seriesId,
    isCancelled: c.cancelledAt !== null,
    cancelReason: c.cancelReason,
    hasStarted: Boolean(c.hasStarted),
  };
  // Issue 33: what the desk can do adding an athlete, from the booking policy (the web re-spells no rule).
  return { ...read, bookability: deskBookabilityOf(read) };
}

/** The gym's classes and appointments whose local start date is in [start, end], earliest first (one statement). */
export async function listCalendar(db: DbOrTx, gymId: string, q: CalendarQuery, now = new Date()): Promise<CalendarEvent[]> {
  const where: (SQL | undefined)[] = [
    eq(events.gymId, gymId),
    sql`${events.startDate} between ${q.start}::date and ${q.end}::date`,
    q.kind === 'all' ? undefined : eq(events.kind, q.kind),
    q.locationId ? eq(events.locationId, q.locationId) : undefined,
    q.classTypeId ? eq(events.classTypeId, q.classTypeId) : undefined,
    q.coachId ? sql`exists (select 1 from ${eventCoaches} where ${eventCoaches.eventId} = ${events.id} and ${eventCoaches.staffId} = ${q.coachId})` : undefined,
    q.includeCancelled ? undefined : isNull(events.cancelledAt),
  ];
  const rows = await selectCalendarEvents(db, gymId, now)
    .where(and(...where))
    .orderBy(asc(events.startsAt), asc(eventTypeName), asc(events.id));
  return rows.map(toCalendarEvent);
}

/** One class or appointment of the gym as the calendar shows it, or null. */
export async function findCalendarEvent(db: DbOrTx, gymId: string, eventId: string, now = new Date()): Promise<CalendarEvent | null> {
  const [row] = await selectCalendarEvents(db, gymId, now).where(and(eq(events.gymId, gymId), eq(events.id, eventId)));
  return row ? toCalendarEvent(row) : null;
}

/** What the filters and forms offer, none archived (four statements). */
export async function calendarOptions(db: DbOrTx, gymId: string): Promise<Omit<CalendarOptions, 'timeZone' | 'country'>> {
  const [types, appointments, places, coaches] = await Promise.all([
    db
      .select({
        classTypeId: classTypes.id,
        name: classTypes.name,
        color: classTypes.color,
        defaultDurationMinutes: classTypes.defaultDurationMinutes,
        defaultCapacity: classTypes.defaultCapacity,
      })
      .from(classTypes)
      .where(and(eq(classTypes.gymId, gymId), isNull(classTypes.archivedAt)))
      .orderBy(asc(classTypes.name)),
    db
      .select({
        appointmentTypeId: appointmentTypes.id,
        name: appointmentTypes.name,
        color: appointmentTypes.color,
        durationMinutes: appointmentTypes.durationMinutes,
      })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.gymId, gymId), isNull(appointmentTypes.archivedAt)))
      .orderBy(asc(appointmentTypes.name)),
    db
      .select({ locationId: locations.id, name: locations.name, roomId: rooms.id, roomName: rooms.name })
      .from(locations)
      .leftJoin(rooms, and(eq(rooms.locationId, locations.id), isNull(rooms.archivedAt)))
      .where(and(eq(locations.gymId, gymId), isNull(locations.archivedAt)))
      .orderBy(asc(locations.name), asc(rooms.name)),
    db
      .select({ staffId: staff.id, fullName: fullName(staff) })
      .from(staff)
      .where(and(eq(staff.gymId, gymId), eq(staff.isCoach, true)))
      .orderBy(asc(staff.firstName), asc(staff.lastName)),
  ]);
  const byLocation = new Map<string, CalendarOptions['locations'][number]>();
  for (const p of places) {
    const location = byLocation.get(p.locationId) ?? { locationId: p.locationId, name: p.name, rooms: [] };
    if (p.roomId && p.roomName !== null) location.rooms.push({ roomId: p.roomId, name: p.roomName });
    byLocation.set(p.locationId, location);
  }
  return { classTypes: types, appointmentTypes: appointments, locations: [...byLocation.values()], coaches };
}

/** Who holds a place in an event and who waits, in registration and line order (one statement). */
export async function loadRoster(db: DbOrTx, gymId: string, eventId: string): Promise<{ attendees: RosterEntry[]; waitlist: RosterEntry[] }> {
  const r = reservations;
  const rows = await db
    .select({
      reservationId: r.id,
      athleteId: athletes.id,
      fullName: fullName(athletes),
      isReserved: r.isReserved,
      isCheckedIn: r.isCheckedIn,
      isWaitlisted: r.isWaitlisted,
      waitlistPosition: waitlistPositionSql(r),
      holdsPlace: holdsPlaceSql(r),
      registrationDatetime: r.registrationDatetime,
    })
    .from(r)
    .innerJoin(athletes, eq(athletes.id, r.athleteId))
    .where(and(eq(r.gymId, gymId), eq(r.eventId, eventId)))
    .orderBy(asc(r.waitlistSeq), asc(r.registrationDatetime), asc(r.id));
  const entry = (row: (typeof rows)[number]): RosterEntry => ({
    reservationId: row.reservationId,
    athlete: { athleteId: row.athleteId, fullName: row.fullName },
    isReserved: row.isReserved,
    isCheckedIn: row.isCheckedIn,
    isWaitlisted: row.isWaitlisted,
    waitlistPosition: row.waitlistPosition,
    registrationDatetime: new Date(row.registrationDatetime).toISOString(),
  });
  return {
    attendees: rows.filter((row) => row.holdsPlace).map(entry),
    waitlist: rows.filter((row) => row.isWaitlisted).map(entry),
  };
}

/** A series of the gym with its coaches and how many of its classes are still to come (two statements), or null. */
export async function findSeries(db: DbOrTx, gymId: string, seriesId: string, now = new Date()): Promise<Series | null> {
  const [row] = await db
    .select({
      seriesId: classSeries.id,
      classTypeId: classSeries.classTypeId,
      name: classTypes.name,
      rrule: classSeries.rrule,
      startTime: classSeries.startTime,
      durationMinutes: classSeries.durationMinutes,
      capacity: classSeries.capacity,
      firstDate: classSeries.firstDate,
      lastDate: classSeries.lastDate,
      materializedThrough: classSeries.materializedThrough,
      locationId: locations.id,
      locationName: locations.name,
      roomId: rooms.id,
      roomName: rooms.name,
      upcomingCount:
        sql<number>`(select count(*) from ${events} where ${events.seriesId} = ${classSeries.id} and ${events.startsAt} > ${now} and ${events.cancelledAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(classSeries)
    .innerJoin(classTypes, eq(classTypes.id, classSeries.classTypeId))
    .leftJoin(locations, eq(locations.id, classSeries.locationId))
    .leftJoin(rooms, eq(rooms.id, classSeries.roomId))
    .where(and(eq(classSeries.gymId, gymId), eq(classSeries.id, seriesId)));
  if (!row) return null;
  const coaches = await db
    .select({ staffId: staff.id, fullName: fullName(staff), role: classSeriesCoaches.role })
    .from(classSeriesCoaches)
    .innerJoin(staff, eq(staff.id, classSeriesCoaches.staffId))
    .where(eq(classSeriesCoaches.seriesId, seriesId))
    .orderBy(sql`${classSeriesCoaches.role} <> 'lead'`, asc(staff.lastName));
  const pattern = fromRRuleText(row.rrule);
  return {
    seriesId: row.seriesId,
    classTypeId: row.classTypeId,
    name: row.name,
    // The rule counts 0 = Sunday; the API's weekdays are ISO (1 = Monday … 7 = Sunday).
    weekdays: [...pattern.weekdays].map((d) => (d === 0 ? 7 : d)).sort((a, b) => a - b),
    interval: pattern.interval ?? 1,
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    capacity: row.capacity,
    firstDate: row.firstDate,
    lastDate: row.lastDate,
    rrule: row.rrule,
    location: row.locationId && row.locationName !== null ? { locationId: row.locationId, name: row.locationName } : null,
    room: row.roomId && row.roomName !== null ? { roomId: row.roomId, name: row.roomName } : null,
    coaches,
    materializedThrough: row.materializedThrough,
    upcomingCount: row.upcomingCount,
  };
}
