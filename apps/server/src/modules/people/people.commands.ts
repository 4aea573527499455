import { eq } from 'drizzle-orm';
import { athletes, kiloStaff } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';

/** Issue 33: the writes of the account-details pages (spec 2.13, 7.2), each publishing what sessions and the kiosk read. */

/** Platform staff's own name; their sessions carry it. */
export async function renameKiloStaff(ctx: WriteContext, kiloStaffId: string, userId: string, name: { firstName: string; lastName: string }) {
  return writeTransaction(ctx, async (tx, publish) => {
    const [updated] = await tx.update(kiloStaff).set({ firstName: name.firstName, lastName: name.lastName }).where(eq(kiloStaff.id, kiloStaffId)).returning();
    await publish({ kind: 'sessions', userId });
    return updated!;
  });
}

/** An athlete's details (spec 7.2); the kiosk lists the athlete by name and the gym's sessions carry it (decision 018). */
export async function updateAthleteDetails(ctx: WriteContext, athleteId: string, fields: Partial<typeof athletes.$inferInsert>) {
  return writeTransaction(ctx, async (tx, publish) => {
    const [updated] = await tx.update(athletes).set(fields).where(eq(athletes.id, athleteId)).returning();
    await publish({ kind: 'gym', gymId: updated!.gymId });
    await publish({ kind: 'sessions', gymId: updated!.gymId });
    return updated!;
  });
}
