import { and, asc, count, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Profile, ProfilesQuery } from '@spotter/shared';
import { athletes, demoGyms, gyms, kiloStaff, profileLinks, profiles, staff } from '../../db/schema';
import type { Db } from '../../db/client';

function filters(q: ProfilesQuery): SQL {
  const linked = exists(sql`(select 1 from ${profileLinks} where ${profileLinks.profileId} = ${profiles.id} and ${profileLinks.userId} = ${q.user})`);
  const conditions: (SQL | undefined)[] = [q.include_linked ? or(eq(profiles.userId, q.user), linked) : eq(profiles.userId, q.user)];
  if (q.login_enabled !== undefined) conditions.push(eq(profiles.loginEnabled, q.login_enabled));
  if (q.role) conditions.push(eq(profiles.role, q.role));
  if (q.athlete__gym) conditions.push(and(eq(profiles.role, 'athlete'), eq(profiles.gymId, q.athlete__gym)));
  return and(...conditions)!;
}

/** Two queries whatever the page size: the count and the page with everything joined. */
export async function listProfiles(db: Db, q: ProfilesQuery): Promise<{ count: number; results: Profile[] }> {
  const where = filters(q);
  const [total] = await db.select({ n: count() }).from(profiles).where(where);
  const rows = await db
    .select({
      profileId: profiles.id,
      user: profiles.userId,
      role: profiles.role,
      isDefault: profiles.isDefault,
      loginEnabled: profiles.loginEnabled,
      gymId: profiles.gymId,
      gymTitle: gyms.title,
      gymLogo: gyms.profilePicture,
      gymTimeZone: gyms.timeZone,
      gymCountry: gyms.country,
      fullName: sql<string>`coalesce(
        ${staff.firstName} || ' ' || ${staff.lastName},
        ${athletes.firstName} || ' ' || ${athletes.lastName},
        ${kiloStaff.firstName} || ' ' || ${kiloStaff.lastName},
        '')`,
      demoType: demoGyms.type,
      demoActive: demoGyms.isActive,
      demoExpiresAt: demoGyms.expiresAt,
      linkedProfiles: sql<string[]>`coalesce((
        select array_agg(pl.profile_id order by pl.profile_id) from ${profileLinks} pl
        join ${profiles} lp on lp.id = pl.profile_id
        where pl.user_id = ${profiles.userId} and lp.gym_id is not distinct from ${profiles.gymId}), '{}')`,
    })
    .from(profiles)
    .leftJoin(gyms, eq(gyms.id, profiles.gymId))
    .leftJoin(demoGyms, eq(demoGyms.gymId, profiles.gymId))
    .leftJoin(staff, eq(staff.profileId, profiles.id))
    .leftJoin(athletes, eq(athletes.profileId, profiles.id))
    .leftJoin(kiloStaff, eq(kiloStaff.profileId, profiles.id))
    .where(where)
    .orderBy(sql`${profiles.userId} <> ${q.user}`, asc(profiles.isDefault), asc(gyms.title), asc(profiles.role), asc(profiles.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      profileId: r.profileId,
      user: r.user,
      role: r.role,
      fullName: r.fullName.trim(),
      gymTitle: r.gymTitle,
      gymLogo: r.gymLogo,
      gymTimeZone: r.gymTimeZone,
      gymCountry: r.gymCountry,
      isDefault: r.isDefault,
      loginEnabled: r.loginEnabled,
      demoGym: r.demoType
        ? { type: r.demoType, isActive: r.demoActive ?? false, expiresAt: r.demoExpiresAt ? new Date(r.demoExpiresAt).toISOString() : null }
        : null,
      athleteGym: r.role === 'athlete' ? r.gymId : null,
      isLinked: r.user !== q.user,
      linkedProfiles: r.linkedProfiles ?? [],
    })),
  };
}

/**
 * Toggle a user's default profile (spec 2.2). Setting one clears any other in the same
 * transaction; the partial unique index keeps it to one per user even under races.
 */
export async function toggleDefaultProfile(db: Db, userId: string, profileId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ isDefault: profiles.isDefault })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
      .for('update');
    if (!current) return;
    if (current.isDefault) {
      await tx.update(profiles).set({ isDefault: false }).where(eq(profiles.id, profileId));
      return;
    }
    await tx
      .update(profiles)
      .set({ isDefault: false })
      .where(and(eq(profiles.userId, userId), eq(profiles.isDefault, true)));
    await tx.update(profiles).set({ isDefault: true }).where(eq(profiles.id, profileId));
  });
}
