import { describe, expect, it } from 'vitest';
import { bookabilityOf, type ScheduleClass } from '@spotter/shared';
import { bookingAction, cancellationNotice, myStateLabel, placesLabel } from './booking-state';

/** A class of the schedule as the server answers it: its bookability decided by the shared policy. */
const cls = (o: Partial<Omit<ScheduleClass, 'bookability'>> = {}): ScheduleClass => {
  const read = base(o);
  return { ...read, bookability: bookabilityOf(read) };
};
const base = (o: Partial<Omit<ScheduleClass, 'bookability'>>): Omit<ScheduleClass, 'bookability'> => ({
  eventId: '11111111-1111-4111-8111-111111111111',
  kind: 'class',
  name: 'CrossFit WOD',
  color: 'blue',
  startDate: '2026-03-05',
  startTime: '06:00',
  startsAt: '2026-03-05T12:00:00.000Z',
  endsAt: '2026-03-05T13:00:00.000Z',
  duration: 60,
  capacity: 10,
  placesHeld: 4,
  waitlistCount: 0,
  coaches: [],
  location: null,
  hasStarted: false,
  isCancelled: false,
  cancelReason: null,
  myBooking: null,
  cancellation: { isLate: false, feeMinor: 1500, cutoffMinutes: 0 },
  ...o,
});
const booking = (o: Partial<NonNullable<ScheduleClass['myBooking']>> = {}) => ({
  reservationId: '22222222-2222-4222-8222-222222222222',
  isReserved: true,
  isWaitlisted: false,
  waitlistPosition: null,
  isCheckedIn: false,
  isLateCancel: false,
  isNoShow: false,
  ...o,
});

describe('what the athlete can do with a class (issue 16)', () => {
  it('books a class with places, joins the line of a full one, cancels a booking, leaves the line, and does nothing once started', () => {
    expect(bookingAction(cls())).toBe('book');
    expect(bookingAction(cls({ placesHeld: 10 }))).toBe('joinWaitlist');
    expect(bookingAction(cls({ placesHeld: 12 }))).toBe('joinWaitlist');
    expect(bookingAction(cls({ myBooking: booking() }))).toBe('cancel');
    expect(bookingAction(cls({ myBooking: booking({ isReserved: false, isWaitlisted: true, waitlistPosition: 3 }) }))).toBe('leaveWaitlist');
    expect(bookingAction(cls({ myBooking: booking({ isCheckedIn: true }) }))).toBe('none');
    expect(bookingAction(cls({ myBooking: booking({ isLateCancel: true }) }))).toBe('none');
    expect(bookingAction(cls({ hasStarted: true }))).toBe('none');
    // A class the gym cancelled offers nothing, and says so where its places would be.
    expect(bookingAction(cls({ isCancelled: true, cancelReason: 'Coach is ill' }))).toBe('none');
    expect(placesLabel(cls({ isCancelled: true }))).toBe('Cancelled');
  });

  it('names the state, the places and the cost of cancelling', () => {
    expect(myStateLabel(cls())).toBeNull();
    expect(myStateLabel(cls({ myBooking: booking() }))).toBe('Booked');
    expect(myStateLabel(cls({ myBooking: booking({ isReserved: false, isWaitlisted: true, waitlistPosition: 2 }) }))).toBe('Waitlisted #2');
    expect(myStateLabel(cls({ myBooking: booking({ isCheckedIn: true }) }))).toBe('Checked in');
    expect([
      placesLabel(cls()),
      placesLabel(cls({ placesHeld: 9 })),
      placesLabel(cls({ placesHeld: 10 })),
      placesLabel(cls({ placesHeld: 11, waitlistCount: 2 })),
    ]).toEqual(['6 places left', '1 place left', 'Full', 'Full · 2 waiting']);
    expect(cancellationNotice(cls(), 'US')).toBe('You can cancel free of charge.');
    expect(cancellationNotice(cls({ cancellation: { isLate: true, feeMinor: 1500, cutoffMinutes: 120 } }), 'GB')).toBe(
      'This is a late cancel: a late-cancel fee of £15.00 applies.',
    );
    expect(cancellationNotice(cls({ cancellation: { isLate: true, feeMinor: 0, cutoffMinutes: 120 } }), 'US')).toBe(
      'This is a late cancel. There is no fee for this class.',
    );
  });
});
