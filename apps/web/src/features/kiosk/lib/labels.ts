import { isFull } from '@spotter/shared';

/** Spec 4 / 9: the short labels of the kiosk cards. */

/** 'Full' when the count reaches capacity (walk-ins may exceed it, decision 005), otherwise 'count / capacity'. */
export function attendanceLabel(count: number, capacity: number): string {
  return isFull(count, capacity) ? 'Full' : `${count} / ${capacity}`;
}

export const FIRST_ATTENDEE_MAX_CHARS = 9;

/** A name cut at `max` characters, marked with an ellipsis when cut. */
export function truncateName(name: string, max = FIRST_ATTENDEE_MAX_CHARS): string {
  const trimmed = name.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}

/** The first attendee cut at 9 characters, then '+N' for the others; null without attendees. */
export function firstAttendeeLabel(firstAttendee: string | null, attendeeCount: number): string | null {
  if (!firstAttendee || attendeeCount < 1) return null;
  const others = attendeeCount - 1;
  return others > 0 ? `${truncateName(firstAttendee)} +${others}` : truncateName(firstAttendee);
}

/** The first `max` names joined, then '+N' for the rest; null for an empty list. */
export function namesLabel(names: readonly string[], max: number): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, max).join(', ');
  const rest = names.length - Math.min(max, names.length);
  return rest > 0 ? `${shown} +${rest}` : shown;
}

/** Coaches on a card: two names, then '+N'. */
export const COACH_NAMES_SHOWN = 2;
/** Appointment attendees on a card: 3 names on desktop, 2 otherwise (spec 9). */
export const appointmentNamesShown = (isDesktop: boolean) => (isDesktop ? 3 : 2);
