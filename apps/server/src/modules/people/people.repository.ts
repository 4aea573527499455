import { and, eq } from 'drizzle-orm';
import type { Athlete, Gym, KiloStaff, Staff } from '@spotter/shared';
import type { kiloStaff} from '../../db/schema';
import { athletes, gyms, staff, taxRates } from '../../db/schema';
import type { Db } from '../../db/client';

type StaffRow = typeof staff.$inferSelect;

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

export async function findStaff(db: Db, staffId: string, gymId: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(and(eq(staff.id, staffId), eq(staff.gymId, gymId)));
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
  const [row] = await db.select().from(athletes).where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
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
