import { describe, expect, it } from 'vitest';
import { fromZoned } from '@spotter/shared';
import { floatingSpan, gymNow, gymToday, queryRangeOf, stepDate, visibleRange } from './calendar-time';

const span = (date: string, time: string, minutes: number, timeZone: string) => {
  const start = fromZoned(date, time, timeZone);
  return floatingSpan({ startDate: date, startTime: time, endsAt: new Date(start.getTime() + minutes * 60_000).toISOString() }, timeZone);
};

describe('floating wall-clock times (decision 028)', () => {
  it.each([
    ['the spring change day', '2026-03-08'],
    ['the autumn change day', '2026-11-01'],
    ['an ordinary day', '2026-05-06'],
  ])('keeps a 06:00 class at 06:00-07:00 in America/Chicago on %s', (_name, date) => {
    expect(span(date, '06:00:00', 60, 'America/Chicago')).toEqual({ start: `${date}T06:00:00`, end: `${date}T07:00:00` });
  });

  it('ends a class that crosses the change at the wall time it really ends (01:30 + 60 min on the spring day is 03:30)', () => {
    expect(span('2026-03-08', '01:30:00', 60, 'America/Chicago')).toEqual({ start: '2026-03-08T01:30:00', end: '2026-03-08T03:30:00' });
  });

  it('takes the end past midnight to the next day', () => {
    expect(span('2026-05-06', '23:30:00', 60, 'Europe/London')).toEqual({ start: '2026-05-06T23:30:00', end: '2026-05-07T00:30:00' });
  });

  it("tells now and today on the gym's clock, not the browser's", () => {
    const instant = new Date('2026-05-07T03:30:00Z');
    expect(gymNow('America/Chicago', instant)).toBe('2026-05-06T22:30:00');
    expect(gymToday('America/Chicago', instant)).toBe('2026-05-06');
    expect(gymToday('Europe/London', instant)).toBe('2026-05-07');
  });
});

describe('visible range and the calendar read', () => {
  it("turns FullCalendar's range (end exclusive) into local dates, both inclusive", () => {
    expect(queryRangeOf(new Date('2026-05-03T00:00:00Z'), new Date('2026-05-10T00:00:00Z'))).toEqual({ start: '2026-05-03', end: '2026-05-09' });
  });

  it('starts a week on Sunday in the US and Canada, on Monday in the UK (spec 9)', () => {
    expect(visibleRange('week', '2026-05-06', 0)).toEqual({ start: '2026-05-03', end: '2026-05-09' });
    expect(visibleRange('week', '2026-05-06', 1)).toEqual({ start: '2026-05-04', end: '2026-05-10' });
    expect(visibleRange('week', '2026-05-03', 1)).toEqual({ start: '2026-04-27', end: '2026-05-03' });
  });

  it('shows a month as six whole weeks: 42 days, the most the read allows', () => {
    expect(visibleRange('month', '2026-05-20', 0)).toEqual({ start: '2026-04-26', end: '2026-06-06' });
    expect(visibleRange('month', '2026-02-10', 1)).toEqual({ start: '2026-01-26', end: '2026-03-08' });
    expect(visibleRange('day', '2026-05-06', 0)).toEqual({ start: '2026-05-06', end: '2026-05-06' });
  });

  it('steps by a day, a week, or to the first day of the next or previous month', () => {
    expect(stepDate('day', '2026-05-06', -1)).toBe('2026-05-05');
    expect(stepDate('week', '2026-05-06', 1)).toBe('2026-05-13');
    expect(stepDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDate('month', '2026-01-15', -1)).toBe('2025-12-01');
  });
});
