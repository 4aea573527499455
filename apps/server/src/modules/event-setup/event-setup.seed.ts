import { and, asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import type { DbOrTx } from '../../db/client';

const RETIRED_TYPE = { name: 'Strongman Saturday', color: 'red', description: 'Stones, yokes and sleds: retired for the winter.' };
const RETIRED_ROOM = 'Old Rig';

/**
 * What the demo's set-up screens need beyond the gym's activity (db/seed gym-activity.ts, which already gives class
 * types their settings and fees, locations their rooms and appointment types their coaches): one archived class type
 * and one archived room in the gym's first location, so that the Archived views and Restore have something to show.
 * Idempotent; `now` dates the archiving.
 */
export async function seedEventSetup(db: DbOrTx, gymId: string, now: Date): Promise<void> {
  const [type] = await db
    .select({ id: t.classTypes.id })
    .from(t.classTypes)
    .where(and(eq(t.classTypes.gymId, gymId), eq(t.classTypes.name, RETIRED_TYPE.name)));
  if (!type) await db.insert(t.classTypes).values({ gymId, ...RETIRED_TYPE, archivedAt: now });
  const [first] = await db.select({ id: t.locations.id }).from(t.locations).where(eq(t.locations.gymId, gymId)).orderBy(asc(t.locations.name)).limit(1);
  if (!first) return;
  const [room] = await db
    .select({ id: t.rooms.id })
    .from(t.rooms)
    .where(and(eq(t.rooms.locationId, first.id), eq(t.rooms.name, RETIRED_ROOM)));
  if (!room) await db.insert(t.rooms).values({ gymId, locationId: first.id, name: RETIRED_ROOM, archivedAt: now });
}
