import { and, asc, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { bookabilityOf, isLateCancelAt, type ClassWorkout, type MyAttendance, type ScheduleClass } from '@spotter/shared';
import { appointmentTypes, classTypes, events, gyms, locations, reservations, workouts } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { coachRowsSql, endsAt, parseJson, toCoaches } from '../events';
import { waitlistPositionSql } from '../reservations';
import { holdsPlaceSql } from '../booking-policy';

/**
 * Issue 16: the athlete's schedule. One statement reads a day's classes (or one class) of the gym with their places,
 * the line's length, coaches, room and the athlete's own reservation; the counts are probes of the reservation indexes.
 */

/** Minutes before the start after which a cancel is a late cancel: the class type's or appointment type's cut-off (issue 16). */
const lateCancelCutoffSql = (): SQL<number> => sql<number>`coalesce(${classTypes.lateCancelCutoffMinutes}, ${appointmentTypes.lateCancelCutoffMinutes}, 0)`;
const typeName = sql<string>`coalesce(${classTypes.name}, ${appointmentTypes.name})`;

/** The workout of the day of the class's type (programming), read only for one class. */
const workoutSql = (wanted: boolean) =>
  wanted
    ? sql<ClassWorkout | string | null>`(select json_build_object('title', ${workouts.title}, 'content', ${workouts.content}) from ${workouts}
        where ${workouts.gymId} = ${events.gymId} and ${workouts.classTypeId} = ${events.classTypeId} and ${workouts.date} = ${events.startDate})`
    : sql<ClassWorkout | string | null>`null::json`;

function selectClasses(db: DbOrTx, gymId: string, athleteId: string, where: SQL, withWorkout = false) {
  const r = reservations;
  const mine = sql`${r.athleteId} = ${athleteId}`;
  return db
    .select({
      eventId: events.id,
      kind: events.kind,
      name: typeName,
      color: sql<string>`coalesce(${classTypes.color}, ${appointmentTypes.color})`,
      startDate: events.startDate,
      startTime: events.startTime,
      startsAt: events.startsAt,
      duration: events.durationMinutes,
      capacity: events.capacity,
      placesHeld: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${events.id} and ${holdsPlaceSql(r)})`.mapWith(Number),
      waitlistCount: sql<number>`(select count(*) from ${r} where ${r.eventId} = ${events.id} and ${r.isWaitlisted})`.mapWith(Number),
      coaches: coachRowsSql(),
      locationId: locations.id,
      locationName: locations.name,
      cancellationFeeMinor: events.cancellationFeeMinor,
      cutoffMinutes: lateCancelCutoffSql(),
      cancelledAt: events.cancelledAt,
      cancelReason: events.cancelReason,
      reservationId: r.id,
      isReserved: r.isReserved,
      isWaitlisted: r.isWaitlisted,
      waitlistPosition: waitlistPositionSql(r),
      isCheckedIn: r.isCheckedIn,
      isLateCancel: r.isLateCancel,
      isNoShow: r.isNoShow,
      workout: workoutSql(withWorkout),
    })
    .from(events)
    .leftJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
    .leftJoin(locations, and(eq(locations.id, events.locationId), eq(locations.gymId, events.gymId)))
    .leftJoin(r, and(eq(r.eventId, events.id), mine))
    .where(and(eq(events.gymId, gymId), where));
}

type ClassColumns = Awaited<ReturnType<ReturnType<typeof selectClasses>['execute']>>[number];

function toScheduleClass(c: ClassColumns, now: Date): ScheduleClass {
  const startsAt = new Date(c.startsAt);
  const read = {
    eventId: c.eventId,
    kind: c.kind,
    name: c.name,
    color: c.color,
    startDate: c.startDate,
    startTime: c.startTime.slice(0, 5),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt(startsAt, c.duration).toISOString(),
    duration: c.duration,
    capacity: c.capacity,
    placesHeld: c.placesHeld,
    waitlistCount: c.waitlistCount,
    coaches: toCoaches(c.coaches),
    location: c.locationId && c.locationName !== null ? { locationId: c.locationId, name: c.locationName } : null,
    hasStarted: now.getTime() >= startsAt.getTime(),
    isCancelled: c.cancelledAt !== null,
    cancelReason: c.cancelReason,
    myBooking:
      c.reservationId === null
        ? null
        : {
            reservationId: c.reservationId,
            isReserved: c.isReserved ?? false,
            isWaitlisted: c.isWaitlisted ?? false,
            waitlistPosition: c.waitlistPosition,
            isCheckedIn: c.isCheckedIn ?? false,
            isLateCancel: c.isLateCancel ?? false,
            isNoShow: c.isNoShow ?? false,
          },
    cancellation: { isLate: isLateCancelAt(startsAt, now, Number(c.cutoffMinutes)), feeMinor: c.cancellationFeeMinor, cutoffMinutes: Number(c.cutoffMinutes) },
  };
  return { ...read, bookability: bookabilityOf(read) };
}

/** The classes of the gym on a local date, earliest first. */
export async function listScheduleDay(db: DbOrTx, gymId: string, athleteId: string, date: string, now = new Date()): Promise<ScheduleClass[]> {
  const rows = await selectClasses(db, gymId, athleteId, and(eq(events.kind, 'class'), eq(events.startDate, date))!).orderBy(
    asc(events.startsAt),
    asc(typeName),
    asc(events.id),
  );
  return rows.map((row) => toScheduleClass(row, now));
}

/** One class of the gym with its workout of the day, or null (another gym's, an appointment, none): one statement. */
export async function findScheduleClass(
  db: DbOrTx,
  gymId: string,
  athleteId: string,
  eventId: string,
  now = new Date(),
): Promise<{ event: ScheduleClass; workout: ClassWorkout | null } | null> {
  const [row] = await selectClasses(db, gymId, athleteId, and(eq(events.kind, 'class'), eq(events.id, eventId))!, true);
  if (!row) return null;
  const workout = row.workout === null ? null : parseJson(row.workout);
  return { event: toScheduleClass(row, now), workout: workout && { title: workout.title, content: workout.content } };
}

export async function gymPricing(db: DbOrTx, gymId: string): Promise<{ isTaxInclusive: boolean }> {
  const [row] = await db.select({ isTaxInclusive: gyms.isTaxInclusive }).from(gyms).where(eq(gyms.id, gymId));
  return { isTaxInclusive: row?.isTaxInclusive ?? false };
}

/** The athlete's bookings of classes and appointments (any state) to come or past, paged: two statements whatever the page size. */
export async function listMyBookings(
  db: DbOrTx,
  gymId: string,
  athleteId: string,
  q: { when: 'upcoming' | 'past'; limit: number; offset: number; marked?: boolean },
  now = new Date(),
): Promise<ListResult<ScheduleClass>> {
  const r = reservations;
  const time = q.when === 'upcoming' ? gte(events.startsAt, now) : lt(events.startsAt, now);
  // `marked`: only the visits the front desk marked (checked in, late cancel, no show): an attendance history.
  const when = q.marked ? and(time, or(eq(r.isCheckedIn, true), eq(r.isLateCancel, true), eq(r.isNoShow, true)))! : time;
  const list = await listPage({
    count: db
      .select({ n: count() })
      .from(r)
      .innerJoin(events, eq(events.id, r.eventId))
      .where(and(eq(r.gymId, gymId), eq(r.athleteId, athleteId), when)),
    rows: selectClasses(db, gymId, athleteId, and(isNotNull(r.id), when)!)
      .orderBy(q.when === 'upcoming' ? asc(events.startsAt) : desc(events.startsAt), asc(events.id))
      .limit(q.limit)
      .offset(q.offset),
  });
  return { count: list.count, results: list.results.map((row) => toScheduleClass(row, now)) };
}

/** The athlete's attendance counts in one statement (a reservation holds its own flags; spec 3). */
export async function myAttendance(db: DbOrTx, gymId: string, athleteId: string, now = new Date()): Promise<MyAttendance> {
  const r = reservations;
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const n = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const [row] = await db
    .select({
      attended: n(sql`${r.isCheckedIn}`),
      attendedLast30Days: n(sql`${r.isCheckedIn} and ${events.startsAt} >= ${since}`),
      upcoming: n(sql`${events.startsAt} >= ${now} and ${holdsPlaceSql(r)}`),
      lateCancels: n(sql`${r.isLateCancel}`),
      noShows: n(sql`${r.isNoShow}`),
    })
    .from(r)
    .innerJoin(events, eq(events.id, r.eventId))
    .where(and(eq(r.gymId, gymId), eq(r.athleteId, athleteId), eq(events.kind, 'class')));
  return row ?? { attended: 0, attendedLast30Days: 0, upcoming: 0, lateCancels: 0, noShows: 0 };
}
