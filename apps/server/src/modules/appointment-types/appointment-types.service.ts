import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { setupMessages, type AppointmentTypeInput } from '@spotter/shared';
import { appointmentTypeCoaches, appointmentTypes, events, staff } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { checkNewName, checkTaxRate, copyFeesToUpcoming, feesChanged, refusingTakenNames } from '../event-setup';
import { appointmentTypeInUseSql } from './appointment-types.repository';

/** The writes of appointment types (issue 16): one transaction each, publishing the gym's change; a refusal changes nothing. */

const nameTaken = { appointment_types_gym_name_key: fieldError('name', setupMessages.appointmentTypeNameTaken) };

async function lockAppointmentType(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(setupMessages.appointmentTypeNotFound);
  return row;
}

async function isNameFree(tx: Tx, gymId: string, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.gymId, gymId),
        isNull(appointmentTypes.archivedAt),
        sql`lower(${appointmentTypes.name}) = lower(${name})`,
        exceptId ? ne(appointmentTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !taken;
}

/** The coaches offered are coaches of this gym (staff with the coach flag). */
async function checkCoaches(tx: Tx, gymId: string, coachIds: string[]): Promise<void> {
  if (coachIds.length === 0) return;
  const found = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.gymId, gymId), eq(staff.isCoach, true), inArray(staff.id, coachIds)));
  if (found.length !== coachIds.length) throw fieldError('coachIds', setupMessages.coachNotFound);
}

/** The type's coaches become exactly these. */
async function replaceCoaches(tx: Tx, gymId: string, typeId: string, coachIds: string[]): Promise<void> {
  await tx.delete(appointmentTypeCoaches).where(eq(appointmentTypeCoaches.appointmentTypeId, typeId));
  if (coachIds.length > 0) await tx.insert(appointmentTypeCoaches).values(coachIds.map((staffId) => ({ gymId, appointmentTypeId: typeId, staffId })));
}

const values = (input: AppointmentTypeInput) => ({
  name: input.name,
  color: input.color,
  description: input.description,
  durationMinutes: input.durationMinutes,
  priceMinor: input.priceMinor,
  bufferMinutes: input.bufferMinutes,
  capacity: input.capacity,
  lateCancelCutoffMinutes: input.lateCancelCutoffMinutes,
  cancellationFeeMinor: input.cancellationFeeMinor,
  noShowFeeMinor: input.noShowFeeMinor,
  cancellationCreditDeduction: input.cancellationCreditDeduction,
  noShowCreditDeduction: input.noShowCreditDeduction,
  taxRateId: input.taxRateId,
});

export async function createAppointmentType(ctx: WriteContext, gymId: string, input: AppointmentTypeInput): Promise<string> {
  checkNewName(input.name);
  return refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      await checkTaxRate(tx, gymId, input.taxRateId);
      await checkCoaches(tx, gymId, input.coachIds);
      if (!(await isNameFree(tx, gymId, input.name))) throw fieldError('name', setupMessages.appointmentTypeNameTaken);
      const [row] = await tx
        .insert(appointmentTypes)
        .values({ gymId, ...values(input), createdAt: new Date() })
        .returning({ id: appointmentTypes.id });
      await replaceCoaches(tx, gymId, row!.id, input.coachIds);
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

/** Saves the type and its coaches; answers how many appointments still to come took its new fees. */
export async function updateAppointmentType(ctx: WriteContext, gymId: string, id: string, input: AppointmentTypeInput, now = new Date()): Promise<number> {
  return refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockAppointmentType(tx, gymId, id);
      checkNewName(input.name, before.name);
      await checkTaxRate(tx, gymId, input.taxRateId);
      await checkCoaches(tx, gymId, input.coachIds);
      if (before.archivedAt === null && !(await isNameFree(tx, gymId, input.name, id))) throw fieldError('name', setupMessages.appointmentTypeNameTaken);
      await tx.update(appointmentTypes).set(values(input)).where(eq(appointmentTypes.id, id));
      await replaceCoaches(tx, gymId, id, input.coachIds);
      const eventsUpdated = feesChanged(before, input) ? await copyFeesToUpcoming(tx, gymId, events.appointmentTypeId, id, input, now) : 0;
      await publish({ kind: 'gym', gymId });
      return eventsUpdated;
    }),
  );
}

export async function archiveAppointmentType(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockAppointmentType(tx, gymId, id);
    if (row.archivedAt !== null) return;
    await tx.update(appointmentTypes).set({ archivedAt: now }).where(eq(appointmentTypes.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

const restoreTaken = conflict(setupMessages.restoreNameTaken('active appointment type'), 'name_taken');

export async function restoreAppointmentType(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await refusingTakenNames({ appointment_types_gym_name_key: restoreTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const row = await lockAppointmentType(tx, gymId, id);
      if (row.archivedAt === null) return;
      if (!(await isNameFree(tx, gymId, row.name, id))) throw restoreTaken;
      await tx.update(appointmentTypes).set({ archivedAt: null }).where(eq(appointmentTypes.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

/** Only a type no appointment uses is deleted (they would go with it: the foreign key cascades); locked first. */
export async function deleteAppointmentType(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockAppointmentType(tx, gymId, id);
    const [use] = await tx.select({ inUse: appointmentTypeInUseSql() }).from(appointmentTypes).where(eq(appointmentTypes.id, id));
    if (use?.inUse) throw conflict(setupMessages.appointmentTypeInUse, 'in_use');
    await tx.delete(appointmentTypes).where(eq(appointmentTypes.id, id));
    await publish({ kind: 'gym', gymId });
  });
}
