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

const stateLabel: Record<MembershipState, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  trial: { label: 'Trial', color: 'blue' },
  on_hold: { label: 'On hold', color: 'yellow' },
  cancelled: { label: 'Cancelled', color: 'red' },
  none: { label: 'No membership', color: 'gray' },
};

export function MembershipBadge({ state }: { state: MembershipState }) {
  const s = stateLabel[state];
  return (
    <Badge color={s.color} variant="light">
      {s.label}
    </Badge>
  );
}

