/**
 * The booking rules of spec 3 and 4, each defined once. The server reads the same definitions into SQL
 * (apps/server/src/modules/reservations/rules.ts), the web app calls these functions: there is no second copy.
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
