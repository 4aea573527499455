/**
 * The booking rules of spec 3 and 4, each defined once. The server reads the same definitions into SQL
 * (apps/server/src/modules/booking-policy/rules.ts), the web app calls these functions: there is no second copy.
 */

/** The flags of a class or appointment reservation the rules read (spec 3). */
export type ReservationFlags = {
  isReserved: boolean;
  isCheckedIn: boolean;
  isLateCancel: boolean;
  isNoShow: boolean;
  /** Waiting for a place (classes); a waitlisted reservation holds none. */
  isWaitlisted?: boolean;
};

export type ReservationFlag = keyof ReservationFlags;

/**
 * Spec 4: a reservation holds a place in its event (it counts toward attendance and capacity, and makes 'Full') when
 * it is reserved or checked in, and is neither a late cancel nor a no show, nor waiting on the waitlist. A walk-in
 * check-in holds a place too: the front desk may fill an event past its capacity (decision 005).
 */
export const holdsPlaceRule = {
  anyOf: ['isReserved', 'isCheckedIn'],
  noneOf: ['isLateCancel', 'isNoShow', 'isWaitlisted'],
} as const satisfies { anyOf: readonly ReservationFlag[]; noneOf: readonly ReservationFlag[] };

export function holdsPlace(r: ReservationFlags): boolean {
  return holdsPlaceRule.anyOf.some((flag) => r[flag] === true) && holdsPlaceRule.noneOf.every((flag) => r[flag] !== true);
}

/** Spec 4: late cancels and no shows are excluded from the kiosk's lists, and neither reserved nor checked in there. */
export function isMarked(r: Pick<ReservationFlags, 'isLateCancel' | 'isNoShow'>): boolean {
  return r.isLateCancel || r.isNoShow;
}

/** An event is full when the places held reach its capacity (a walk-in may take it past). */
export function isFull(placesHeld: number, capacity: number): boolean {
  return placesHeld >= capacity;
}

/**
 * Spec 4: Mark Late Cancel and Mark No Show are offered only for a credited reservation, and disabled once the athlete
 * is checked in. The two marks are mutually exclusive.
 */
export function markRule(r: { isCredited: boolean; isCheckedIn: boolean }): { offered: boolean; enabled: boolean } {
  return { offered: r.isCredited, enabled: r.isCredited && !r.isCheckedIn };
}

export type KioskTab = 'reserved' | 'checkedIn';

/** Spec 4: the Reserved tab lists reserved athletes not yet checked in, the Checked In tab checked-in ones. */
export function isOnKioskTab(r: ReservationFlags, tab: KioskTab): boolean {
  if (!holdsPlace(r)) return false;
  return tab === 'checkedIn' ? r.isCheckedIn : r.isReserved && !r.isCheckedIn;
}

/**
 * Issue 32: when an athlete may check themselves in (the gym's kiosk settings): from `opensMinutes` before the event's
 * start until `closesMinutes` after its end. The front desk (staff holding Kiosk) checks anyone in at any time; athlete
 * kiosk mode runs under a staff login, so the kiosk applies this rule itself in athlete mode.
 */
export type SelfCheckInWindow = { opensMinutes: number; closesMinutes: number };
export const defaultSelfCheckInWindow: SelfCheckInWindow = { opensMinutes: 60, closesMinutes: 0 };
/** The largest either side may be: one day. */
export const MAX_SELF_CHECK_IN_MINUTES = 1440;

export const selfCheckInMessages = {
  notOpen: (minutes: number) => (minutes === 0 ? 'Self check-in opens when it starts.' : `Self check-in opens ${minutes} minutes before the start.`),
  closed: 'Self check-in has closed. Please see the front desk.',
  minutes: `Enter a whole number of minutes from 0 to ${MAX_SELF_CHECK_IN_MINUTES}.`,
} as const;

export type SelfCheckInRefusal = { code: 'self_check_in_not_open' | 'self_check_in_closed'; message: string };

/** The instants the window opens and closes for an event. */
export function selfCheckInRange(event: { startsAt: Date | string; endsAt: Date | string }, window: SelfCheckInWindow): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(new Date(event.startsAt).getTime() - window.opensMinutes * 60_000),
    closesAt: new Date(new Date(event.endsAt).getTime() + window.closesMinutes * 60_000),
  };
}

/** Why an athlete may not check themselves in to the event at `now`; null when they may (both ends included). */
export function selfCheckInRefusal(event: { startsAt: Date | string; endsAt: Date | string }, now: Date, window: SelfCheckInWindow): SelfCheckInRefusal | null {
  const { opensAt, closesAt } = selfCheckInRange(event, window);
  if (now.getTime() < opensAt.getTime()) return { code: 'self_check_in_not_open', message: selfCheckInMessages.notOpen(window.opensMinutes) };
  if (now.getTime() > closesAt.getTime()) return { code: 'self_check_in_closed', message: selfCheckInMessages.closed };
  return null;
}
