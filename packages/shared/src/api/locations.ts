import { z } from 'zod';
import { pageSchema } from './common';
import { setupFilterSchema, setupNameSchema, setupStateFields } from './event-setup';

/**
 * Issue 16 `/events/location`: the gym's locations and their rooms. An archived location keeps its rooms and history
 * but is offered in no picker; a room's name is unique in its location.
 */

export const locationInputSchema = z.object({ name: setupNameSchema });
export type LocationInput = z.infer<typeof locationInputSchema>;
export const roomInputSchema = z.object({ name: setupNameSchema });
export type RoomInput = z.infer<typeof roomInputSchema>;

export const gymRoomSchema = z.object({
  roomId: z.uuid(),
  locationId: z.uuid(),
  name: z.string(),
  ...setupStateFields,
});
export type GymRoom = z.infer<typeof gymRoomSchema>;

export const gymLocationSchema = z.object({
  locationId: z.uuid(),
  name: z.string(),
  ...setupStateFields,
  /** Every room of the location, archived ones too (flagged), by name. */
  rooms: z.array(gymRoomSchema),
});
export type GymLocation = z.infer<typeof gymLocationSchema>;
export const gymLocationPageSchema = pageSchema(gymLocationSchema);

export const locationsQuerySchema = setupFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type LocationsQuery = z.infer<typeof locationsQuerySchema>;
