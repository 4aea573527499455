import { describe, expect, it } from 'vitest';
import type { MyBooking } from '../api/schedule';
import { bookabilityOf, bookingPolicy, bulkBookabilityOf, deskBookabilityOf } from './booking-policy';

const at = (iso: string) => new Date(iso);
const start = at('2026-03-05T12:00:00Z');

describe('bookingPolicy', () => {
  it('refuses a cancelled event, whoever asks', () => {
    expect(bookingPolicy.eventOpen.check({ cancelledAt: null })).toBeNull();
    expect(bookingPolicy.eventOpen.check({ cancelledAt: start })?.code).toBe('cancelled');
  });

  it('opens booking `opensDays` before the start and closes it `closesMinutes` before (ends included)', () => {
    const window = { opensDays: 2, closesMinutes: 60 };
    const check = (now: string) => bookingPolicy.bookingWindow.check({ startsAt: start, now: at(now), window })?.code ?? null;
    expect(check('2026-03-03T11:59:59Z')).toBe('booking_not_open');
    expect(check('2026-03-03T12:00:00Z')).toBeNull();
    expect(check('2026-03-05T11:00:00Z')).toBeNull();
    expect(check('2026-03-05T11:00:01Z')).toBe('booking_closed');
    expect(bookingPolicy.bookingWindow.check({ startsAt: start, now: at('2020-01-01T00:00:00Z'), window: { opensDays: null, closesMinutes: 0 } })).toBeNull();
  });

  it('lets a full class take a place in line only when asked, with a waitlist, and within its size', () => {
    const q = { kind: 'class' as const, asked: true, waitlistEnabled: true, waitlistSize: 2, lineLength: 1 };
    expect(bookingPolicy.waitlistRoom.check(q)).toBeNull();
    expect(bookingPolicy.waitlistRoom.check({ ...q, lineLength: 2 })?.code).toBe('waitlist_full');
    expect(bookingPolicy.waitlistRoom.check({ ...q, waitlistEnabled: false })?.code).toBe('event_full');
    expect(bookingPolicy.waitlistRoom.check({ ...q, asked: false })?.code).toBe('event_full');
    expect(bookingPolicy.waitlistRoom.check({ ...q, kind: 'appointment' })?.message).toBe('This appointment is full.');
    expect(bookingPolicy.waitlistRoom.check({ ...q, waitlistSize: null, lineLength: 99 })).toBeNull();
  });

  it('refuses an uncovered walk-in only where the gym says so', () => {
    const check = (allowWalkInsWithoutPackage: boolean, covered: boolean) =>
      bookingPolicy.walkInSetting.check({ allowWalkInsWithoutPackage, covered, athleteName: 'Ann Lee' });
    expect(check(true, false)).toBeNull();
    expect(check(false, true)).toBeNull();
    expect(check(false, false)).toEqual({
      code: 'walk_in_needs_package',
      message: 'Ann Lee has no package that covers this class. Please see the front desk.',
    });
  });
});

describe('bookabilityOf', () => {
  const cls = { isCancelled: false, hasStarted: false, capacity: 10, placesHeld: 4, myBooking: null as MyBooking | null, cancellation: { isLate: false } };
  const mine = (o: Partial<MyBooking> = {}): MyBooking => ({
    reservationId: '22222222-2222-4222-8222-222222222222',
    isReserved: true,
    isWaitlisted: false,
    waitlistPosition: null,
    isCheckedIn: false,
    isLateCancel: false,
    isNoShow: false,
    ...o,
  });
  it('says what the athlete can do, and why not when nothing', () => {
    expect(bookabilityOf(cls)).toEqual({ action: 'book', reason: null });
    expect(bookabilityOf({ ...cls, placesHeld: 10 }).action).toBe('join_waitlist');
    expect(bookabilityOf({ ...cls, placesHeld: 12 }).action).toBe('join_waitlist');
    expect(bookabilityOf({ ...cls, myBooking: mine() }).action).toBe('cancel');
    expect(bookabilityOf({ ...cls, myBooking: mine(), cancellation: { isLate: true } }).action).toBe('late_cancel');
    expect(bookabilityOf({ ...cls, myBooking: mine({ isReserved: false, isWaitlisted: true, waitlistPosition: 2 }) }).action).toBe('leave_waitlist');
    expect(bookabilityOf({ ...cls, myBooking: mine({ isCheckedIn: true }) })).toEqual({
      action: null,
      reason: { code: 'already_reserved', message: 'You already have a booking for this class.' },
    });
    expect(bookabilityOf({ ...cls, isCancelled: true, myBooking: mine() }).reason?.code).toBe('cancelled');
    expect(bookabilityOf({ ...cls, hasStarted: true }).reason?.code).toBe('started');
  });
});

describe('deskBookabilityOf (the staff calendar adding an athlete)', () => {
  const ev = { kind: 'class' as const, isCancelled: false, hasStarted: false, capacity: 10, placesHeld: 4 };
  it('books while places are left, joins a full class by its waitlist, and says why not otherwise', () => {
    expect(deskBookabilityOf(ev)).toEqual({ action: 'book', reason: null });
    expect(deskBookabilityOf({ ...ev, placesHeld: 9 }).action).toBe('book');
    expect(deskBookabilityOf({ ...ev, placesHeld: 10 })).toEqual({ action: 'join_waitlist', reason: null });
    // The desk may have filled it past its capacity.
    expect(deskBookabilityOf({ ...ev, placesHeld: 12 }).action).toBe('join_waitlist');
    expect(deskBookabilityOf({ ...ev, isCancelled: true })).toEqual({ action: null, reason: { code: 'cancelled', message: expect.any(String) } });
    expect(deskBookabilityOf({ ...ev, hasStarted: true })).toEqual({ action: null, reason: { code: 'started', message: 'This class has started.' } });
    expect(deskBookabilityOf({ ...ev, isCancelled: true, hasStarted: true }).reason?.code).toBe('cancelled');
    // A full appointment has no line.
    expect(deskBookabilityOf({ ...ev, kind: 'appointment', placesHeld: 10 })).toEqual({
      action: null,
      reason: bookingPolicy.capacity.check({ kind: 'appointment', placesHeld: 10, capacity: 10 }),
    });
    expect(deskBookabilityOf({ ...ev, kind: 'appointment', capacity: 1, placesHeld: 0 }).action).toBe('book');
  });
});

describe('bulkBookabilityOf (the bulk reservation preview and create)', () => {
  const c = { isCancelled: false, hasStarted: false, isReserved: false, capacity: 10, placesHeld: 4 };
  it('books a class with places left, and leaves the others out with the reason', () => {
    expect(bulkBookabilityOf(c)).toEqual({ action: 'book', reason: null });
    expect(bulkBookabilityOf({ ...c, placesHeld: 9 }).action).toBe('book');
    expect(bulkBookabilityOf({ ...c, placesHeld: 10 })).toEqual({ action: null, reason: { code: 'full', message: expect.any(String) } });
    expect(bulkBookabilityOf({ ...c, hasStarted: true }).reason?.code).toBe('started');
    expect(bulkBookabilityOf({ ...c, isCancelled: true }).reason?.code).toBe('cancelled');
    expect(bulkBookabilityOf({ ...c, isReserved: true })).toEqual({
      action: null,
      reason: { code: 'already_reserved', message: 'The athlete already has a booking for this class.' },
    });
    // A reservation the athlete holds says so before started or full (as the create reports it).
    expect(bulkBookabilityOf({ ...c, isReserved: true, hasStarted: true, placesHeld: 10 }).reason?.code).toBe('already_reserved');
    expect(bulkBookabilityOf({ ...c, hasStarted: true, placesHeld: 10 }).reason?.code).toBe('started');
  });
});
