import { z } from 'zod';
import { gymCountries } from '../roles';

/**
 * Issue 16: a private iCalendar feed per profile (`/calendar/integration`, the athlete's Account page). The link holds
 * a random token that only its hash is kept of, so it is shown once, when made; regenerating it revokes the old one.
 */
export const calendarFeedMessages = {
  notFound: 'Calendar not found.',
  impersonating: 'A calendar link cannot be made while impersonating.',
  created: 'Calendar link created',
  regenerated: 'Calendar link regenerated: the old link no longer works',
  revoked: 'Calendar link revoked',
} as const;

/** The feed's window: from 30 days ago to 120 days ahead. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 120;

export const calendarFeedStatusSchema = z.object({
  /** The gym's zone and country, to tell the times below as the gym does. */
  timeZone: z.string(),
  country: z.enum(gymCountries),
  isLive: z.boolean(),
  /** When the live link was made; null without one. */
  createdAt: z.string().nullable(),
  /** When a calendar app last fetched the live link. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** The new link, answered once: only its hash is stored. */
export const createdCalendarFeedSchema = calendarFeedStatusSchema.extend({ url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** The feed itself: text/calendar (RFC 5545). */
export const calendarFeedBodySchema = z.string();
