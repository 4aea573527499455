import { and, eq, inArray, isNull } from 'drizzle-orm';
import { availabilityMessages, timeOffRange, weeklyHoursProblem, type TimeOff, type WeeklyRange } from '@spotter/shared';
import { appointmentTypeCoaches, appointmentTypes, coachAvailability, coachTimeOff } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { fieldError, notFound } from '../../lib/http-error';
import { findCoach, toTimeOff } from './availability.repository';

/** Issue 16: the writes of `/calendar/availability`, each in one transaction that publishes the gym's change. */

export type AvailabilityWriter = { gymId: string; timeZone: string };

async function assertCoach(tx: Tx, gymId: string, staffId: string): Promise<void> {
  if (!(await findCoach(tx, gymId, staffId))) throw notFound(availabilityMessages.coachNotFound);
}

/** Replaces a coach's weekly hours; an inverted range, or two of a day that overlap, are refused with the day named. */
export async function replaceCoachHours(ctx: WriteContext, w: AvailabilityWriter, staffId: string, hours: readonly WeeklyRange[]): Promise<void> {
  const problem = weeklyHoursProblem(hours);
  if (problem) throw fieldError(`hours.${problem.index}`, problem.message, 'invalid_hours');
  await writeTransaction(ctx, async (tx, publish) => {
    await assertCoach(tx, w.gymId, staffId);
    await tx.delete(coachAvailability).where(and(eq(coachAvailability.gymId, w.gymId), eq(coachAvailability.staffId, staffId)));
    if (hours.length > 0) {
      await tx
        .insert(coachAvailability)
        .values(hours.map((h) => ({ gymId: w.gymId, staffId, weekday: h.weekday, startTime: h.startTime, endTime: h.endTime })));
    }
    await publish({ kind: 'gym', gymId: w.gymId });
  });
}

/** Replaces the appointment types a coach offers (types of the gym, not archived). */
export async function replaceCoachAppointmentTypes(ctx: WriteContext, w: AvailabilityWriter, staffId: string, typeIds: readonly string[]): Promise<void> {
  const ids = [...new Set(typeIds)];
  await writeTransaction(ctx, async (tx, publish) => {
    await assertCoach(tx, w.gymId, staffId);
    if (ids.length > 0) {
      const found = await tx
        .select({ id: appointmentTypes.id })
        .from(appointmentTypes)
        .where(and(eq(appointmentTypes.gymId, w.gymId), inArray(appointmentTypes.id, ids), isNull(appointmentTypes.archivedAt)));
      if (found.length !== ids.length) throw fieldError('appointmentTypeIds', availabilityMessages.appointmentTypeNotFound);
    }
    await tx.delete(appointmentTypeCoaches).where(and(eq(appointmentTypeCoaches.gymId, w.gymId), eq(appointmentTypeCoaches.staffId, staffId)));
    if (ids.length > 0) await tx.insert(appointmentTypeCoaches).values(ids.map((appointmentTypeId) => ({ gymId: w.gymId, appointmentTypeId, staffId })));
    await publish({ kind: 'gym', gymId: w.gymId });
  });
}

const YEAR_MS = 366 * 86_400_000;

export async function createTimeOff(
  ctx: WriteContext,
  w: AvailabilityWriter,
  input: { staffId: string; startDate: string; endDate: string; startTime: string | null; endTime: string | null; reason: string },
): Promise<TimeOff> {
  if ((input.startTime === null) !== (input.endTime === null))
    throw fieldError(input.startTime === null ? 'startTime' : 'endTime', availabilityMessages.timeOffBothTimes);
  const { startsAt, endsAt } = timeOffRange(input, w.timeZone);
  if (endsAt <= startsAt) throw fieldError('endDate', availabilityMessages.timeOffEndBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > YEAR_MS) throw fieldError('endDate', availabilityMessages.timeOffTooLong);
  return writeTransaction(ctx, async (tx, publish) => {
    await assertCoach(tx, w.gymId, input.staffId);
    const [row] = await tx.insert(coachTimeOff).values({ gymId: w.gymId, staffId: input.staffId, startsAt, endsAt, reason: input.reason }).returning();
    await publish({ kind: 'gym', gymId: w.gymId });
    return toTimeOff(row!, w.timeZone);
  });
}

export async function deleteTimeOff(ctx: WriteContext, w: AvailabilityWriter, timeOffId: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const deleted = await tx
      .delete(coachTimeOff)
      .where(and(eq(coachTimeOff.id, timeOffId), eq(coachTimeOff.gymId, w.gymId)))
      .returning({ id: coachTimeOff.id });
    if (deleted.length === 0) throw notFound(availabilityMessages.timeOffNotFound);
    await publish({ kind: 'gym', gymId: w.gymId });
  });
}
