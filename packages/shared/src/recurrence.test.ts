import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRRuleText, isOccurrenceDate, occurrencesBetween, toRRuleText, type WeekdayNumber, type WeeklyPattern } from './recurrence';
import { addDays, dayOfWeek, toZoned } from './time';

const ZONES = ['America/Chicago', 'America/Toronto', 'Europe/London'] as const;
const HOUR = 3_600_000;

/** Days from 1970-01-01 of a local date. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** The Monday on or before a date (weeks start on Monday, as the rule's WKST). */
const mondayOf = (date: string) => addDays(date, -((dayOfWeek(date) + 6) % 7));

/** What the series should hold, counted day by day without rrule: weekday, range and interval week. */
function expectedDates(p: WeeklyPattern, from: string, to: string): string[] {
  const dates: string[] = [];
  const start = from > p.firstDate ? from : p.firstDate;
  const end = p.lastDate && p.lastDate < to ? p.lastDate : to;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const week = (dayNumber(mondayOf(d)) - dayNumber(mondayOf(p.firstDate))) / 7;
    if (p.weekdays.includes(dayOfWeek(d) as WeekdayNumber) && week % (p.interval ?? 1) === 0) dates.push(d);
  }
  return dates;
}

const isoDate = (min: string, max: string) =>
  fc.integer({ min: dayNumber(min), max: dayNumber(max) }).map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
// Times around the changes (00:30 to 02:30 are skipped or repeated on some day in these zones) and ordinary ones.
const startTime = fc.oneof(
  fc.constantFrom('00:30', '01:00', '01:30', '01:59', '02:00', '02:30', '03:00', '06:00', '23:30'),
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
);
const pattern: fc.Arbitrary<WeeklyPattern> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((d) => d as WeekdayNumber[]),
    startTime,
    firstDate: isoDate('2025-01-01', '2028-12-31'),
    days: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    interval: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ days, ...p }) => ({ ...p, lastDate: days === null ? null : addDays(p.firstDate, days) }));

describe('weekly series in the gym zone (issue 16)', () => {
  it('holds every date of its weekdays, range and interval, each at its local time, in order', () => {
    fc.assert(
      fc.property(pattern, fc.integer({ min: -30, max: 60 }), fc.integer({ min: 0, max: 120 }), (p, offset, span) => {
        const from = addDays(p.firstDate, offset);
        const to = addDays(from, span);
        const got = occurrencesBetween(p, from, to);
        expect(got.map((o) => o.date)).toEqual(expectedDates(p, from, to));
        const time = p.startTime.length === 5 ? `${p.startTime}:00` : p.startTime;
        for (const [i, o] of got.entries()) {
          expect(o.time).toBe(time);
          if (i > 0) expect(o.startsAt.getTime()).toBeGreaterThan(got[i - 1]!.startsAt.getTime());
          const local = toZoned(o.startsAt, p.timeZone);
          expect(local.date).toBe(o.date);
          if (local.time !== time) {
            // Only in a spring-forward gap: the wall time does not exist that day, and the class moves on by the gap.
            expect(Date.parse(`1970-01-01T${local.time}Z`) - Date.parse(`1970-01-01T${time}Z`)).toBe(HOUR);
            const justBefore = toZoned(new Date(o.startsAt.getTime() - HOUR), p.timeZone);
            expect(justBefore.time < time || justBefore.date < o.date).toBe(true);
          } else {
            // A repeated autumn hour takes its first occurrence: an hour earlier was not the same wall time.
            expect(toZoned(new Date(o.startsAt.getTime() - HOUR), p.timeZone)).not.toEqual(local);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a 06:00 class at 06:00 local time through every daylight-saving change', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), isoDate('2025-01-01', '2028-06-30'), (timeZone, firstDate) => {
        const p: WeeklyPattern = { timeZone, weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '06:00', firstDate, lastDate: null };
        const got = occurrencesBetween(p, firstDate, addDays(firstDate, 370));
        expect(got).toHaveLength(371);
        for (const o of got) expect(toZoned(o.startsAt, timeZone)).toEqual({ date: o.date, time: '06:00:00' });
      }),
      { numRuns: 30 },
    );
  });

  it('moves a time skipped by the change forward by the gap, and takes the first of a repeated time', () => {
    const daily = (timeZone: string, startTime: string, firstDate: string): WeeklyPattern => ({
      timeZone,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      startTime,
      firstDate,
      lastDate: null,
    });
    // Chicago and Toronto spring forward on 2026-03-08 at 02:00, London on 2026-03-29 at 01:00.
    const [chicago] = occurrencesBetween(daily('America/Chicago', '02:30', '2026-03-08'), '2026-03-08', '2026-03-08');
    expect(toZoned(chicago!.startsAt, 'America/Chicago')).toEqual({ date: '2026-03-08', time: '03:30:00' });
    const [london] = occurrencesBetween(daily('Europe/London', '01:30', '2026-03-29'), '2026-03-29', '2026-03-29');
    expect(london!.startsAt.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // They fall back on 2026-11-01 (Chicago, Toronto) and 2026-10-25 (London): 01:30 happens twice; the first is kept.
    const [toronto] = occurrencesBetween(daily('America/Toronto', '01:30', '2026-11-01'), '2026-11-01', '2026-11-01');
    expect(toronto!.startsAt.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const [autumn] = occurrencesBetween(daily('Europe/London', '01:30', '2026-10-25'), '2026-10-25', '2026-10-25');
    expect(autumn!.startsAt.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('writes the series as iCalendar text in its zone and reads it back', () => {
    expect(toRRuleText({ timeZone: 'America/Chicago', weekdays: [1, 3], startTime: '06:00', firstDate: '2026-03-02', lastDate: null })).toBe(
      'DTSTART;TZID=America/Chicago:20260302T060000\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;WKST=MO',
    );
    fc.assert(
      fc.property(pattern, (p) => {
        const back = fromRRuleText(toRRuleText(p));
        expect(back).toEqual({ ...p, weekdays: [...p.weekdays].sort(), startTime: `${p.startTime}:00`, interval: p.interval ?? 1 });
        expect(isOccurrenceDate(back, p.firstDate)).toBe(expectedDates(p, p.firstDate, p.firstDate).length === 1);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a series with no weekday', () => {
    expect(() =>
      occurrencesBetween({ timeZone: 'Europe/London', weekdays: [], startTime: '06:00', firstDate: '2026-01-01', lastDate: null }, '2026-01-01', '2026-01-31'),
    ).toThrow('A weekly series needs at least one weekday.');
  });
});
