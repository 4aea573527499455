import { z } from 'zod';
import type { Role } from '../roles';
import { dateTimeSchema, pageSchema, uuidSchema } from './common';

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

/**
 * Issue 22: the gym's own banners, made by staff holding GymMutate at `/gym-settings` (Banners). Shown (spec 2.10) from
 * `startsAt` (null: at once) until `endsAt` (null: until ended) to the audiences chosen: the gym's staff, its athletes.
 */
export const gymBannerAudiences = ['gym_staff', 'athletes'] as const;
export const bannerStates = ['scheduled', 'showing', 'ended'] as const;
export type BannerState = (typeof bannerStates)[number];
export const bannerStateLabels: Record<BannerState, string> = { scheduled: 'Scheduled', showing: 'Showing', ended: 'Ended' };

export const bannerMessages = {
  titleRequired: 'Title is required.',
  titleTooLong: 'Title must be at most 120 characters.',
  messageRequired: 'Message is required.',
  messageTooLong: 'Message must be at most 5,000 characters.',
  audiencesRequired: 'Choose who sees the banner.',
  windowInvalid: 'The end must be after the start.',
  endInPast: 'The end must be in the future.',
  alreadyEnded: 'This banner has ended.',
  saved: 'Banner saved',
  ended: 'Banner ended',
} as const;

export const gymBannerInputSchema = z
  .object({
    title: z.string({ error: bannerMessages.titleRequired }).trim().min(1, bannerMessages.titleRequired).max(120, bannerMessages.titleTooLong),
    /** Rich text (sanitised on save); empty per spec 5 is refused. */
    message: z.string({ error: bannerMessages.messageRequired }).max(5000, bannerMessages.messageTooLong),
    audiences: z.array(z.enum(gymBannerAudiences)).min(1, bannerMessages.audiencesRequired).max(2),
    /** ISO instants; null: at once / until ended. */
    startsAt: dateTimeSchema.nullable(),
    endsAt: dateTimeSchema.nullable(),
  })
  .refine((b) => !b.startsAt || !b.endsAt || new Date(b.startsAt) < new Date(b.endsAt), { message: bannerMessages.windowInvalid, path: ['endsAt'] });
export type GymBannerInput = z.infer<typeof gymBannerInputSchema>;

export const gymBannerSchema = z.object({
  bannerId: z.uuid(),
  title: z.string(),
  message: z.string(),
  audiences: z.array(z.enum(gymBannerAudiences)),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(bannerStates),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GymBanner = z.infer<typeof gymBannerSchema>;
export const gymBannerPageSchema = pageSchema(gymBannerSchema);
export const gymBannerListQuerySchema = z.object({
  state: z.enum(bannerStates).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
