import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { GymLocation, GymRoom, LocationsQuery, SetupFilter } from '@spotter/shared';
import { classSeries, events, locations, rooms } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';
import { parseJson } from '../events';
import { col, filterOf, toIso } from '../event-setup';

/** Whether a class, appointment or series (any, past or cancelled too) is at the room. */
export const roomInUseSql = () =>
  sql<boolean>`(exists (select 1 from ${events} where ${col(events.gymId)} = ${col(rooms.gymId)} and ${col(events.roomId)} = ${col(rooms.id)})
    or exists (select 1 from ${classSeries} where ${col(classSeries.gymId)} = ${col(rooms.gymId)} and ${col(classSeries.roomId)} = ${col(rooms.id)}))`;

/** Whether a class, appointment or series is at the location or in one of its rooms. */
export const locationInUseSql = () =>
  sql<boolean>`(exists (select 1 from ${events} where ${col(events.gymId)} = ${col(locations.gymId)} and ${col(events.locationId)} = ${col(locations.id)})
    or exists (select 1 from ${classSeries} where ${col(classSeries.gymId)} = ${col(locations.gymId)} and ${col(classSeries.locationId)} = ${col(locations.id)})
    or exists (select 1 from ${rooms} where ${col(rooms.locationId)} = ${col(locations.id)} and ${roomInUseSql()}))`;

type RoomJson = { id: string; name: string; archived_at: string | null; in_use: boolean };

/** The location's rooms, archived ones too, by name: JSON rows (one statement reads a page of locations with theirs). */
const roomsSql = sql<
  RoomJson[] | string
>`(select coalesce(json_agg(json_build_object('id', ${col(rooms.id)}, 'name', ${col(rooms.name)}, 'archived_at', ${col(rooms.archivedAt)},
    'in_use', ${roomInUseSql()}) order by lower(${col(rooms.name)}), ${col(rooms.id)}), '[]'::json)
  from ${rooms} where ${col(rooms.locationId)} = ${col(locations.id)} and ${col(rooms.gymId)} = ${col(locations.gymId)})`;

function selectLocations(db: DbOrTx) {
  return db.select({ location: locations, rooms: roomsSql, inUse: locationInUseSql() }).from(locations);
}

type Row = { location: typeof locations.$inferSelect; rooms: RoomJson[] | string; inUse: boolean };

function toLocation(r: Row): GymLocation {
  const l = r.location;
  return {
    locationId: l.id,
    name: l.name,
    isArchived: l.archivedAt !== null,
    archivedAt: toIso(l.archivedAt),
    inUse: Boolean(r.inUse),
    rooms: parseJson(r.rooms).map((room) => ({
      roomId: room.id,
      locationId: l.id,
      name: room.name,
      isArchived: room.archived_at !== null,
      archivedAt: toIso(room.archived_at),
      inUse: Boolean(room.in_use),
    })),
  };
}

const whereOf = (gymId: string, q: SetupFilter) => and(eq(locations.gymId, gymId), filterOf(locations.archivedAt, locations.name, q));
const order = [asc(sql`lower(${locations.name})`), asc(locations.id)];

/** A page of the gym's locations with their rooms: two statements whatever the page size or the rooms. */
export async function listLocations(db: DbOrTx, gymId: string, q: LocationsQuery): Promise<ListResult<GymLocation>> {
  const where = whereOf(gymId, q);
  const list = await listPage({
    count: db.select({ n: count() }).from(locations).where(where),
    rows: () =>
      selectLocations(db)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
  });
  return { count: list.count, results: list.results.map(toLocation) };
}

export async function allLocations(db: DbOrTx, gymId: string, q: SetupFilter): Promise<GymLocation[]> {
  return (
    await selectLocations(db)
      .where(whereOf(gymId, q))
      .orderBy(...order)
  ).map(toLocation);
}

export async function findLocation(db: DbOrTx, gymId: string, id: string): Promise<GymLocation | null> {
  const [row] = await selectLocations(db).where(and(eq(locations.gymId, gymId), eq(locations.id, id)));
  return row ? toLocation(row) : null;
}

export async function findRoom(db: DbOrTx, gymId: string, id: string): Promise<GymRoom | null> {
  const [row] = await db
    .select({ room: rooms, inUse: roomInUseSql() })
    .from(rooms)
    .where(and(eq(rooms.gymId, gymId), eq(rooms.id, id)));
  if (!row) return null;
  const r = row.room;
  return {
    roomId: r.id,
    locationId: r.locationId,
    name: r.name,
    isArchived: r.archivedAt !== null,
    archivedAt: toIso(r.archivedAt),
    inUse: Boolean(row.inUse),
  };
}
