import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, dayOfWeek, oneYearAfter, toZoned } from './time';
import { fromZoned, zoneOffsetMinutes } from './time-from-zoned';

describe('gym-local time', () => {
  it('maps a Chicago wall time to the right instant in winter and summer', () => {
    expect(fromZoned('2026-01-15', '06:00', 'America/Chicago').toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(fromZoned('2026-07-15', '06:00', 'America/Chicago').toISOString()).toBe('2026-07-15T11:00:00.000Z');
  });

  it('handles London across the spring-forward gap and the autumn overlap', () => {
    // 2026-03-29 01:30 does not exist in London: it moves forward an hour.
    expect(fromZoned('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 2026-10-25 01:30 happens twice: the first (BST) occurrence is taken.
    expect(fromZoned('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(60);
  });

  it('round-trips every wall time that exists', () => {
    const zones = ['America/Chicago', 'Europe/London', 'America/Toronto', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const instant = new Date(Math.floor(ms / 60_000) * 60_000);
        const local = toZoned(instant, zone);
        const back = fromZoned(local.date, local.time, zone);
        // Ambiguous autumn times come back as their first occurrence: at most an hour earlier.
        expect(instant.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
        expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(3600_000);
        expect(toZoned(back, zone)).toEqual(local);
      }),
    );
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayOfWeek('2026-11-22')).toBe(0);
  });
});

describe('oneYearAfter', () => {
  it('keeps the month and day, and moves 29 February to 1 March (the calendar rolls over)', () => {
    expect(oneYearAfter('2026-11-28')).toBe('2027-11-28');
    expect(oneYearAfter('2026-12-31')).toBe('2027-12-31');
    expect(oneYearAfter('2028-02-29')).toBe('2029-03-01');
  });
});
