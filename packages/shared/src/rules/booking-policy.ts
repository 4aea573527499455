import { calendarMessages } from '../api/calendar';
import { kioskSettingsMessages } from '../api/kiosk';
import { reservationMessages } from '../api/reservations';
import type { Bookability, MyBooking } from '../api/schedule';
import { documentMessages } from './documents';
import { ineligibleCodes } from './eligibility';
import { isFull, selfCheckInRefusal, type SelfCheckInWindow } from './reservations';

/**
 * Issue 33, decision 043: the booking policy, one entry per rule. Each entry names its refusal codes, who it binds,
 * and its predicate in TypeScript; the server's `modules/booking-policy/policy.ts` adds the SQL of the entries a grouped
 * statement or a read asks in SQL, and its test checks each SQL against this TypeScript over every combination of its
 * inputs. The locked write path (reservations.service), the grouped one (fast-paths), the reads and the web ask this
 * table: a rule is written nowhere else.
 */

/** A refusal: its `code` is the error's code, its `message` what the web app shows. */
export type Refusal = { code: string; message: string };

export type BookingRule<I> = {
  /** The codes its refusals carry. */
  codes: readonly string[];
  /** Whom, and which writes, it binds. */
  binds: string;
  /** Why the input is refused, or null when the rule lets it through. */
  check: (input: I) => Refusal | null;
};

type EventKind = 'class' | 'appointment';

/** Whether cancelling at `now` is a late cancel: at or after `cutoffMinutes` before the start. */
export function isLateCancelAt(startsAt: Date, now: Date, cutoffMinutes: number): boolean {
  return now.getTime() >= startsAt.getTime() - cutoffMinutes * 60_000;
}

/** The places an event has left (never below 0: the front desk may fill it past its capacity). */
export const placesLeft = (c: { capacity: number; placesHeld: number }) => Math.max(0, c.capacity - c.placesHeld);

/** Issue 16: the first in line is promoted while the class has not passed its promotion cut-off (minutes before the start). */
export function isBeforePromotionCutoff(startsAt: Date, now: Date, cutoffMinutes: number): boolean {
  return now.getTime() < startsAt.getTime() - cutoffMinutes * 60_000;
}

/** The class type's booking window (issue 16): from `opensDays` days before the start (null: any time) until `closesMinutes` before it. */
export type BookingWindow = { opensDays: number | null; closesMinutes: number };

/** A full event: whether and how its waitlist takes one more (issue 16). */
export type WaitlistInput = { kind: EventKind; asked: boolean; waitlistEnabled: boolean; waitlistSize: number | null; lineLength: number };

/** A document as the documents-before-booking rule reads it (issue 20). */
export type DocumentBeforeBooking = { requiredBeforeBooking: boolean; isSigned: boolean; isVoided: boolean; isTemplateArchived: boolean };

/** Whether a document keeps its athlete from booking themselves: required before booking, unsigned, not voided, its template in use. */
export const blocksBooking = (d: DocumentBeforeBooking): boolean => d.requiredBeforeBooking && !d.isSigned && !d.isVoided && !d.isTemplateArchived;

const fullRefusal = (kind: EventKind): Refusal => ({
  code: 'event_full',
  message: kind === 'class' ? reservationMessages.classFull : reservationMessages.appointmentFull,
});

export const bookingPolicy = {
  /** The event takes no booking, walk-in or place in line once cancelled. */
  eventOpen: {
    codes: ['cancelled'],
    binds: 'everyone: bookings, walk-ins and check-ins of new records, at the desk and by athletes',
    check: (e: { cancelledAt: Date | string | null }) => (e.cancelledAt !== null ? { code: 'cancelled', message: calendarMessages.cancelled } : null),
  },
  /** Issue 16: an athlete books a class for themselves only inside its class type's window; the desk at any time. */
  bookingWindow: {
    codes: ['booking_closed', 'booking_not_open'],
    binds: "an athlete's own reservation (not a check-in) of a class",
    check: ({ startsAt, now, window }: { startsAt: Date; now: Date; window: BookingWindow }) => {
      const start = startsAt.getTime();
      if (now.getTime() > start - window.closesMinutes * 60_000) return { code: 'booking_closed', message: reservationMessages.bookingClosed };
      if (window.opensDays !== null && now.getTime() < start - window.opensDays * 86_400_000)
        return { code: 'booking_not_open', message: reservationMessages.bookingNotOpen };
      return null;
    },
  },
  /** Spec 4: a reservation never takes an event past its capacity (a walk-in may: decision 005); the places held are rules/reservations holdsPlace. */
  capacity: {
    codes: ['event_full'],
    binds: 'reservations and a cleared mark (walk-ins and check-ins may overfill)',
    check: ({ kind, placesHeld, capacity }: { kind: EventKind; placesHeld: number; capacity: number }) =>
      isFull(placesHeld, capacity) ? fullRefusal(kind) : null,
  },
  /** Issue 16: a full class takes a place in line only when asked for, with a waitlist, and within its size. */
  waitlistRoom: {
    codes: ['event_full', 'waitlist_full'],
    binds: 'a reservation of a full event',
    check: (q: WaitlistInput): Refusal | null => {
      if (q.kind !== 'class' || !q.asked) return fullRefusal(q.kind);
      if (!q.waitlistEnabled) return { code: 'event_full', message: reservationMessages.noWaitlist };
      if (q.waitlistSize !== null && q.lineLength >= q.waitlistSize) return { code: 'waitlist_full', message: reservationMessages.waitlistFull };
      return null;
    },
  },
  /** Only an active athlete takes a place (an archived one is refused, 400). */
  athleteActive: {
    codes: ['athlete_inactive'],
    binds: 'everyone: bookings, walk-ins, bulk bookings, appointments',
    check: (a: { isActive: boolean }) => (a.isActive ? null : { code: 'athlete_inactive', message: reservationMessages.athleteInactive }),
  },
  /** Issue 20: an athlete's own booking waits for the documents required before booking (blocksBooking) to be signed. */
  documentsSigned: {
    codes: ['document_required'],
    binds: "an athlete's own reservation",
    check: (d: { title: string } | null) => (d ? { code: 'document_required', message: documentMessages.requiredBeforeBooking(d.title) } : null),
  },
  /**
   * Issue 18: a package must cover an athlete's own booking (rules/eligibility.ts says why not; the choice of package is
   * apps/server athlete-packages/eligibility.ts, one SQL statement); the desk books anyway, uncredited.
   */
  packageEligibility: {
    codes: ineligibleCodes,
    binds: "an athlete's own reservation or walk-in",
    check: (v: { eligible: true } | { eligible: false; code: string; message: string }) => (v.eligible ? null : { code: v.code, message: v.message }),
  },
  /** Issue 22: with the gym's `allowWalkInsWithoutPackage` off, a class walk-in needs a covering package. */
  walkInSetting: {
    codes: ['walk_in_needs_package'],
    binds: 'a class walk-in (not reserved, checked in), at the desk and at the kiosk',
    check: ({ allowWalkInsWithoutPackage, covered, athleteName }: { allowWalkInsWithoutPackage: boolean; covered: boolean; athleteName: string }) =>
      allowWalkInsWithoutPackage || covered ? null : { code: 'walk_in_needs_package', message: kioskSettingsMessages.walkInNeedsPackage(athleteName) },
  },
  /** Issue 32: an athlete checks themselves in only inside the gym's self check-in window; the desk at any time. */
  selfCheckIn: {
    codes: ['self_check_in_not_open', 'self_check_in_closed'],
    binds: "an athlete's own check-in or walk-in (athlete kiosk mode applies it itself)",
    check: ({ event, now, window }: { event: { startsAt: Date | string; endsAt: Date | string }; now: Date; window: SelfCheckInWindow }) =>
      selfCheckInRefusal(event, now, window),
  },
} as const satisfies Record<string, BookingRule<never>>;

export type BookingRuleName = keyof typeof bookingPolicy;

export const bookabilityMessages = {
  started: 'This class has started.',
  booked: 'You already have a booking for this class.',
  athleteBooked: 'The athlete already has a booking for this class.',
} as const;

const cancelledReason = () => bookingPolicy.eventOpen.check({ cancelledAt: new Date(0) });
const startedReason = { code: 'started', message: bookabilityMessages.started } as const;

/**
 * Issue 33: what the athlete can do with a class of their schedule now. A cancelled or started class takes nothing;
 * a place in line can be left; a reservation not yet checked in can be cancelled (late after the cut-off); a class
 * with places left is booked, a full one joined by its waitlist (the write still asks the whole policy).
 */
export function bookabilityOf(c: {
  isCancelled: boolean;
  hasStarted: boolean;
  capacity: number;
  placesHeld: number;
  myBooking: MyBooking | null;
  cancellation: { isLate: boolean };
}): Bookability {
  if (c.isCancelled) return { action: null, reason: cancelledReason() };
  if (c.hasStarted) return { action: null, reason: startedReason };
  const mine = c.myBooking;
  if (mine?.isWaitlisted) return { action: 'leave_waitlist', reason: null };
  if (mine && mine.isReserved && !mine.isCheckedIn && !mine.isLateCancel && !mine.isNoShow)
    return { action: c.cancellation.isLate ? 'late_cancel' : 'cancel', reason: null };
  if (mine) return { action: null, reason: { code: 'already_reserved', message: bookabilityMessages.booked } };
  return { action: placesLeft(c) > 0 ? 'book' : 'join_waitlist', reason: null };
}

/**
 * Issue 33: what the front desk can do adding an athlete to an event of the staff calendar now. A cancelled or
 * started event takes no one; one with places left is booked; a full class is joined by its waitlist (a full
 * appointment has none). The write still asks the whole policy (waitlistRoom: enabled, size).
 */
export function deskBookabilityOf(e: { kind: EventKind; isCancelled: boolean; hasStarted: boolean; capacity: number; placesHeld: number }): Bookability {
  if (e.isCancelled) return { action: null, reason: cancelledReason() };
  if (e.hasStarted) return { action: null, reason: startedReason };
  if (placesLeft(e) > 0) return { action: 'book', reason: null };
  return e.kind === 'class' ? { action: 'join_waitlist', reason: null } : { action: null, reason: bookingPolicy.capacity.check(e) };
}

/** Why a bulk reservation leaves a class out (spec 7.3, decision 005): the codes of `bulkBookabilityOf`'s reasons. */
export type BulkSkipCode = 'already_reserved' | 'full' | 'started' | 'cancelled';

/**
 * Issue 33: whether a bulk reservation (spec 7.3, a front-desk tool) books the athlete into a class: its preview says
 * so per class and the create skips by the same answer. A cancelled or started class, one the athlete already has a
 * reservation on (any), or a full one (capacity: no waitlist in bulk) is left out, with the reason.
 */
export function bulkBookabilityOf(c: { isCancelled: boolean; hasStarted: boolean; isReserved: boolean; capacity: number; placesHeld: number }): {
  action: 'book' | null;
  reason: { code: BulkSkipCode; message: string } | null;
} {
  if (c.isCancelled) return { action: null, reason: { code: 'cancelled', message: cancelledReason()!.message } };
  if (c.isReserved) return { action: null, reason: { code: 'already_reserved', message: bookabilityMessages.athleteBooked } };
  if (c.hasStarted) return { action: null, reason: startedReason };
  const full = bookingPolicy.capacity.check({ kind: 'class', placesHeld: c.placesHeld, capacity: c.capacity });
  if (full) return { action: null, reason: { code: 'full', message: full.message } };
  return { action: 'book', reason: null };
}
