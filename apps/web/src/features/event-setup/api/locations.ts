import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gymLocationPageSchema, gymLocationSchema, gymRoomSchema, type SetupStatus } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { eventKeys } from '../../events';
import type { RecordAction } from './class-types';
import { setupKeys } from './query-keys';

/** GET /api/locations/: the gym's locations (a gym has a few: one page of 100) with all their rooms. */
export function getLocations(status: SetupStatus, search: string, signal?: AbortSignal) {
  return callEndpoint('locations', { query: { status, limit: 100, offset: 0, ...(search ? { search } : {}) }, signal }, { schema: gymLocationPageSchema });
}

export function locationsQueryOptions(status: SetupStatus, search: string) {
  return queryOptions({
    queryKey: setupKeys.locationList(status, search),
    queryFn: ({ signal }) => getLocations(status, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLocations(status: SetupStatus, search: string) {
  return useQuery(locationsQueryOptions(status, search));
}

/** Names of locations and rooms show on the kiosk's cards too. */
const invalidates = [setupKeys.locations, eventKeys.all];

export function useCreateLocation() {
  return useApiMutation({
    mutationFn: (name: string) => callEndpoint('createLocation', { body: { name } }, { schema: gymLocationSchema }),
    success: (location) => ({ title: 'Location created', message: location.name }),
    errorTitle: 'Creating location failed',
    invalidates,
  });
}

export function useRenameLocation() {
  return useApiMutation({
    mutationFn: ({ locationId, name }: { locationId: string; name: string }) =>
      callEndpoint('updateLocation', { params: { locationId }, body: { name } }, { schema: gymLocationSchema }),
    success: (location) => ({ title: 'Location renamed', message: location.name }),
    errorTitle: 'Renaming location failed',
    invalidates,
  });
}

const locationEndpoint = { archive: 'archiveLocation', restore: 'restoreLocation', delete: 'deleteLocation' } as const;
const roomEndpoint = { archive: 'archiveRoom', restore: 'restoreRoom', delete: 'deleteRoom' } as const;
const verbs: Record<RecordAction, { done: string; doing: string }> = {
  archive: { done: 'archived', doing: 'Archiving' },
  restore: { done: 'restored', doing: 'Restoring' },
  delete: { done: 'deleted', doing: 'Deleting' },
};

export function useLocationAction() {
  return useApiMutation({
    mutationFn: ({ locationId, action }: { locationId: string; name: string; action: RecordAction }) =>
      callEndpoint(locationEndpoint[action], { params: { locationId } }),
    success: (_data, { action, name }) => ({ title: `Location ${verbs[action].done}`, message: name }),
    errorTitle: ({ action }) => `${verbs[action].doing} location failed`,
    invalidates,
  });
}

export function useCreateRoom() {
  return useApiMutation({
    mutationFn: ({ locationId, name }: { locationId: string; name: string }) =>
      callEndpoint('createRoom', { params: { locationId }, body: { name } }, { schema: gymRoomSchema }),
    success: (room) => ({ title: 'Room added', message: room.name }),
    errorTitle: 'Adding room failed',
    invalidates,
  });
}

export function useRenameRoom() {
  return useApiMutation({
    mutationFn: ({ roomId, name }: { roomId: string; name: string }) =>
      callEndpoint('updateRoom', { params: { roomId }, body: { name } }, { schema: gymRoomSchema }),
    success: (room) => ({ title: 'Room renamed', message: room.name }),
    errorTitle: 'Renaming room failed',
    invalidates,
  });
}

export function useRoomAction() {
  return useApiMutation({
    mutationFn: ({ roomId, action }: { roomId: string; name: string; action: RecordAction }) => callEndpoint(roomEndpoint[action], { params: { roomId } }),
    success: (_data, { action, name }) => ({ title: `Room ${verbs[action].done}`, message: name }),
    errorTitle: ({ action }) => `${verbs[action].doing} room failed`,
    invalidates,
  });
}
