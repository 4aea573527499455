import { and, eq } from 'drizzle-orm';
import type { Athlete, Gym, KiloStaff } from '@spotter/shared';
import { athletes, gyms, kiloStaff, staff, taxRates } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';

type StaffRow = typeof staff.$inferSelect;

export async function findStaff(db: Db, staffId: string, gymId: string): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.gymId, gymId)));
  return row ?? null;
}

export function toKiloStaff(k: typeof kiloStaff.$inferSelect): KiloStaff {
  return {
    kiloStaffId: k.id,
    email: k.email,
    firstName: k.firstName,
    lastName: k.lastName,
    fullName: `${k.firstName} ${k.lastName}`.trim(),
    profilePicture: k.profilePicture,
    isSalesTeam: k.isSalesTeam,
  };
}

export function toAthlete(a: typeof athletes.$inferSelect): Athlete {
  return {
    athleteId: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    email: a.email,
    phone: a.phone,
    dob: a.dob,
    gender: (a.gender as Athlete['gender']) ?? null,
    profilePicture: a.profilePicture,
  };
}

export async function findAthlete(db: Db, athleteId: string, gymId: string) {
  const [row] = await db
    .select()
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  return row ?? null;
}

export async function findGym(db: Db, gymId: string): Promise<Gym | null> {
  const [row] = await db
    .select({ gym: gyms, taxRateId: taxRates.id, taxRateName: taxRates.name })
    .from(gyms)
    .leftJoin(taxRates, and(eq(taxRates.id, gyms.classTaxRateId), eq(taxRates.gymId, gyms.id)))
    .where(eq(gyms.id, gymId));
  if (!row) return null;
  const g = row.gym;
  return {
    gymId: g.id,
    title: g.title,
    email: g.email,
    profilePicture: g.profilePicture,
    country: g.country,
    timeZone: g.timeZone,
    isTaxInclusive: g.isTaxInclusive,
    eventSettings: { classes: { taxRate: row.taxRateId && row.taxRateName ? { taxRateId: row.taxRateId, name: row.taxRateName } : null } },
  };
}

/** A staff row by id, or undefined. */
export async function findStaffById(db: Db, staffId: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  return row;
}

/** A platform staff row by id, or undefined. */
export async function findKiloStaffById(db: Db, kiloStaffId: string) {
  const [row] = await db.select().from(kiloStaff).where(eq(kiloStaff.id, kiloStaffId));
  return row;
}

/** Whether the gym has this athlete (another gym's reads as unknown). */
export async function isAthleteOfGym(db: DbOrTx, gymId: string, athleteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  return Boolean(row);
}

/** A member without an email still needs a user to own their profile; it can never sign in (decision 029). */
export const NO_EMAIL_DOMAIN = 'no-email.spotter.invalid';
