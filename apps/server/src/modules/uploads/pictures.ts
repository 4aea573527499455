import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { athletes, gyms, kiloStaff, staff } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';

/** Whose profile picture (spec 7.2). */
export type PictureOwner =
  | { kind: 'gym'; gymId: string }
  | { kind: 'kilo_staff'; kiloStaffId: string }
  | { kind: 'staff'; staffId: string }
  | { kind: 'athlete'; athleteId: string; gymId: string };

/** The gym's staff member's id, or undefined. */
export async function staffOfGym(db: DbOrTx, gymId: string, staffId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.gymId, gymId)));
  return row?.id;
}

/** The gym's athlete's id, or undefined. */
export async function athleteOfGym(db: DbOrTx, gymId: string, athleteId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  return row?.id;
}

/** Issue 33: the one write of a stored picture's address; an athlete's is published to the gym (the kiosk shows it). */
export async function setProfilePicture(ctx: WriteContext, owner: PictureOwner, url: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    if (owner.kind === 'gym') await tx.update(gyms).set({ profilePicture: url }).where(eq(gyms.id, owner.gymId));
    else if (owner.kind === 'kilo_staff') await tx.update(kiloStaff).set({ profilePicture: url }).where(eq(kiloStaff.id, owner.kiloStaffId));
    else if (owner.kind === 'staff') await tx.update(staff).set({ profilePicture: url }).where(eq(staff.id, owner.staffId));
    else {
      await tx.update(athletes).set({ profilePicture: url }).where(eq(athletes.id, owner.athleteId));
      // The kiosk shows the athlete's picture (decision 018).
      await publish({ kind: 'gym', gymId: owner.gymId });
    }
  });
}
