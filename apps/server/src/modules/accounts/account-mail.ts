import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { athletes, profiles, staff } from '../../db/schema';

/**
 * Issue 22: who an account mail (activation, password reset) is to, and under which gym's identity it goes: the gym
 * asked for (an invitation names it), else the gym of the user's default profile, else none (the platform's own From).
 * The name comes from the person of that profile (staff or athlete); without one, "there" ("Hi there,").
 */
export async function accountMailTarget(
  db: DbOrTx,
  userId: string,
  gymId?: string | null,
): Promise<{ gymId: string | null; firstName: string; fullName: string }> {
  const rows = await db
    .select({
      gymId: profiles.gymId,
      firstName: sql<string | null>`coalesce(${staff.firstName}, ${athletes.firstName})`,
      lastName: sql<string | null>`coalesce(${staff.lastName}, ${athletes.lastName})`,
    })
    .from(profiles)
    .leftJoin(staff, eq(staff.profileId, profiles.id))
    .leftJoin(athletes, eq(athletes.profileId, profiles.id))
    .where(and(eq(profiles.userId, userId), gymId ? eq(profiles.gymId, gymId) : and(eq(profiles.isDefault, true), isNotNull(profiles.gymId))))
    .orderBy(desc(profiles.isDefault), asc(profiles.createdAt))
    .limit(1);
  const row = rows[0];
  const firstName = row?.firstName?.trim() || 'there';
  return { gymId: gymId ?? row?.gymId ?? null, firstName, fullName: row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : firstName };
}
