import { and, eq, ne, sql } from 'drizzle-orm';
import { setupMessages } from '@spotter/shared';
import { locations, rooms } from '../../db/schema';
import type { Tx } from '../../db/client';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { checkNewName, refusingTakenNames } from '../event-setup';
import { locationInUseSql, roomInUseSql } from './locations.repository';

/**
 * The writes of locations and rooms (issue 16): one transaction each, publishing the gym's change. Names are unique in
 * the gym (locations) or the location (rooms) whatever their case, archived ones included (the database's indexes).
 */

const locationNameTaken = { locations_gym_name_key: fieldError('name', setupMessages.locationNameTaken) };
const roomNameTaken = { rooms_location_name_key: fieldError('name', setupMessages.roomNameTaken) };

async function lockLocation(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(setupMessages.locationNotFound);
  return row;
}

async function lockRoom(tx: Tx, gymId: string, id: string) {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.gymId, gymId)))
    .for('update');
  if (!row) throw notFound(setupMessages.roomNotFound);
  return row;
}

/** A name another location has (an archived one is named: restoring it may be what was meant). */
async function checkLocationName(tx: Tx, gymId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.gymId, gymId), sql`lower(${locations.name}) = lower(${name})`, exceptId ? ne(locations.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw fieldError('name', taken.archivedAt ? setupMessages.locationNameArchived : setupMessages.locationNameTaken);
}

async function checkRoomName(tx: Tx, locationId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ archivedAt: rooms.archivedAt })
    .from(rooms)
    .where(and(eq(rooms.locationId, locationId), sql`lower(${rooms.name}) = lower(${name})`, exceptId ? ne(rooms.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw fieldError('name', taken.archivedAt ? setupMessages.roomNameArchived : setupMessages.roomNameTaken);
}

export async function createLocation(ctx: WriteContext, gymId: string, name: string): Promise<string> {
  checkNewName(name);
  return refusingTakenNames(locationNameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      await checkLocationName(tx, gymId, name);
      const [row] = await tx.insert(locations).values({ gymId, name, createdAt: new Date() }).returning({ id: locations.id });
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

export async function renameLocation(ctx: WriteContext, gymId: string, id: string, name: string): Promise<void> {
  await refusingTakenNames(locationNameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockLocation(tx, gymId, id);
      checkNewName(name, before.name);
      await checkLocationName(tx, gymId, name, id);
      await tx.update(locations).set({ name }).where(eq(locations.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

/** Archiving a location archives nothing else (its rooms keep their state) but takes it out of every picker. */
export async function setLocationArchived(ctx: WriteContext, gymId: string, id: string, archived: boolean, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockLocation(tx, gymId, id);
    if ((row.archivedAt !== null) === archived) return;
    await tx
      .update(locations)
      .set({ archivedAt: archived ? now : null })
      .where(eq(locations.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

/**
 * A location goes with its rooms, and only while nothing is at either (the events' and series' references would be
 * cleared, losing where past classes were). Locked first, so a class placed there meanwhile is seen or waits.
 */
export async function deleteLocation(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockLocation(tx, gymId, id);
    await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.locationId, id)).for('update');
    const [use] = await tx.select({ inUse: locationInUseSql() }).from(locations).where(eq(locations.id, id));
    if (use?.inUse) throw conflict(setupMessages.locationInUse, 'in_use');
    await tx.delete(locations).where(eq(locations.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

export async function createRoom(ctx: WriteContext, gymId: string, locationId: string, name: string): Promise<string> {
  checkNewName(name);
  return refusingTakenNames(roomNameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const location = await lockLocation(tx, gymId, locationId);
      if (location.archivedAt) throw conflict(setupMessages.locationArchivedForRoom, 'location_archived');
      await checkRoomName(tx, locationId, name);
      const [row] = await tx.insert(rooms).values({ gymId, locationId, name, createdAt: new Date() }).returning({ id: rooms.id });
      await publish({ kind: 'gym', gymId });
      return row!.id;
    }),
  );
}

export async function renameRoom(ctx: WriteContext, gymId: string, id: string, name: string): Promise<void> {
  await refusingTakenNames(roomNameTaken, () =>
    writeTransaction(ctx, async (tx, publish) => {
      const before = await lockRoom(tx, gymId, id);
      checkNewName(name, before.name);
      await checkRoomName(tx, before.locationId, name, id);
      await tx.update(rooms).set({ name }).where(eq(rooms.id, id));
      await publish({ kind: 'gym', gymId });
    }),
  );
}

export async function setRoomArchived(ctx: WriteContext, gymId: string, id: string, archived: boolean, now = new Date()): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const row = await lockRoom(tx, gymId, id);
    if ((row.archivedAt !== null) === archived) return;
    if (!archived) {
      const [location] = await tx.select({ archivedAt: locations.archivedAt }).from(locations).where(eq(locations.id, row.locationId));
      if (location?.archivedAt) throw conflict(setupMessages.locationArchivedForRoom, 'location_archived');
    }
    await tx
      .update(rooms)
      .set({ archivedAt: archived ? now : null })
      .where(eq(rooms.id, id));
    await publish({ kind: 'gym', gymId });
  });
}

export async function deleteRoom(ctx: WriteContext, gymId: string, id: string): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockRoom(tx, gymId, id);
    const [use] = await tx.select({ inUse: roomInUseSql() }).from(rooms).where(eq(rooms.id, id));
    if (use?.inUse) throw conflict(setupMessages.roomInUse, 'in_use');
    await tx.delete(rooms).where(eq(rooms.id, id));
    await publish({ kind: 'gym', gymId });
  });
}
