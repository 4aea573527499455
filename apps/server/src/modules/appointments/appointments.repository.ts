import { and, asc, eq, gt, inArray, isNull, lt, not } from 'drizzle-orm';
import {
  bookabilityOf,
  isLateCancelAt,
  isoWeekday,
  localDayRange,
  type AppointmentDetail,
  type BookableAppointmentType,
  type SlotCoach,
} from '@spotter/shared';
import {
  appointmentTypeCoaches,
  appointmentTypes,
  coachAvailability,
  coachTimeOff,
  eventCoaches,
  events,
  locations,
  reservations,
  staff,
  taxRates,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { fullName } from '../../lib/sql-text';
import { coachRowsSql, toCoaches } from '../events';
import { coveredAppointmentTypes } from '../athlete-packages';

/**
 * Issue 16: what the slot rule (packages/shared rules/appointment-slots.ts) reads, the types athletes can book and an
 * athlete's own appointment. Each read is a fixed number of statements whatever the number of coaches.
 */

const percentText = (p: string) => String(Number(p));
const taxRateOf = (r: { taxRateId: string | null; taxRateName: string | null; taxRatePercent: string | null }) =>
  r.taxRateId && r.taxRateName !== null && r.taxRatePercent !== null
    ? { taxRateId: r.taxRateId, name: r.taxRateName, percent: percentText(r.taxRatePercent) }
    : null;

export type SlotType = {
  id: string;
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
  capacity: number;
  priceMinor: number;
  taxRateId: string | null;
  cancellationFeeMinor: number;
  noShowFeeMinor: number;
  cancellationCreditDeduction: number;
  noShowCreditDeduction: number;
};

/**
 * An appointment type of the gym (not archived) and, for a local date, each coach who offers it with that weekday's
 * windows and what keeps them busy that day: classes and appointments they coach that are not cancelled (until their
 * busy_until: an appointment's buffer included) and their time off. Four statements; null when there is no such type.
 */
export async function slotQuestionOf(
  db: DbOrTx,
  gymId: string,
  timeZone: string,
  typeId: string,
  date: string,
  staffId?: string,
): Promise<{ type: SlotType; coaches: SlotCoach[] } | null> {
  const [type] = await db
    .select({
      id: appointmentTypes.id,
      name: appointmentTypes.name,
      durationMinutes: appointmentTypes.durationMinutes,
      bufferMinutes: appointmentTypes.bufferMinutes,
      capacity: appointmentTypes.capacity,
      priceMinor: appointmentTypes.priceMinor,
      taxRateId: appointmentTypes.taxRateId,
      cancellationFeeMinor: appointmentTypes.cancellationFeeMinor,
      noShowFeeMinor: appointmentTypes.noShowFeeMinor,
      cancellationCreditDeduction: appointmentTypes.cancellationCreditDeduction,
      noShowCreditDeduction: appointmentTypes.noShowCreditDeduction,
    })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.id, typeId), eq(appointmentTypes.gymId, gymId), isNull(appointmentTypes.archivedAt)));
  if (!type) return null;

  const offering = and(
    eq(appointmentTypeCoaches.gymId, gymId),
    eq(appointmentTypeCoaches.appointmentTypeId, typeId),
    staffId ? eq(appointmentTypeCoaches.staffId, staffId) : undefined,
  );
  const offeredBy = db.select({ staffId: appointmentTypeCoaches.staffId }).from(appointmentTypeCoaches).where(offering);
  const day = localDayRange(date, timeZone);

  const windows = await db
    .select({ staffId: staff.id, fullName: fullName(staff), startTime: coachAvailability.startTime, endTime: coachAvailability.endTime })
    .from(appointmentTypeCoaches)
    .innerJoin(staff, and(eq(staff.id, appointmentTypeCoaches.staffId), eq(staff.gymId, gymId), eq(staff.isCoach, true)))
    .leftJoin(
      coachAvailability,
      and(eq(coachAvailability.staffId, staff.id), eq(coachAvailability.gymId, gymId), eq(coachAvailability.weekday, isoWeekday(date))),
    )
    .where(offering)
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id), asc(coachAvailability.startTime));
  const busy = await db
    .select({ staffId: eventCoaches.staffId, startsAt: eventCoaches.startsAt, endsAt: eventCoaches.busyUntil })
    .from(eventCoaches)
    .where(
      and(
        eq(eventCoaches.gymId, gymId),
        inArray(eventCoaches.staffId, offeredBy),
        not(eventCoaches.isCancelled),
        lt(eventCoaches.startsAt, day.to),
        gt(eventCoaches.busyUntil, day.from),
      ),
    );
  const away = await db
    .select({ staffId: coachTimeOff.staffId, startsAt: coachTimeOff.startsAt, endsAt: coachTimeOff.endsAt })
    .from(coachTimeOff)
    .where(and(eq(coachTimeOff.gymId, gymId), inArray(coachTimeOff.staffId, offeredBy), lt(coachTimeOff.startsAt, day.to), gt(coachTimeOff.endsAt, day.from)));

  const coaches = new Map<string, SlotCoach & { windows: SlotCoach['windows'][number][]; busy: SlotCoach['busy'][number][] }>();
  for (const w of windows) {
    const coach = coaches.get(w.staffId) ?? { staffId: w.staffId, fullName: w.fullName, windows: [], busy: [] };
    if (w.startTime !== null && w.endTime !== null) coach.windows.push({ startTime: w.startTime, endTime: w.endTime });
    coaches.set(w.staffId, coach);
  }
  for (const b of [...busy, ...away]) coaches.get(b.staffId)?.busy.push({ startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) });
  return { type, coaches: [...coaches.values()] };
}

/**
 * The gym's appointment types the athlete can book (not archived, offered by a coach), by name; or only one of them.
 * Each says whether a live package of the athlete covers it (issue 18, eligibility.ts coveredAppointmentTypes). Three
 * statements.
 */
export async function listBookableTypes(
  db: DbOrTx,
  gymId: string,
  athlete: { athleteId: string; today: string },
  typeId?: string,
): Promise<BookableAppointmentType[]> {
  const types = await db
    .select({
      appointmentTypeId: appointmentTypes.id,
      name: appointmentTypes.name,
      color: appointmentTypes.color,
      description: appointmentTypes.description,
      durationMinutes: appointmentTypes.durationMinutes,
      capacity: appointmentTypes.capacity,
      priceMinor: appointmentTypes.priceMinor,
      lateCancelCutoffMinutes: appointmentTypes.lateCancelCutoffMinutes,
      cancellationFeeMinor: appointmentTypes.cancellationFeeMinor,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
    })
    .from(appointmentTypes)
    .leftJoin(taxRates, and(eq(taxRates.id, appointmentTypes.taxRateId), eq(taxRates.gymId, gymId)))
    .where(and(eq(appointmentTypes.gymId, gymId), isNull(appointmentTypes.archivedAt), typeId ? eq(appointmentTypes.id, typeId) : undefined))
    .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id));
  if (types.length === 0) return [];
  const coaches = await db
    .select({ appointmentTypeId: appointmentTypeCoaches.appointmentTypeId, staffId: staff.id, fullName: fullName(staff) })
    .from(appointmentTypeCoaches)
    .innerJoin(staff, and(eq(staff.id, appointmentTypeCoaches.staffId), eq(staff.isCoach, true)))
    .where(
      and(
        eq(appointmentTypeCoaches.gymId, gymId),
        inArray(
          appointmentTypeCoaches.appointmentTypeId,
          types.map((t) => t.appointmentTypeId),
        ),
      ),
    )
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  const covered = await coveredAppointmentTypes(
    db,
    gymId,
    athlete.athleteId,
    types.map((t) => t.appointmentTypeId),
    athlete.today,
  );
  return types
    .map(({ taxRateId, taxRateName, taxRatePercent, ...t }) => ({
      ...t,
      taxRate: taxRateOf({ taxRateId, taxRateName, taxRatePercent }),
      coaches: coaches.filter((c) => c.appointmentTypeId === t.appointmentTypeId).map((c) => ({ staffId: c.staffId, fullName: c.fullName })),
      isCovered: covered.has(t.appointmentTypeId),
    }))
    .filter((t) => t.coaches.length > 0);
}

/** An appointment of the gym that the athlete has a reservation of (any state), with that reservation; or null. One statement. */
export async function findAthleteAppointment(
  db: DbOrTx,
  gymId: string,
  athleteId: string,
  eventId: string,
  now = new Date(),
): Promise<AppointmentDetail | null> {
  const r = reservations;
  const [row] = await db
    .select({
      eventId: events.id,
      appointmentTypeId: appointmentTypes.id,
      name: appointmentTypes.name,
      color: appointmentTypes.color,
      startDate: events.startDate,
      startTime: events.startTime,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      duration: events.durationMinutes,
      capacity: events.capacity,
      priceMinor: appointmentTypes.priceMinor,
      cutoffMinutes: appointmentTypes.lateCancelCutoffMinutes,
      cancellationFeeMinor: events.cancellationFeeMinor,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      coaches: coachRowsSql(),
      locationId: locations.id,
      locationName: locations.name,
      cancelledAt: events.cancelledAt,
      reservationId: r.id,
      isReserved: r.isReserved,
      isCheckedIn: r.isCheckedIn,
      isLateCancel: r.isLateCancel,
      isNoShow: r.isNoShow,
    })
    .from(events)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
    .innerJoin(r, and(eq(r.eventId, events.id), eq(r.athleteId, athleteId)))
    .leftJoin(taxRates, and(eq(taxRates.id, events.taxRateId), eq(taxRates.gymId, events.gymId)))
    .leftJoin(locations, and(eq(locations.id, events.locationId), eq(locations.gymId, events.gymId)))
    .where(and(eq(events.id, eventId), eq(events.gymId, gymId), eq(events.kind, 'appointment')));
  if (!row) return null;
  const startsAt = new Date(row.startsAt);
  const detail = {
    eventId: row.eventId,
    appointmentTypeId: row.appointmentTypeId,
    name: row.name,
    color: row.color,
    startDate: row.startDate,
    startTime: row.startTime.slice(0, 5),
    startsAt: startsAt.toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    duration: row.duration,
    capacity: row.capacity,
    priceMinor: row.priceMinor,
    taxRate: taxRateOf(row),
    coaches: toCoaches(row.coaches),
    location: row.locationId && row.locationName !== null ? { locationId: row.locationId, name: row.locationName } : null,
    isCancelled: row.cancelledAt !== null,
    hasStarted: now.getTime() >= startsAt.getTime(),
    myBooking: {
      reservationId: row.reservationId,
      isReserved: row.isReserved,
      isWaitlisted: false,
      waitlistPosition: null,
      isCheckedIn: row.isCheckedIn,
      isLateCancel: row.isLateCancel,
      isNoShow: row.isNoShow,
    },
    cancellation: { isLate: isLateCancelAt(startsAt, now, row.cutoffMinutes), feeMinor: row.cancellationFeeMinor, cutoffMinutes: row.cutoffMinutes },
  };
  // The athlete holds a booking of it (the join above), so its places never decide: the booking policy's reading of
  // a held booking (cancel, late cancel, or nothing and why).
  return { ...detail, bookability: bookabilityOf({ ...detail, placesHeld: detail.capacity }) };
}
