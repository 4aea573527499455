import { and, eq, or, sql } from 'drizzle-orm';
import { demoGyms, impersonationAudit, profileLinks, profiles, staff, athletes, kiloStaff, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';
import type { Role, Session, DemoGymType } from '@spotter/shared';
import type { AuthContext } from '../../plugins/session';

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, userId: string) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

export type ProfileForEntry = {
  profileId: string;
  userId: string;
  role: Role;
  gymId: string | null;
  loginEnabled: boolean;
  demoGym: { type: DemoGymType; isActive: boolean; expiresAt: Date | null } | null;
};

/** What deciding whether a profile may be entered needs: the profile and its gym's demo state. */
const entryFields = {
  profileId: profiles.id,
  userId: profiles.userId,
  role: profiles.role,
  gymId: profiles.gymId,
  loginEnabled: profiles.loginEnabled,
  demoType: demoGyms.type,
  demoActive: demoGyms.isActive,
  demoExpiresAt: demoGyms.expiresAt,
};

/** A profile the user may enter: their own, or one linked to them (a dependant). */
export async function findEnterableProfile(db: Db, userId: string, profileId: string): Promise<ProfileForEntry | null> {
  const rows = await db
    .select(entryFields)
    .from(profiles)
    .leftJoin(demoGyms, eq(demoGyms.gymId, profiles.gymId))
    .leftJoin(profileLinks, and(eq(profileLinks.profileId, profiles.id), eq(profileLinks.userId, userId)))
    .where(and(eq(profiles.id, profileId), or(eq(profiles.userId, userId), eq(profileLinks.userId, userId))))
    .limit(1);
  return rows[0] ? toEntry(rows[0]) : null;
}

export async function findProfileById(db: Db, profileId: string): Promise<ProfileForEntry | null> {
  const rows = await db.select(entryFields).from(profiles).leftJoin(demoGyms, eq(demoGyms.gymId, profiles.gymId)).where(eq(profiles.id, profileId)).limit(1);
  return rows[0] ? toEntry(rows[0]) : null;
}

function toEntry(r: {
  profileId: string;
  userId: string;
  role: Role;
  gymId: string | null;
  loginEnabled: boolean;
  demoType: DemoGymType | null;
  demoActive: boolean | null;
  demoExpiresAt: Date | null;
}): ProfileForEntry {
  return {
    profileId: r.profileId,
    userId: r.userId,
    role: r.role,
    gymId: r.gymId,
    loginEnabled: r.loginEnabled,
    demoGym: r.demoType ? { type: r.demoType, isActive: r.demoActive ?? false, expiresAt: r.demoExpiresAt } : null,
  };
}

export async function findDefaultProfileId(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.isDefault, true), eq(profiles.loginEnabled, true)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Contact copies of the login email on the user's staff, athlete and platform records. */
export async function updateEmailEverywhere(db: Db, userId: string, oldEmail: string, newEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, userId));
    const owned = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
    const sameOld = (col: typeof staff.email | typeof athletes.email | typeof kiloStaff.email) => sql`lower(${col}) = ${oldEmail.toLowerCase()}`;
    await tx
      .update(staff)
      .set({ email: newEmail })
      .where(and(sql`${staff.profileId} in ${owned}`, sameOld(staff.email)));
    await tx
      .update(athletes)
      .set({ email: newEmail })
      .where(and(sql`${athletes.profileId} in ${owned}`, sameOld(athletes.email)));
    await tx
      .update(kiloStaff)
      .set({ email: newEmail })
      .where(and(sql`${kiloStaff.profileId} in ${owned}`, sameOld(kiloStaff.email)));
  });
}

export async function recordImpersonation(
  db: Db,
  values: { action: 'start' | 'stop'; actorUserId: string; actorProfileId: string | null; targetProfileId: string | null; gymId: string | null; ip: string },
): Promise<void> {
  await db.insert(impersonationAudit).values(values);
}

/** CONTRACT.md: the session answer. */
export function toSessionResponse(auth: AuthContext): Session {
  return {
    user: { userId: auth.userId, email: auth.email },
    role: auth.role,
    gym: auth.gym
      ? {
          gymId: auth.gym.gymId,
          title: auth.gym.title,
          stripeStatus: auth.gym.stripeStatus,
          stripeAccountType: auth.gym.stripeAccountType,
          ghlV2Enabled: auth.gym.ghlV2Enabled,
        }
      : null,
    profile: auth.profileId ? { profileId: auth.profileId, fullName: auth.profileName } : null,
    athlete: auth.athleteId ? { athleteId: auth.athleteId } : null,
    staff: auth.staffId ? { staffId: auth.staffId, permissions: auth.permissions } : null,
    kiloStaff: auth.kiloStaffId ? { kiloStaffId: auth.kiloStaffId, isSalesTeam: auth.isSalesTeam } : null,
    demoGym: auth.demoGym ? { expiresAt: auth.demoGym.expiresAt?.toISOString() ?? null, type: auth.demoGym.type, isActive: auth.demoGym.isActive } : null,
    isImpersonating: auth.isImpersonating,
    signingDocumentId: auth.signingDocumentId,
  };
}
