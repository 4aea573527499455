import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { classTypes, gyms, locations, taxRates } from '../apps/server/src/db/schema';
import { queryRows } from '../apps/server/src/db/client';
import { factories } from '../apps/server/test/factories';

/** The seeded Iron Temple Barbell (CONTRACT.md demo data) and what a class of it is made of. */
export async function ironTemple(db: Db) {
  const [gym] = await db.select().from(gyms).where(eq(gyms.title, 'Iron Temple Barbell'));
  if (!gym) throw new Error('the demo data has no Iron Temple Barbell: seed first');
  const [type] = await db
    .select()
    .from(classTypes)
    .where(and(eq(classTypes.gymId, gym.id), eq(classTypes.name, 'Olympic Lifting')));
  const [room] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.gymId, gym.id), eq(locations.name, 'Main Floor')));
  const [tax] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.gymId, gym.id), eq(taxRates.name, 'Sales Tax')));
  return { gym, classTypeId: type!.id, locationId: room!.id, taxRateId: tax!.id };
}

/** Active athletes of a gym, by name. */
export async function athletesOf(db: Db, gymId: string, n: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from athletes where gym_id = ${gymId} and is_active order by lower(first_name), lower(last_name), id limit ${n}`,
  );
  return rows.map((r) => r.id);
}

/** A class of Iron Temple's Olympic Lifting on a day (0: today) at a local time, with no reservations. */
export async function makeClass(db: Db, opts: { capacity: number; daysAhead: number; time: string }) {
  const iron = await ironTemple(db);
  return factories(db).event(iron.gym, {
    classTypeId: iron.classTypeId,
    locationId: iron.locationId,
    taxRateId: iron.taxRateId,
    capacity: opts.capacity,
    daysAhead: opts.daysAhead,
    time: opts.time,
  });
}

export const reserve = (db: Db, event: { id: string; gymId: string }, athleteIds: string[]) => factories(db).reserve(event, athleteIds);
