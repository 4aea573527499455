import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEMO_ACCESS_HOURS,
  DEMO_EMAIL_DOMAIN,
  demoGymState,
  demoRemainingSeconds,
  extendedExpiry,
  isValidPassword,
  permissions as allPermissions,
  type DemoGym,
  type DemoGymType,
  type GymCountry,
  type ImpersonationAudit,
  type PlatformAthlete,
  type PlatformGym,
  type PlatformGymDetail,
  type PlatformStaff,
} from '@spotter/shared';
import { athletes, demoGyms, gyms, impersonationAudit, kiloStaff, profiles, staff, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { firstNames, lastNames } from '../../db/seed/names';
import { SeededRandom } from '../../db/seed/random';
import { insertChunked, seedGymActivity } from '../../db/seed/gym-activity';
import { containsPattern, fullName } from '../../lib/sql-text';

type Page<T> = { count: number; results: T[] };
type Paging = { limit: number; offset: number };

const iso = (value: Date | string) => new Date(value).toISOString();
const person = (name: string | null, email: string | null) => (email !== null ? { fullName: (name ?? '').trim(), email } : null);

/** The gym's first owner (by profile age), as correlated subqueries so a page stays one query. */
const ownerField = (field: 'name' | 'email') =>
  sql<string | null>`(select ${sql.raw(field === 'name' ? "s.first_name || ' ' || s.last_name" : 's.email')}
    from ${staff} s join ${profiles} p on p.id = s.profile_id
    where s.gym_id = ${gyms.id} and p.role = 'owner' order by p.created_at, p.id limit 1)`;

/** Any owner of the gym matches the pattern by name or email. */
const ownerMatches = (pattern: string) =>
  sql`exists (select 1 from ${staff} s join ${profiles} p on p.id = s.profile_id
    where s.gym_id = ${gyms.id} and p.role = 'owner'
      and ((s.first_name || ' ' || s.last_name) ilike ${pattern} or s.email ilike ${pattern}))`;

/** Real gyms (demo gyms have their own list), by title or owner name/email. Two queries whatever the page size. */
export async function listGyms(db: Db, q: Paging & { search: string }): Promise<Page<PlatformGym>> {
  const p = containsPattern(q.search);
  const where = and(isNull(demoGyms.id), q.search ? or(ilike(gyms.title, p), ownerMatches(p)) : undefined);
  const [total] = await db.select({ n: count() }).from(gyms).leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id)).where(where);
  const rows = await db
    .select({
      gymId: gyms.id,
      title: gyms.title,
      country: gyms.country,
      ownerName: ownerField('name'),
      ownerEmail: ownerField('email'),
      activeAthletes: sql<number>`(select count(*)::int from ${athletes} a where a.gym_id = ${gyms.id} and a.is_active)`,
      staffCount: sql<number>`(select count(*)::int from ${staff} s where s.gym_id = ${gyms.id})`,
      stripeStatus: gyms.stripeStatus,
      createdAt: gyms.createdAt,
    })
    .from(gyms)
    .leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id))
    .where(where)
    .orderBy(sql`lower(${gyms.title})`, asc(gyms.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      gymId: r.gymId,
      title: r.title,
      country: r.country,
      owner: person(r.ownerName, r.ownerEmail),
      activeAthletes: Number(r.activeAthletes),
      staffCount: Number(r.staffCount),
      stripeStatus: r.stripeStatus,
      createdAt: iso(r.createdAt),
    })),
  };
}

type DemoRow = { id: string; type: DemoGymType; isActive: boolean; expiresAt: Date | null };

function demoInfo(d: DemoRow, now: Date) {
  return {
    demoGymId: d.id,
    type: d.type,
    state: demoGymState(d, now),
    isActive: d.isActive,
    expiresAt: d.expiresAt ? iso(d.expiresAt) : null,
    remainingSeconds: demoRemainingSeconds(d.expiresAt, now),
  };
}

export async function findGym(db: Db, gymId: string, now = new Date()): Promise<PlatformGymDetail | null> {
  const [r] = await db
    .select({
      gymId: gyms.id,
      title: gyms.title,
      country: gyms.country,
      timeZone: gyms.timeZone,
      demoId: demoGyms.id,
      demoType: demoGyms.type,
      demoActive: demoGyms.isActive,
      demoExpiresAt: demoGyms.expiresAt,
    })
    .from(gyms)
    .leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id))
    .where(eq(gyms.id, gymId));
  if (!r) return null;
  return {
    gymId: r.gymId,
    title: r.title,
    country: r.country,
    timeZone: r.timeZone,
    demoGym: r.demoId && r.demoType ? demoInfo({ id: r.demoId, type: r.demoType, isActive: r.demoActive ?? false, expiresAt: r.demoExpiresAt }, now) : null,
  };
}

/** A gym's athletes by name or email, with the profile to impersonate. Two queries. */
export async function listGymAthletes(db: Db, gymId: string, q: Paging & { search: string }): Promise<Page<PlatformAthlete>> {
  const p = containsPattern(q.search);
  const where = and(eq(athletes.gymId, gymId), q.search ? or(ilike(fullName(athletes), p), ilike(athletes.email, p)) : undefined);
  const [total] = await db.select({ n: count() }).from(athletes).where(where);
  const rows = await db
    .select({
      profileId: athletes.profileId,
      athleteId: athletes.id,
      fullName: fullName(athletes),
      email: athletes.email,
      loginEnabled: profiles.loginEnabled,
      isActive: athletes.isActive,
    })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(where)
    .orderBy(sql`lower(${athletes.firstName})`, sql`lower(${athletes.lastName})`, asc(athletes.id))
    .limit(q.limit)
    .offset(q.offset);
  return { count: total?.n ?? 0, results: rows.map((r) => ({ ...r, fullName: r.fullName.trim() })) };
}

/** A gym's staff (owners first) by name or email. Two queries. */
export async function listGymStaff(db: Db, gymId: string, q: Paging & { search: string }): Promise<Page<PlatformStaff>> {
  const p = containsPattern(q.search);
  const name = sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`;
  const where = and(eq(staff.gymId, gymId), q.search ? or(ilike(name, p), ilike(staff.email, p)) : undefined);
  const [total] = await db.select({ n: count() }).from(staff).where(where);
  const rows = await db
    .select({
      profileId: staff.profileId,
      staffId: staff.id,
      fullName: name,
      email: staff.email,
      loginEnabled: profiles.loginEnabled,
      role: profiles.role,
      isCoach: staff.isCoach,
    })
    .from(staff)
    .innerJoin(profiles, eq(profiles.id, staff.profileId))
    .where(where)
    .orderBy(sql`${profiles.role} <> 'owner'`, sql`lower(${staff.firstName})`, sql`lower(${staff.lastName})`, asc(staff.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({ ...r, fullName: r.fullName.trim(), role: r.role === 'owner' ? ('owner' as const) : ('staff' as const) })),
  };
}

/** The impersonation starts and stops inside a gym, newest first. Two queries. */
export async function listImpersonations(db: Db, gymId: string, q: Paging): Promise<Page<ImpersonationAudit>> {
  const where = eq(impersonationAudit.gymId, gymId);
  const [total] = await db.select({ n: count() }).from(impersonationAudit).where(where);
  const rows = await db
    .select({
      id: impersonationAudit.id,
      action: impersonationAudit.action,
      createdAt: impersonationAudit.createdAt,
      ip: sql<string | null>`host(${impersonationAudit.ip})`,
      actorUserId: impersonationAudit.actorUserId,
      actorEmail: users.email,
      actorName: sql<string | null>`${kiloStaff.firstName} || ' ' || ${kiloStaff.lastName}`,
      targetProfileId: impersonationAudit.targetProfileId,
      targetRole: profiles.role,
      targetName: sql<string | null>`coalesce(${staff.firstName} || ' ' || ${staff.lastName}, ${athletes.firstName} || ' ' || ${athletes.lastName})`,
    })
    .from(impersonationAudit)
    .innerJoin(users, eq(users.id, impersonationAudit.actorUserId))
    .leftJoin(kiloStaff, eq(kiloStaff.profileId, impersonationAudit.actorProfileId))
    .leftJoin(profiles, eq(profiles.id, impersonationAudit.targetProfileId))
    .leftJoin(staff, eq(staff.profileId, impersonationAudit.targetProfileId))
    .leftJoin(athletes, eq(athletes.profileId, impersonationAudit.targetProfileId))
    .where(where)
    .orderBy(desc(impersonationAudit.createdAt), desc(impersonationAudit.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      impersonationAuditId: r.id,
      action: r.action,
      createdAt: iso(r.createdAt),
      ip: r.ip,
      platformStaff: { userId: r.actorUserId, fullName: (r.actorName ?? '').trim(), email: r.actorEmail },
      profile: r.targetProfileId && r.targetRole ? { profileId: r.targetProfileId, fullName: (r.targetName ?? '').trim(), role: r.targetRole } : null,
    })),
  };
}

const creator = sql<string | null>`(select k.first_name || ' ' || k.last_name from ${kiloStaff} k join ${profiles} p on p.id = k.profile_id
  where p.user_id = ${demoGyms.createdByUserId} order by p.created_at limit 1)`;

function demoGymQuery(db: Db) {
  return db
    .select({
      id: demoGyms.id,
      gymId: gyms.id,
      title: gyms.title,
      country: gyms.country,
      timeZone: gyms.timeZone,
      type: demoGyms.type,
      isActive: demoGyms.isActive,
      expiresAt: demoGyms.expiresAt,
      ownerName: ownerField('name'),
      ownerEmail: ownerField('email'),
      prospectName: demoGyms.prospectName,
      prospectEmail: demoGyms.prospectEmail,
      prospectPhone: demoGyms.prospectPhone,
      createdAt: demoGyms.createdAt,
      creatorName: creator,
      creatorEmail: users.email,
    })
    .from(demoGyms)
    .innerJoin(gyms, eq(gyms.id, demoGyms.gymId))
    .leftJoin(users, eq(users.id, demoGyms.createdByUserId));
}

function toDemoGym(r: Awaited<ReturnType<typeof demoGymQuery>>[number], now: Date): DemoGym {
  return {
    ...demoInfo(r, now),
    gymId: r.gymId,
    title: r.title,
    country: r.country,
    timeZone: r.timeZone,
    owner: person(r.ownerName, r.ownerEmail),
    prospect: { name: r.prospectName, email: r.prospectEmail, phone: r.prospectPhone },
    createdAt: iso(r.createdAt),
    createdBy: person(r.creatorName, r.creatorEmail),
  };
}

/** Demo gyms, newest first, by title, prospect or owner. Two queries. */
export async function listDemoGyms(db: Db, q: Paging & { search: string }, now = new Date()): Promise<Page<DemoGym>> {
  const p = containsPattern(q.search);
  const where: SQL | undefined = q.search
    ? or(ilike(gyms.title, p), ilike(demoGyms.prospectName, p), ilike(demoGyms.prospectEmail, p), ownerMatches(p))
    : undefined;
  const [total] = await db.select({ n: count() }).from(demoGyms).innerJoin(gyms, eq(gyms.id, demoGyms.gymId)).where(where);
  const rows = await demoGymQuery(db).where(where).orderBy(desc(demoGyms.createdAt), desc(demoGyms.id)).limit(q.limit).offset(q.offset);
  return { count: total?.n ?? 0, results: rows.map((r) => toDemoGym(r, now)) };
}

export async function findDemoGym(db: Db, demoGymId: string, now = new Date()): Promise<DemoGym | null> {
  const [r] = await demoGymQuery(db).where(eq(demoGyms.id, demoGymId));
  return r ? toDemoGym(r, now) : null;
}

/** Decision 008: extend a TIME_LIMITED demo by 48 hours from the later of now and its expiry. */
export async function extendDemoGym(ctx: WriteContext, demoGymId: string, now = new Date()): Promise<'extended' | 'not_found' | 'not_time_limited'> {
  return writeTransaction(ctx, async (tx, publish) => {
    const [row] = await tx
      .select({ gymId: demoGyms.gymId, type: demoGyms.type, expiresAt: demoGyms.expiresAt })
      .from(demoGyms)
      .where(eq(demoGyms.id, demoGymId))
      .for('update');
    if (!row) return 'not_found';
    if (row.type !== 'TIME_LIMITED') return 'not_time_limited';
    await tx
      .update(demoGyms)
      .set({ expiresAt: extendedExpiry(row.expiresAt, now) })
      .where(eq(demoGyms.id, demoGymId));
    // The sessions of the gym carry the demo's expiry (access refuses an expired demo).
    await publish({ kind: 'sessions', gymId: row.gymId });
    return 'extended';
  });
}

export async function setDemoGymActive(ctx: WriteContext, demoGymId: string, isActive: boolean): Promise<boolean> {
  return writeTransaction(ctx, async (tx, publish) => {
    const [row] = await tx.update(demoGyms).set({ isActive }).where(eq(demoGyms.id, demoGymId)).returning({ gymId: demoGyms.gymId });
    if (!row) return false;
    await publish({ kind: 'sessions', gymId: row.gymId });
    return true;
  });
}

// ---- New demo gyms -------------------------------------------------------------------------------

/** How many athletes a new demo gym gets (the seed's demo gyms have the same). */
export const DEMO_GYM_ATHLETES = 24;
const DEMO_GYM_COACHES = 2;

const TAX_BY_COUNTRY: Record<GymCountry, { name: string; percent: string; isTaxInclusive: boolean }> = {
  US: { name: 'Sales Tax', percent: '7.0000', isTaxInclusive: false },
  CA: { name: 'HST', percent: '13.0000', isTaxInclusive: false },
  GB: { name: 'VAT', percent: '20.0000', isTaxInclusive: true },
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const randomBase32 = (length: number) => Array.from({ length }, () => BASE32[randomInt(BASE32.length)]).join('');

/** Spec 5: a random identifier at the fixed demo domain. */
export function randomDemoEmail(): string {
  return `demo-${randomBase32(12)}@${DEMO_EMAIL_DOMAIN}`;
}

// Without look-alikes (0/O, 1/l/I) so it can be read out to a prospect.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 random characters (about 93 bits) that satisfy the spec-5 password rule. */
export function randomDemoPassword(): string {
  for (;;) {
    const password = Array.from({ length: 16 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    if (isValidPassword(password)) return password;
  }
}

/** The seed's generator with ids from the system's random source: two demo gyms never share an id. */
class DemoRandom extends SeededRandom {
  override uuid(): string {
    return randomUUID();
  }
}

export type NewDemoGym = {
  title: string;
  type: DemoGymType;
  prospectName: string;
  prospectEmail: string;
  prospectPhone: string | null;
  country: GymCountry;
  timeZone: string;
};

/**
 * One transaction: the gym, its demo record, the owner (user, profile, staff record; the prospect's name),
 * coaches and athletes, and the seed's activity generator for a believable schedule relative to `now`.
 */
export async function createDemoGym(
  db: Db,
  input: NewDemoGym,
  opts: { createdByUserId: string; ownerEmail: string; passwordHash: string; now?: Date; athletes?: number },
): Promise<string> {
  const now = opts.now ?? new Date();
  const rng = new DemoRandom(randomInt(2 ** 32 - 1));
  const tax = TAX_BY_COUNTRY[input.country];
  const gymId = randomUUID();
  const demoGymId = randomUUID();

  const userRows: (typeof users.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const staffRows: (typeof staff.$inferInsert)[] = [];
  const athleteRows: (typeof athletes.$inferInsert)[] = [];
  const account = (email: string, passwordHash: string | null, role: 'owner' | 'staff' | 'athlete') => {
    const userId = randomUUID();
    const profileId = randomUUID();
    userRows.push({ id: userId, email, passwordHash });
    profileRows.push({ id: profileId, userId, gymId, role, isDefault: false, createdAt: now });
    return profileId;
  };
  const memberEmail = (first: string, last: string) => `${first}.${last}.${randomBase32(6)}@${DEMO_EMAIL_DOMAIN}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
  const phone = () => (input.country === 'GB' ? '7700900' : '3125550') + String(rng.int(100, 999));

  const [first, ...rest] = input.prospectName.trim().split(/\s+/);
  const ownerStaffId = randomUUID();
  staffRows.push({
    id: ownerStaffId,
    profileId: account(opts.ownerEmail, opts.passwordHash, 'owner'),
    gymId,
    firstName: first ?? input.prospectName,
    lastName: rest.join(' '),
    email: opts.ownerEmail,
    phone: phone(),
    isOwner: true,
    isCoach: true,
    permissions: [...allPermissions],
    createdAt: now,
  });
  const coachIds = [ownerStaffId];
  for (let i = 0; i < DEMO_GYM_COACHES; i++) {
    const [cf, cl] = [rng.pick(firstNames), rng.pick(lastNames)];
    const email = memberEmail(cf, cl);
    const id = randomUUID();
    staffRows.push({
      id,
      profileId: account(email, null, 'staff'),
      gymId,
      firstName: cf,
      lastName: cl,
      email,
      phone: phone(),
      isCoach: true,
      permissions: ['Kiosk', 'AthleteView', 'StaffView'],
      gender: rng.pick(['Male', 'Female', 'Non-binary/Non-conforming']),
      createdAt: now,
    });
    coachIds.push(id);
  }
  const athleteIds: string[] = [];
  for (let i = 0; i < (opts.athletes ?? DEMO_GYM_ATHLETES); i++) {
    const [af, al] = [rng.pick(firstNames), rng.pick(lastNames)];
    const email = memberEmail(af, al);
    const id = randomUUID();
    athleteRows.push({
      id,
      profileId: account(email, null, 'athlete'),
      gymId,
      firstName: af,
      lastName: al,
      email,
      phone: '',
      gender: rng.pick(['Male', 'Female', 'Prefer not to respond']),
      createdAt: new Date(now.getTime() - rng.int(1, 400) * 86_400_000),
    });
    athleteIds.push(id);
  }

  await db.transaction(async (d) => {
    await d.insert(gyms).values({
      id: gymId,
      title: input.title,
      country: input.country,
      timeZone: input.timeZone,
      isTaxInclusive: tax.isTaxInclusive,
      stripeStatus: 'Active',
      stripeAccountType: 'standard',
      createdAt: now,
    });
    await d.insert(demoGyms).values({
      id: demoGymId,
      gymId,
      type: input.type,
      isActive: true,
      expiresAt: input.type === 'TIME_LIMITED' ? new Date(now.getTime() + DEMO_ACCESS_HOURS * 3_600_000) : null,
      prospectName: input.prospectName,
      prospectEmail: input.prospectEmail,
      prospectPhone: input.prospectPhone,
      createdByUserId: opts.createdByUserId,
      createdAt: now,
    });
    await insertChunked(d, users, userRows);
    await insertChunked(d, profiles, profileRows);
    await insertChunked(d, staff, staffRows);
    await insertChunked(d, athletes, athleteRows);
    await seedGymActivity(
      d,
      rng,
      { title: input.title, country: input.country, timeZone: input.timeZone, tax, classTypeCount: 3 },
      gymId,
      coachIds,
      athleteIds,
      now,
    );
  });
  return demoGymId;
}
