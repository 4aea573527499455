import { z } from 'zod';
import { DEMO_ACCESS_HOURS, demoGymTypes, gymCountries, roles, stripeStatuses, type DemoGymType, type GymCountry } from '../roles';
import { emailSchema, nameSchema } from '../validation';
import { pageSchema, paginationQuerySchema, uuidSchema } from './common';

/** Spec 5: random demo emails are a random identifier at this fixed domain (docs/decisions/008-demo-gyms.md). */
export const DEMO_EMAIL_DOMAIN = 'demo.spotter.app';

/** Spec 9: the platform console's tables page by 20 unless asked otherwise. */
export const PLATFORM_PAGE_SIZE = 20;

export const platformMessages = {
  gymNotFound: 'Gym not found.',
  demoGymNotFound: 'Demo gym not found.',
  titleRequired: 'Title is required.',
  titleTooLong: 'The title can be at most 100 characters.',
  timeZoneInvalid: 'Please choose a valid time zone (for example America/Chicago).',
  notTimeLimited: 'Only a TIME_LIMITED demo gym can be extended.',
} as const;

/** The time zone a new demo gym gets when none is given. */
export const DEFAULT_TIME_ZONES: Record<GymCountry, string> = {
  US: 'America/New_York',
  GB: 'Europe/London',
  CA: 'America/Toronto',
};

/** An IANA zone name the runtime knows (Area/Location, or UTC); abbreviations like EST are refused. */
export function isValidTimeZone(value: string): boolean {
  if (value !== 'UTC' && !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: platformMessages.timeZoneInvalid })
  .trim()
  .max(64, platformMessages.timeZoneInvalid)
  .refine(isValidTimeZone, platformMessages.timeZoneInvalid);

/** Lists of the console: searched (case-insensitive, anywhere in the text) and paged. */
export const platformListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PLATFORM_PAGE_SIZE),
  search: z.string().trim().max(200).default(''),
});
export type PlatformListQuery = z.infer<typeof platformListQuerySchema>;

export const platformPageQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PLATFORM_PAGE_SIZE),
});

export const gymIdParamsSchema = z.object({ gymId: uuidSchema });
export const demoGymIdParamsSchema = z.object({ demoGymId: uuidSchema });

const personSchema = z.object({ fullName: z.string(), email: z.string() });

/** GET /api/platform/gyms/: one row of the gyms table. */
export const platformGymSchema = z.object({
  gymId: z.uuid(),
  title: z.string(),
  country: z.enum(gymCountries),
  owner: personSchema.nullable(),
  activeAthletes: z.number().int(),
  staffCount: z.number().int(),
  stripeStatus: z.enum(stripeStatuses),
  createdAt: z.string(),
});
export type PlatformGym = z.infer<typeof platformGymSchema>;
export const platformGymPageSchema = pageSchema(platformGymSchema);

export const demoGymStates = ['active', 'expired', 'inactive'] as const;
export type DemoGymState = (typeof demoGymStates)[number];

/** Inactive when switched off; expired when TIME_LIMITED and its expiry has passed; otherwise active. */
export function demoGymState(demo: { type: DemoGymType; isActive: boolean; expiresAt: Date | string | null }, now: Date = new Date()): DemoGymState {
  if (!demo.isActive) return 'inactive';
  if (demo.type === 'TIME_LIMITED' && demo.expiresAt !== null && new Date(demo.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Whole seconds until a TIME_LIMITED demo expires (0 once passed); null without an expiry. */
export function demoRemainingSeconds(expiresAt: Date | string | null, now: Date = new Date()): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 1000));
}

/** Decision 008: extending gives 48 hours from the later of now and the current expiry. */
export function extendedExpiry(expiresAt: Date | null, now: Date = new Date()): Date {
  const from = expiresAt && expiresAt.getTime() > now.getTime() ? expiresAt : now;
  return new Date(from.getTime() + DEMO_ACCESS_HOURS * 3_600_000);
}

const demoGymInfoSchema = z.object({
  demoGymId: z.uuid(),
  type: z.enum(demoGymTypes),
  state: z.enum(demoGymStates),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  remainingSeconds: z.number().int().nullable(),
});

/** GET /api/platform/gyms/{gymId}/: the heading of a gym's pages. */
export const platformGymDetailSchema = z.object({
  gymId: z.uuid(),
  title: z.string(),
  country: z.enum(gymCountries),
  timeZone: z.string(),
  demoGym: demoGymInfoSchema.nullable(),
});
export type PlatformGymDetail = z.infer<typeof platformGymDetailSchema>;

/** A gym's athlete, with the profile POST /api/auth/impersonate/ takes. */
export const platformAthleteSchema = z.object({
  profileId: z.uuid(),
  athleteId: z.uuid(),
  fullName: z.string(),
  email: z.string().nullable(),
  loginEnabled: z.boolean(),
  isActive: z.boolean(),
});
export type PlatformAthlete = z.infer<typeof platformAthleteSchema>;
export const platformAthletePageSchema = pageSchema(platformAthleteSchema);

export const platformStaffSchema = z.object({
  profileId: z.uuid(),
  staffId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  loginEnabled: z.boolean(),
  role: z.enum(['staff', 'owner']),
  isCoach: z.boolean(),
});
export type PlatformStaff = z.infer<typeof platformStaffSchema>;
export const platformStaffPageSchema = pageSchema(platformStaffSchema);

/** One start or stop of an impersonation (decision 003), newest first. */
export const impersonationAuditSchema = z.object({
  impersonationAuditId: z.uuid(),
  action: z.enum(['start', 'stop']),
  createdAt: z.string(),
  ip: z.string().nullable(),
  platformStaff: z.object({ userId: z.uuid(), fullName: z.string(), email: z.string() }),
  profile: z.object({ profileId: z.uuid(), fullName: z.string(), role: z.enum(roles) }).nullable(),
});
export type ImpersonationAudit = z.infer<typeof impersonationAuditSchema>;
export const impersonationAuditPageSchema = pageSchema(impersonationAuditSchema);

/** GET /api/platform/demo-gyms/: one demo gym with its derived state. */
export const demoGymSchema = z.object({
  demoGymId: z.uuid(),
  gymId: z.uuid(),
  title: z.string(),
  country: z.enum(gymCountries),
  timeZone: z.string(),
  type: z.enum(demoGymTypes),
  state: z.enum(demoGymStates),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  remainingSeconds: z.number().int().nullable(),
  owner: personSchema.nullable(),
  prospect: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  createdAt: z.string(),
  createdBy: personSchema.nullable(),
});
export type DemoGym = z.infer<typeof demoGymSchema>;
export const demoGymPageSchema = pageSchema(demoGymSchema);

export const createDemoGymInputSchema = z.object({
  title: z.string({ error: platformMessages.titleRequired }).trim().min(1, platformMessages.titleRequired).max(100, platformMessages.titleTooLong),
  type: z.enum(demoGymTypes).default('TIME_LIMITED'),
  prospectName: nameSchema,
  prospectEmail: emailSchema,
  // Spec 5 gives no phone rule; the phone input's limit of 250 characters applies.
  prospectPhone: z.string().trim().max(250, 'Please provide a valid phone number.').optional(),
  country: z.enum(gymCountries).default('US'),
  /** Defaults to the country's zone (DEFAULT_TIME_ZONES). */
  timeZone: timeZoneSchema.optional(),
});
export type CreateDemoGymInput = z.infer<typeof createDemoGymInputSchema>;

/** The new demo gym with its owner's login, answered once: the password is never stored or shown again. */
export const createdDemoGymSchema = demoGymSchema.extend({
  credentials: z.object({ email: z.string(), password: z.string() }),
});
export type CreatedDemoGym = z.infer<typeof createdDemoGymSchema>;
