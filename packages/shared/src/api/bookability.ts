import { z } from 'zod';

/**
 * Issue 33: what a person can do with an event now, decided by the server from the booking policy
 * (rules/booking-policy.ts: bookabilityOf for the athlete's schedule, deskBookabilityOf for the staff calendar,
 * bulkBookabilityOf for the bulk reservation preview); null with the reason when nothing. The web shows it and re-derives nothing.
 */
export const bookabilityActions = ['book', 'join_waitlist', 'cancel', 'late_cancel', 'leave_waitlist'] as const;
export const bookabilitySchema = z.object({
  action: z.enum(bookabilityActions).nullable(),
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Bookability = z.infer<typeof bookabilitySchema>;
