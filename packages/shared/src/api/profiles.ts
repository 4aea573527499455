import { z } from 'zod';
import { demoGymTypes, gymCountries, roles } from '../roles';
import { pageSchema, queryBooleanSchema, uuidSchema } from './common';

export const PROFILE_PAGE_SIZE = 20;

export const profileSchema = z.object({
  profileId: z.uuid(),
  user: z.uuid(),
  role: z.enum(roles),
  fullName: z.string(),
  gymTitle: z.string().nullable(),
  gymLogo: z.string().nullable(),
  /** The gym's IANA time zone and country, for showing its times (the demo's end) the gym's way; null without a gym. */
  gymTimeZone: z.string().nullable(),
  gymCountry: z.enum(gymCountries).nullable(),
  isDefault: z.boolean(),
  loginEnabled: z.boolean(),
  demoGym: z.object({ type: z.enum(demoGymTypes), isActive: z.boolean(), expiresAt: z.string().nullable() }).nullable(),
  athleteGym: z.uuid().nullable(),
  /** Whether this profile belongs to another user and is reachable through a link (a dependant). */
  isLinked: z.boolean(),
  linkedProfiles: z.array(z.uuid()),
});
export type Profile = z.infer<typeof profileSchema>;

export const profilesQuerySchema = z.object({
  user: uuidSchema,
  login_enabled: queryBooleanSchema.optional(),
  role: z.enum(roles).optional(),
  athlete__gym: uuidSchema.optional(),
  include_linked: queryBooleanSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PROFILE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ProfilesQuery = z.infer<typeof profilesQuerySchema>;

export const profilePageSchema = pageSchema(profileSchema);

export const profileIdParamsSchema = z.object({ id: uuidSchema });
