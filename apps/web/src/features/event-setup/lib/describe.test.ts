import { describe, expect, it } from 'vitest';
import { beforeStart, bookingWindowSummary, formatMinutes, lateCancelSummary, toMinor, waitlistSummary } from './describe';

describe('set-up wording', () => {
  it('tells minutes as people say them', () => {
    expect([0, 45, 60, 90, 120, 1440, 2880, 1500].map(formatMinutes)).toEqual(['0 min', '45 min', '1 h', '1 h 30 min', '2 h', '1 day', '2 days', '25 h']);
    expect(beforeStart(0)).toBe('at the start');
    expect(beforeStart(120)).toBe('2 h before');
    expect(lateCancelSummary(0)).toBe('No late cancel before the start');
    expect(lateCancelSummary(1440)).toBe('Late within 1 day of the start');
  });

  it('sums up the booking window and the waitlist', () => {
    expect(bookingWindowSummary({ bookingOpensDays: null, bookingClosesMinutes: 0 })).toBe('Opens any time · closes at the start');
    expect(bookingWindowSummary({ bookingOpensDays: 1, bookingClosesMinutes: 30 })).toBe('Opens 1 day before · closes 30 min before');
    expect(waitlistSummary({ waitlistEnabled: false, waitlistSize: 5 })).toBe('No waitlist');
    expect(waitlistSummary({ waitlistEnabled: true, waitlistSize: null })).toBe('Waitlist, no limit');
    expect(waitlistSummary({ waitlistEnabled: true, waitlistSize: 8 })).toBe('Waitlist of 8');
  });

  it('turns typed money into minor units without float drift', () => {
    expect([toMinor(15), toMinor(19.99), toMinor('0.1'), toMinor('')]).toEqual([1500, 1999, 10, 0]);
  });
});
