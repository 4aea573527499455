import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { timeOffLocal, type CoachAvailability, type TimeOff } from '@spotter/shared';
import { appointmentTypeCoaches, appointmentTypes, coachAvailability, coachTimeOff, staff } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { fullName } from '../../lib/sql-text';

/**
 * Issue 16 `/calendar/availability`: the gym's coaches (staff with isCoach), each with their weekly hours, the
 * appointment types they offer and their time off still to come. Five statements whatever the number of coaches.
 */

const hhmm = (time: string) => time.slice(0, 5);

export function toTimeOff(row: typeof coachTimeOff.$inferSelect, timeZone: string): TimeOff {
  return {
    timeOffId: row.id,
    staffId: row.staffId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    ...timeOffLocal(row.startsAt, row.endsAt, timeZone),
    reason: row.reason,
  };
}

/** A coach of the gym (staff with isCoach), or null. */
export async function findCoach(db: DbOrTx, gymId: string, staffId: string): Promise<{ staffId: string; fullName: string; email: string } | null> {
  const [row] = await db
    .select({ staffId: staff.id, fullName: fullName(staff), email: staff.email })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.gymId, gymId), eq(staff.isCoach, true)));
  return row ?? null;
}

export async function loadAvailability(
  db: DbOrTx,
  gymId: string,
  timeZone: string,
  o: { staffId?: string; now?: Date } = {},
): Promise<{ appointmentTypes: { appointmentTypeId: string; name: string }[]; coaches: CoachAvailability[] }> {
  const now = o.now ?? new Date();
  const only = (column: typeof staff.id | typeof coachAvailability.staffId): SQL | undefined => (o.staffId ? eq(column, o.staffId) : undefined);
  const [coaches, hours, offered, timeOff, types] = await Promise.all([
    db
      .select({ staffId: staff.id, fullName: fullName(staff) })
      .from(staff)
      .where(and(eq(staff.gymId, gymId), eq(staff.isCoach, true), only(staff.id)))
      .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id)),
    db
      .select()
      .from(coachAvailability)
      .where(and(eq(coachAvailability.gymId, gymId), only(coachAvailability.staffId)))
      .orderBy(asc(coachAvailability.weekday), asc(coachAvailability.startTime)),
    db
      .select({ staffId: appointmentTypeCoaches.staffId, appointmentTypeId: appointmentTypeCoaches.appointmentTypeId })
      .from(appointmentTypeCoaches)
      .innerJoin(appointmentTypes, and(eq(appointmentTypes.id, appointmentTypeCoaches.appointmentTypeId), isNull(appointmentTypes.archivedAt)))
      .where(and(eq(appointmentTypeCoaches.gymId, gymId), o.staffId ? eq(appointmentTypeCoaches.staffId, o.staffId) : undefined))
      .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id)),
    db
      .select()
      .from(coachTimeOff)
      .where(and(eq(coachTimeOff.gymId, gymId), gt(coachTimeOff.endsAt, now), o.staffId ? eq(coachTimeOff.staffId, o.staffId) : undefined))
      .orderBy(asc(coachTimeOff.startsAt), asc(coachTimeOff.id)),
    db
      .select({ appointmentTypeId: appointmentTypes.id, name: appointmentTypes.name })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.gymId, gymId), isNull(appointmentTypes.archivedAt)))
      .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id)),
  ]);
  return {
    appointmentTypes: types,
    coaches: coaches.map((c) => ({
      staffId: c.staffId,
      fullName: c.fullName,
      hours: hours.filter((h) => h.staffId === c.staffId).map((h) => ({ weekday: h.weekday, startTime: hhmm(h.startTime), endTime: hhmm(h.endTime) })),
      appointmentTypeIds: offered.filter((a) => a.staffId === c.staffId).map((a) => a.appointmentTypeId),
      timeOff: timeOff.filter((t) => t.staffId === c.staffId).map((t) => toTimeOff(t, timeZone)),
    })),
  };
}
