import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { setupMessages, type ClassTypeInput } from '@spotter/shared';
import { classTypes, events } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { checkNewName, checkTaxRate, copyFeesToUpcoming, feesChanged, refusingTakenNames } from '../event-setup';
import { classTypeInUseSql } from './class-types.repository';

/**
 * The writes of class types (issue 16): each one transaction that publishes the gym's change, so the kiosk's kept reads
 * (type names, fees) drop. A refused write changes nothing.
 */

const nameTaken = { class_types_gym_name_key: fieldError('name', setupMessages.classTypeNameTaken) };

/** The class type of the gym, locked until the transaction ends (a class made meanwhile waits for its key). */
async function lockClassType(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(classTypes)
    .where(and(eq(classTypes.id, id), eq(classTypes.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(setupMessages.classTypeNotFound);
  return row;
}

/** Names are unique among the gym's active class types, whatever their case (archived names are free). */
async function checkNameFree(tx: Tx, gymId: string, name: string, exceptId?: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: classTypes.id })
    .from(classTypes)
    .where(
      and(
        eq(classTypes.gymId, gymId),
        isNull(classTypes.archivedAt),
        sql`lower(${classTypes.name}) = lower(${name})`,
        exceptId ? ne(classTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !taken;
}

const values = (input: ClassTypeInput) => ({
  name: input.name,
  color: input.color,
  description: input.description,
  defaultDurationMinutes: input.defaultDurationMinutes,
  defaultCapacity: input.defaultCapacity,
  cancellationFeeMinor: input.cancellationFeeMinor,
  noShowFeeMinor: input.noShowFeeMinor,
  cancellationCreditDeduction: input.cancellationCreditDeduction,
  noShowCreditDeduction: input.noShowCreditDeduction,
  taxRateId: input.taxRateId,
  bookingOpensDays: input.bookingOpensDays,
  bookingClosesMinutes: input.bookingClosesMinutes,
  lateCancelCutoffMinutes: input.lateCancelCutoffMinutes,
  waitlistEnabled: input.waitlistEnabled,
  waitlistSize: input.waitlistSize,
  promotionCutoffMinutes: input.promotionCutoffMinutes,
});

export async function createClassType(ctx: WriteContext, gymId: string, input: ClassTypeInput): Promise<string> {
  checkNewName(input.name);
  return refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      await checkTaxRate(tx, gymId, input.taxRateId);
      if (!(await checkNameFree(tx, gymId, input.name))) throw fieldError('name', setupMessages.classTypeNameTaken);
      const [row] = await tx
        .insert(classTypes)
        .values({ gymId, ...values(input), createdAt: new Date() })
        .returning({ id: classTypes.id });
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

/** Saves the type; answers how many classes still to come took its new fees. */
export async function updateClassType(ctx: WriteContext, gymId: string, id: string, input: ClassTypeInput, now = new Date()): Promise<number> {
  return refusingTakenNames(nameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockClassType(tx, gymId, id);
      checkNewName(input.name, before.name);
      await checkTaxRate(tx, gymId, input.taxRateId);
      if (before.archivedAt === null && !(await checkNameFree(tx, gymId, input.name, id))) throw fieldError('name', setupMessages.classTypeNameTaken);
      await tx.update(classTypes).set(values(input)).where(eq(classTypes.id, id));
      const eventsUpdated = feesChanged(before, input) ? await copyFeesToUpcoming(tx, gymId, events.classTypeId, id, input, now) : 0;
      await publish({ kind: 'gym', gymId });
      return eventsUpdated;
    }),
  );
}

/** Archived types keep their classes and history; nothing new is offered them. Archiving twice changes nothing. */
export async function archiveClassType(ctx: WriteContext, gymId: string, id: string, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockClassType(tx, gymId, id);
    if (row.archivedAt !== null) return;
    await tx.update(classTypes).set({ archivedAt: now }).where(eq(classTypes.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

const restoreTaken = conflict(setupMessages.restoreNameTaken('active class type'), 'name_taken');

/** Back among the active types, unless an active one has taken its name meanwhile. */
export async function restoreClassType(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await refusingTakenNames({ class_types_gym_name_key: restoreTaken }, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const row = await lockClassType(tx, gymId, id);
      if (row.archivedAt === null) return;
      if (!(await checkNameFree(tx, gymId, row.name, id))) throw restoreTaken;
      await tx.update(classTypes).set({ archivedAt: null }).where(eq(classTypes.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

/**
 * Only a type nothing uses is deleted (its classes would go with it: the foreign key cascades). The row is locked
 * first, so a class made at the same time either is seen here or waits and then finds no type.
 */
export async function deleteClassType(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockClassType(tx, gymId, id);
    const [use] = await tx.select({ inUse: classTypeInUseSql() }).from(classTypes).where(eq(classTypes.id, id));
    if (use?.inUse) throw conflict(setupMessages.classTypeInUse, 'in_use');
    await tx.delete(classTypes).where(eq(classTypes.id, id));
    await publish({ kind: 'gym', gymId });
  });
}
