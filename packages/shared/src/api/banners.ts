import { z } from 'zod';
import type { Role } from '../roles';
import { pageSchema, uuidSchema } from './common';

/**
 * Who a banner is for (issue 23): gym staff and owners, athletes, or platform staff. A banner is shown only to the
 * audiences it names; platform staff, who have no kiosk, never see a banner written for a gym's front desk.
 */
export const bannerAudiences = ['gym_staff', 'athletes', 'platform_staff'] as const;
export type BannerAudience = (typeof bannerAudiences)[number];

/** The audience a caller of this role belongs to (an owner is gym staff; kilo_staff are platform staff). */
export function bannerAudienceOf(role: Role): BannerAudience {
  if (role === 'athlete') return 'athletes';
  if (role === 'kilo_staff') return 'platform_staff';
  return 'gym_staff';
}

export const bannerSchema = z.object({ bannerId: z.uuid(), title: z.string(), message: z.string() });
export type Banner = z.infer<typeof bannerSchema>;
export const bannerPageSchema = pageSchema(bannerSchema);
export const bannerIdParamsSchema = z.object({ bannerId: uuidSchema });
