import { describe, expect, it } from 'vitest';
import { ineligibleCodes, ineligibleMessage, ineligibleOrder } from './eligibility';

describe('eligibility refusals (issue 18)', () => {
  it('say why in words a member understands', () => {
    const packageName = '10-class pack';
    expect(ineligibleMessage({ code: 'no_package' })).toBe('You need a package that covers this class to book it.');
    expect(ineligibleMessage({ code: 'no_credits', packageName })).toBe('Your 10-class pack has no credits left.');
    expect(ineligibleMessage({ code: 'on_hold', packageName })).toBe('Your 10-class pack is on hold on this date.');
    expect(ineligibleMessage({ code: 'expired', packageName, endDate: '2026-03-01' })).toBe('Your 10-class pack ended on 1 Mar 2026.');
    expect(ineligibleMessage({ code: 'not_started', packageName, startDate: '2026-12-31' })).toBe('Your 10-class pack starts on 31 Dec 2026.');
    expect(ineligibleMessage({ code: 'limit_day', packageName, limit: 1 })).toBe('Your 10-class pack allows 1 booking a day.');
    expect(ineligibleMessage({ code: 'limit_week', packageName, limit: 3 })).toBe('Your 10-class pack allows 3 bookings a week.');
    expect(ineligibleMessage({ code: 'limit_sessions', packageName, limit: 2, per: 'month' })).toBe('Your 10-class pack allows 2 classes a month.');
    expect(ineligibleMessage({ code: 'not_covered', packageName })).toBe('Your 10-class pack does not cover this class.');
  });

  it('name an appointment when one is booked, the other reasons as they are', () => {
    const packageName = 'Personal training 5-pack';
    expect(ineligibleMessage({ code: 'no_package' }, 'appointment')).toBe('You need a package that covers this appointment to book it.');
    expect(ineligibleMessage({ code: 'not_covered', packageName: 'Unlimited membership' }, 'appointment')).toBe(
      'Your Unlimited membership does not cover this appointment.',
    );
    expect(ineligibleMessage({ code: 'on_hold', packageName }, 'appointment')).toBe('Your Personal training 5-pack is on hold on this date.');
    expect(ineligibleMessage({ code: 'limit_sessions', packageName: '3x week membership', limit: 3, per: 'week' }, 'appointment')).toBe(
      'Your 3x week membership allows 3 sessions a week.',
    );
    expect(ineligibleMessage({ code: 'no_credits', packageName }, 'appointment')).toBe(ineligibleMessage({ code: 'no_credits', packageName }));
  });

  it('rank every code, the most telling first and "no package" last', () => {
    expect(Object.keys(ineligibleOrder).sort()).toEqual([...ineligibleCodes].sort());
    expect(Math.max(...Object.values(ineligibleOrder))).toBe(ineligibleOrder.no_package);
    expect(ineligibleOrder.no_credits).toBe(0);
  });
});
