import { formatMoney, placesLeft, type GymCountry, type ScheduleClass } from '@spotter/shared';

/** What the athlete can do with a class now (issue 16). */
export type BookingAction = 'book' | 'joinWaitlist' | 'cancel' | 'leaveWaitlist' | 'none';

/** The server's decision (issue 33: `bookability`, from the booking policy) as the class page's button. */
export function bookingAction(c: ScheduleClass): BookingAction {
  switch (c.bookability.action) {
    case 'book':
      return 'book';
    case 'join_waitlist':
      return 'joinWaitlist';
    case 'cancel':
    case 'late_cancel':
      return 'cancel';
    case 'leave_waitlist':
      return 'leaveWaitlist';
    default:
      return 'none';
  }
}

/** The athlete's own state, as a badge says it; null when they have no booking. */
export function myStateLabel(c: ScheduleClass): string | null {
  const mine = c.myBooking;
  if (!mine) return null;
  if (mine.isWaitlisted) return `Waitlisted #${mine.waitlistPosition ?? '?'}`;
  if (mine.isCheckedIn) return 'Checked in';
  if (mine.isLateCancel) return 'Late cancel';
  if (mine.isNoShow) return 'No show';
  return 'Booked';
}

/** "3 places left", "1 place left", "Full" (with the line's length when there is one), or "Cancelled". */
export function placesLabel(c: ScheduleClass): string {
  if (c.isCancelled) return 'Cancelled';
  const left = placesLeft(c);
  if (left > 0) return `${left} ${left === 1 ? 'place' : 'places'} left`;
  return c.waitlistCount > 0 ? `Full · ${c.waitlistCount} waiting` : 'Full';
}

/** What the cancel confirmation tells the athlete before they confirm. */
export function cancellationNotice(c: ScheduleClass, country: GymCountry): string {
  if (!c.cancellation.isLate) return 'You can cancel free of charge.';
  return c.cancellation.feeMinor > 0
    ? `This is a late cancel: a late-cancel fee of ${formatMoney(c.cancellation.feeMinor, country)} applies.`
    : 'This is a late cancel. There is no fee for this class.';
}
