import { Badge } from '@mantine/core';
import { formatDate, formatTime, type GymCountry, type MembershipState, type ScheduleClass } from '@spotter/shared';

export const LOAD_ERROR = 'Something went wrong while fetching data!';

export const kindLabel = { membership: 'Membership', class_pack: 'Class pack', drop_in: 'Drop-in', trial: 'Trial' } as const;

/** "Tue 03/05/2026 6:00 PM" in the gym's format. */
export function whenOf(c: Pick<ScheduleClass, 'startDate' | 'startTime'>, country: GymCountry | null): string {
  return `${formatDate(c.startDate, country)} ${formatTime(c.startTime, country)}`;
}

/** The booking's state as the front desk says it. */
export function bookingState(c: ScheduleClass): string {
  const b = c.myBooking;
  if (!b) return '';
  if (c.isCancelled) return 'Class cancelled';
  if (b.isCheckedIn) return 'Checked in';
  if (b.isNoShow) return 'No show';
  if (b.isLateCancel) return 'Late cancel';
  if (b.isWaitlisted) return b.waitlistPosition ? `Waitlist #${b.waitlistPosition}` : 'Waitlist';
  return 'Booked';
}

/** Light badges with text dark enough for 4.5:1 (axe color-contrast), as the athletes list does. */
const stateLabel: Record<MembershipState, { label: string; color: string; c: string }> = {
  active: { label: 'Active', color: 'teal', c: '#0b5e45' },
  trial: { label: 'Trial', color: 'blue', c: '#1c4f8a' },
  on_hold: { label: 'On hold', color: 'yellow', c: '#6b4a00' },
  cancelled: { label: 'Cancelled', color: 'red', c: '#8f1d1d' },
  none: { label: 'No membership', color: 'gray', c: '#343a40' },
};

export function MembershipBadge({ state }: { state: MembershipState }) {
  const s = stateLabel[state];
  return (
    <Badge color={s.color} c={s.c} variant="light">
      {s.label}
    </Badge>
  );
}
