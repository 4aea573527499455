import { access } from '../access';
import { idParamsSchema, okSchema } from '../api/common';
import { csvAnswerSchema, setupFilterSchema } from '../api/event-setup';
import { gymLocationPageSchema, gymLocationSchema, gymRoomSchema, locationInputSchema, locationsQuerySchema, roomInputSchema } from '../api/locations';
import { defineEndpoint } from '../endpoint';

const tags = ['event setup'];
const locationParams = idParamsSchema('locationId');
const roomParams = idParamsSchema('roomId');

/** Issue 16, spec 2.7 `/events/location`: locations and their rooms. Spec 6: no permission, so every staff member and owner. */
export const locationsEndpoints = {
  locations: defineEndpoint({
    method: 'GET',
    path: '/api/locations/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's locations (active or archived) with all their rooms, searched by name, sorted by name; each says whether anything uses it",
    query: locationsQuerySchema,
    answers: { 200: gymLocationPageSchema },
  }),
  locationsCsv: defineEndpoint({
    method: 'GET',
    path: '/api/locations/export/',
    budget: 'long',
    access: access.staffOrOwner,
    tags,
    summary: 'The filtered locations with their rooms, all of them, as a CSV file (one line per room)',
    query: setupFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  createLocation: defineEndpoint({
    method: 'POST',
    path: '/api/locations/',
    access: access.staffOrOwner,
    tags,
    summary: 'Create a location (its name unique in the gym)',
    body: locationInputSchema,
    answers: { 201: gymLocationSchema },
  }),
  updateLocation: defineEndpoint({
    method: 'PUT',
    path: '/api/locations/:locationId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Rename a location',
    params: locationParams,
    body: locationInputSchema,
    answers: { 200: gymLocationSchema },
  }),
  archiveLocation: defineEndpoint({
    method: 'POST',
    path: '/api/locations/:locationId/archive/',
    access: access.staffOrOwner,
    tags,
    summary: 'Archive a location: it keeps its rooms and history and leaves every picker',
    params: locationParams,
    answers: { 200: gymLocationSchema },
  }),
  restoreLocation: defineEndpoint({
    method: 'POST',
    path: '/api/locations/:locationId/restore/',
    access: access.staffOrOwner,
    tags,
    summary: 'Restore an archived location',
    params: locationParams,
    answers: { 200: gymLocationSchema },
  }),
  deleteLocation: defineEndpoint({
    method: 'DELETE',
    path: '/api/locations/:locationId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Delete a location and its rooms when nothing uses them (no class, appointment or series); otherwise 409: archive it instead',
    params: locationParams,
    answers: { 200: okSchema },
  }),
  createRoom: defineEndpoint({
    method: 'POST',
    path: '/api/locations/:locationId/rooms/',
    access: access.staffOrOwner,
    tags,
    summary: 'Add a room to a location (its name unique in the location)',
    params: locationParams,
    body: roomInputSchema,
    answers: { 201: gymRoomSchema },
  }),
  updateRoom: defineEndpoint({
    method: 'PUT',
    path: '/api/rooms/:roomId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Rename a room',
    params: roomParams,
    body: roomInputSchema,
    answers: { 200: gymRoomSchema },
  }),
  archiveRoom: defineEndpoint({
    method: 'POST',
    path: '/api/rooms/:roomId/archive/',
    access: access.staffOrOwner,
    tags,
    summary: 'Archive a room: it keeps its history and leaves every picker',
    params: roomParams,
    answers: { 200: gymRoomSchema },
  }),
  restoreRoom: defineEndpoint({
    method: 'POST',
    path: '/api/rooms/:roomId/restore/',
    access: access.staffOrOwner,
    tags,
    summary: 'Restore an archived room',
    params: roomParams,
    answers: { 200: gymRoomSchema },
  }),
  deleteRoom: defineEndpoint({
    method: 'DELETE',
    path: '/api/rooms/:roomId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Delete a room that nothing uses (no class, appointment or series); otherwise 409: archive it instead',
    params: roomParams,
    answers: { 200: okSchema },
  }),
};
