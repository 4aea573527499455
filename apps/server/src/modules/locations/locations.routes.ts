import type { FastifyInstance } from 'fastify';
import { endpoints, setupMessages, toZoned, type GymLocation } from '@spotter/shared';
import { sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportFileName } from '../event-setup';
import { allLocations, findLocation, findRoom, listLocations } from './locations.repository';
import { createLocation, createRoom, deleteLocation, deleteRoom, renameLocation, renameRoom, setLocationArchived, setRoomArchived } from './locations.service';

const stateOf = (r: { isArchived: boolean }) => (r.isArchived ? 'Archived' : 'Active');

/** One line per room (a location without rooms: one line with none). */
export function locationsCsv(list: GymLocation[]): string {
  const rows = list.flatMap((l) => (l.rooms.length === 0 ? [[l.name, stateOf(l), '', '']] : l.rooms.map((r) => [l.name, stateOf(l), r.name, stateOf(r)])));
  return toCsv(['Location', 'Location status', 'Room', 'Room status'], rows);
}

/** Issue 16, spec 2.7 `/events/location`. */
export async function locationsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const readLocation = async (gymId: string, id: string) => {
    const location = await findLocation(db, gymId, id);
    if (!location) throw notFound(setupMessages.locationNotFound);
    return location;
  };
  const readRoom = async (gymId: string, id: string) => {
    const room = await findRoom(db, gymId, id);
    if (!room) throw notFound(setupMessages.roomNotFound);
    return room;
  };

  route(app, endpoints.locations, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listLocations(db, gym.gymId, request.query));
  });

  route(app, endpoints.locationsCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const list = await allLocations(db, gym.gymId, request.query);
    return sendCsv(reply, exportFileName('locations', request.query.status, toZoned(new Date(), gym.timeZone).date), locationsCsv(list));
  });

  route(app, endpoints.createLocation, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createLocation(ctx, gym.gymId, request.body.name);
    reply.status(201);
    return readLocation(gym.gymId, id);
  });

  route(app, endpoints.updateLocation, async (request) => {
    const { gym } = gymCaller(request);
    await renameLocation(ctx, gym.gymId, request.params.locationId, request.body.name);
    return readLocation(gym.gymId, request.params.locationId);
  });

  route(app, endpoints.archiveLocation, async (request) => {
    const { gym } = gymCaller(request);
    await setLocationArchived(ctx, gym.gymId, request.params.locationId, true);
    return readLocation(gym.gymId, request.params.locationId);
  });

  route(app, endpoints.restoreLocation, async (request) => {
    const { gym } = gymCaller(request);
    await setLocationArchived(ctx, gym.gymId, request.params.locationId, false);
    return readLocation(gym.gymId, request.params.locationId);
  });

  route(app, endpoints.deleteLocation, async (request) => {
    const { gym } = gymCaller(request);
    await deleteLocation(ctx, gym.gymId, request.params.locationId);
    return { detail: 'Location deleted.' };
  });

  route(app, endpoints.createRoom, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createRoom(ctx, gym.gymId, request.params.locationId, request.body.name);
    reply.status(201);
    return readRoom(gym.gymId, id);
  });

  route(app, endpoints.updateRoom, async (request) => {
    const { gym } = gymCaller(request);
    await renameRoom(ctx, gym.gymId, request.params.roomId, request.body.name);
    return readRoom(gym.gymId, request.params.roomId);
  });

  route(app, endpoints.archiveRoom, async (request) => {
    const { gym } = gymCaller(request);
    await setRoomArchived(ctx, gym.gymId, request.params.roomId, true);
    return readRoom(gym.gymId, request.params.roomId);
  });

  route(app, endpoints.restoreRoom, async (request) => {
    const { gym } = gymCaller(request);
    await setRoomArchived(ctx, gym.gymId, request.params.roomId, false);
    return readRoom(gym.gymId, request.params.roomId);
  });

  route(app, endpoints.deleteRoom, async (request) => {
    const { gym } = gymCaller(request);
    await deleteRoom(ctx, gym.gymId, request.params.roomId);
    return { detail: 'Room deleted.' };
  });
}
