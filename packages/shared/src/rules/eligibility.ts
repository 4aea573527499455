/**
 * Issue 18: why a booking cannot be credited to a package, in words a member understands. The server's one
 * eligibility function (apps/server/src/modules/athlete-packages/eligibility.ts) picks a code; the athlete's own
 * booking (a class or an appointment) is refused with its message, staff and kiosk bookings go ahead uncredited.
 */

export const ineligibleCodes = [
  'no_package',
  'not_covered',
  'no_credits',
  'on_hold',
  'expired',
  'not_started',
  'limit_day',
  'limit_week',
  'limit_sessions',
] as const;
export type IneligibleCode = (typeof ineligibleCodes)[number];

export type IneligibleReason =
  | { code: 'no_package' }
  | { code: 'not_covered'; packageName: string }
  | { code: 'no_credits'; packageName: string }
  | { code: 'on_hold'; packageName: string }
  | { code: 'expired'; packageName: string; endDate: string }
  | { code: 'not_started'; packageName: string; startDate: string }
  | { code: 'limit_day'; packageName: string; limit: number }
  | { code: 'limit_week'; packageName: string; limit: number }
  | { code: 'limit_sessions'; packageName: string; limit: number; per: 'week' | 'month' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A date YYYY-MM-DD as a member reads it ("24 Nov 2026"), whatever the locale. */
export function eligibilityDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}

/** What is being booked: a class, or an appointment (a package covers class types and appointment types). */
export type EligibilityOf = 'class' | 'appointment';

/** The member-facing message of a refusal, naming what was booked (a class unless told). */
export function ineligibleMessage(reason: IneligibleReason, of: EligibilityOf = 'class'): string {
  switch (reason.code) {
    case 'no_package':
      return `You need a package that covers this ${of} to book it.`;
    case 'not_covered':
      return `Your ${reason.packageName} does not cover this ${of}.`;
    case 'no_credits':
      return `Your ${reason.packageName} has no credits left.`;
    case 'on_hold':
      return `Your ${reason.packageName} is on hold on this date.`;
    case 'expired':
      return `Your ${reason.packageName} ended on ${eligibilityDate(reason.endDate)}.`;
    case 'not_started':
      return `Your ${reason.packageName} starts on ${eligibilityDate(reason.startDate)}.`;
    case 'limit_day':
      return `Your ${reason.packageName} allows ${plural(reason.limit, 'booking', 'bookings')} a day.`;
    case 'limit_week':
      return `Your ${reason.packageName} allows ${plural(reason.limit, 'booking', 'bookings')} a week.`;
    case 'limit_sessions':
      return `Your ${reason.packageName} allows ${of === 'class' ? plural(reason.limit, 'class', 'classes') : plural(reason.limit, 'session', 'sessions')} a ${reason.per}.`;
  }
}

/**
 * When several packages fail, the one refusal that tells the member most: a package that covers the class but is out
 * of credits says more than "you need a package". Lower is shown first.
 */
export const ineligibleOrder: Record<IneligibleCode, number> = {
  no_credits: 0,
  limit_sessions: 1,
  limit_day: 2,
  limit_week: 3,
  on_hold: 4,
  not_started: 5,
  expired: 6,
  not_covered: 7,
  no_package: 8,
};
