import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { ProgrammingClassType, Workout } from '@spotter/shared';
import { classTypes, workouts } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** Issue 16 programming: the workouts of a gym's class types by local date. */

/**
 * The staff name, in the workout's gym, of whoever last wrote it. Written with aliases: drizzle writes the columns of a
 * one-table SELECT and of a RETURNING bare, which would make them ambiguous inside the subquery.
 */
const updatedBySql = sql<string | null>`(select s.first_name || ' ' || s.last_name from staff s join profiles p on p.id = s.profile_id
  where p.user_id = ${sql.identifier('workouts')}.updated_by_user_id and s.gym_id = ${sql.identifier('workouts')}.gym_id limit 1)`;

export const workoutColumns = {
  workoutId: workouts.id,
  classTypeId: workouts.classTypeId,
  date: workouts.date,
  title: workouts.title,
  content: workouts.content,
  updatedAt: workouts.updatedAt,
  updatedBy: updatedBySql,
};

type WorkoutRow = { workoutId: string; classTypeId: string; date: string; title: string; content: string; updatedAt: Date | string; updatedBy: string | null };

export const toWorkout = (w: WorkoutRow): Workout => ({ ...w, updatedAt: new Date(w.updatedAt).toISOString() });

/** The gym's workouts from `start` to `end` (local dates, inclusive), optionally of one class type, by date then type. */
export async function listWorkouts(db: DbOrTx, gymId: string, q: { start: string; end: string; classTypeId?: string | undefined }): Promise<Workout[]> {
  const rows = await db
    .select(workoutColumns)
    .from(workouts)
    .where(
      and(
        eq(workouts.gymId, gymId),
        gte(workouts.date, q.start),
        lte(workouts.date, q.end),
        q.classTypeId ? eq(workouts.classTypeId, q.classTypeId) : undefined,
      ),
    )
    .orderBy(asc(workouts.date), asc(workouts.classTypeId));
  return rows.map(toWorkout);
}

/** The gym's class types that are not archived, by name: what programming is written for. */
export async function listProgrammingClassTypes(db: DbOrTx, gymId: string): Promise<ProgrammingClassType[]> {
  return db
    .select({ classTypeId: classTypes.id, name: classTypes.name, color: classTypes.color })
    .from(classTypes)
    .where(and(eq(classTypes.gymId, gymId), isNull(classTypes.archivedAt)))
    .orderBy(asc(sql`lower(${classTypes.name})`), asc(classTypes.id));
}
