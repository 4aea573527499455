import { and, eq } from 'drizzle-orm';
import { isRichTextEmpty, programmingMessages, type SaveWorkoutInput, type Workout } from '@spotter/shared';
import { classTypes, workouts } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, notFound } from '../../lib/http-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { toWorkout, workoutColumns } from './programming.repository';

type Writer = { gymId: string; userId: string };

async function lockClassType(tx: Tx, gymId: string, classTypeId: string) {
  const [type] = await tx
    .select({ archivedAt: classTypes.archivedAt })
    .from(classTypes)
    .where(and(eq(classTypes.id, classTypeId), eq(classTypes.gymId, gymId)))
    .for('share');
  if (!type) throw notFound(programmingMessages.classTypeNotFound);
  return type;
}

/**
 * Writes the workout of a class type on a local date, its HTML sanitised to the editor's allow-list. Content that is
 * empty by spec 5's rule, before or after sanitising, deletes the day's workout instead (answered null).
 */
export async function saveWorkout(ctx: WriteContext, w: Writer, input: SaveWorkoutInput): Promise<Workout | null> {
  const { classTypeId, date } = input;
  const content = isRichTextEmpty(input.content) ? '' : sanitizeRichText(input.content ?? '');
  return writeTransaction(ctx, async (tx, publish) => {
    const type = await lockClassType(tx, w.gymId, classTypeId);
    const at = and(eq(workouts.gymId, w.gymId), eq(workouts.classTypeId, classTypeId), eq(workouts.date, date));
    if (isRichTextEmpty(content)) {
      const deleted = await tx.delete(workouts).where(at).returning({ id: workouts.id });
      if (deleted.length) await publish({ kind: 'gym', gymId: w.gymId });
      return null;
    }
    if (type.archivedAt) throw conflict(programmingMessages.classTypeArchived, 'class_type_archived');
    const now = new Date();
    const [row] = await tx
      .insert(workouts)
      .values({ gymId: w.gymId, classTypeId, date, title: input.title, content, updatedAt: now, updatedByUserId: w.userId })
      .onConflictDoUpdate({
        target: [workouts.gymId, workouts.classTypeId, workouts.date],
        set: { title: input.title, content, updatedAt: now, updatedByUserId: w.userId },
      })
      .returning(workoutColumns);
    await publish({ kind: 'gym', gymId: w.gymId });
    return toWorkout(row!);
  });
}

/** Deletes the workout of a class type on a local date; 404 when there is none (or the type is another gym's). */
export async function deleteWorkout(ctx: WriteContext, w: Writer, classTypeId: string, date: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockClassType(tx, w.gymId, classTypeId);
    const deleted = await tx
      .delete(workouts)
      .where(and(eq(workouts.gymId, w.gymId), eq(workouts.classTypeId, classTypeId), eq(workouts.date, date)))
      .returning({ id: workouts.id });
    if (!deleted.length) throw notFound(programmingMessages.workoutNotFound);
    await publish({ kind: 'gym', gymId: w.gymId });
  });
}
