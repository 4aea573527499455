import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { permissions as allPermissions, type Permission, type StaffListQuery, type Staff, type StaffMember } from '@spotter/shared';
import { profiles, staff, users } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';

/** The staff screen's reads (issue 17): each one statement joining the staff row, its profile and its user. */

function selectStaff(db: DbOrTx) {
  return db
    .select({ staff, userId: users.id, hasLogin: users.isActive })
    .from(staff)
    .innerJoin(profiles, eq(profiles.id, staff.profileId))
    .innerJoin(users, eq(users.id, profiles.userId));
}

type Row = { staff: typeof staff.$inferSelect; userId: string; hasLogin: boolean };

/** Permissions in spec 6's order, unknown names (none are written) dropped. */
export const orderedPermissions = (held: readonly string[]): Permission[] => allPermissions.filter((p) => held.includes(p));

type StaffRow = typeof staff.$inferSelect;

/** A staff row as the API shows it (people's staff reads and the staff screen). */
export function toStaff(s: StaffRow): Staff {
  return {
    staffId: s.id,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    fullName: `${s.firstName} ${s.lastName}`.trim(),
    phone: s.phone,
    dob: s.dob,
    isCoach: s.isCoach,
    isOwner: s.isOwner,
    gender: (s.gender as Staff['gender']) ?? null,
    address: { addressLines: s.addressLines, locality: s.locality, region: s.region, zipCode: s.zipCode, country: s.addressCountry },
    emergencyName: s.emergencyName,
    emergencyPhone: s.emergencyPhone,
    medicalNotes: s.medicalNotes,
    profilePicture: s.profilePicture,
  };
}

export function toStaffMember(r: Row): StaffMember {
  return {
    ...toStaff(r.staff),
    permissions: orderedPermissions(r.staff.permissions),
    isActive: r.staff.deactivatedAt === null,
    deactivatedAt: r.staff.deactivatedAt ? r.staff.deactivatedAt.toISOString() : null,
    hasLogin: r.hasLogin,
  };
}

function whereOf(gymId: string, q: Pick<StaffListQuery, 'search' | 'status' | 'role'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(staff.gymId, gymId)];
  if (q.status === 'active') conditions.push(isNull(staff.deactivatedAt));
  if (q.status === 'deactivated') conditions.push(isNotNull(staff.deactivatedAt));
  if (q.role === 'owner') conditions.push(eq(staff.isOwner, true));
  if (q.role === 'staff') conditions.push(eq(staff.isOwner, false));
  if (q.role === 'coach') conditions.push(eq(staff.isCoach, true));
  const term = q.search.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = term.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(sql`${staff.firstName} || ' ' || ${staff.lastName}`, like),
        ilike(staff.email, like),
        digits.length >= 3 ? sql`${staff.phone} like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  return and(...conditions);
}

const order = [asc(sql`lower(${staff.lastName})`), asc(sql`lower(${staff.firstName})`), asc(staff.id)];

/** One page of the gym's staff by name: two statements whatever the page size. */
export async function listStaff(db: DbOrTx, gymId: string, q: StaffListQuery): Promise<ListResult<StaffMember>> {
  const where = whereOf(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(staff).where(where),
    rows: () =>
      selectStaff(db)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toStaffMember) };
}

/** A staff member of the gym with their user (another gym's id reads as unknown). */
export async function findStaffMember(db: DbOrTx, gymId: string, staffId: string): Promise<Row | null> {
  const [row] = await selectStaff(db).where(and(eq(staff.gymId, gymId), eq(staff.id, staffId)));
  return row ?? null;
}
