import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toZoned } from '../time';
import { fromZoned } from '../time-from-zoned';
import { freeSlots, isoWeekday, timeOffLocal, timeOffRange, weeklyHoursProblem, type SlotCoach, type SlotQuestion } from './appointment-slots';

const CHICAGO = 'America/Chicago';
const at = (date: string, time: string, zone = CHICAGO) => fromZoned(date, time, zone);
const coach = (o: Partial<SlotCoach> = {}): SlotCoach => ({
  staffId: 'c1',
  fullName: 'Casey Coach',
  windows: [{ startTime: '09:00', endTime: '12:00' }],
  busy: [],
  ...o,
});
const ask = (o: Partial<SlotQuestion> = {}): SlotQuestion => ({
  date: '2026-03-05',
  timeZone: CHICAGO,
  durationMinutes: 60,
  bufferMinutes: 0,
  now: at('2026-03-04', '14:30'),
  coaches: [coach()],
  ...o,
});
const times = (q: SlotQuestion) => freeSlots(q).map((s) => s.startTime);

describe('freeSlots (issue 16)', () => {
  it('starts every 15 minutes inside a window so that the appointment fits', () => {
    expect(times(ask())).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    const [first] = freeSlots(ask());
    expect(first).toMatchObject({ staffId: 'c1', coachName: 'Casey Coach', startsAt: at('2026-03-05', '09:00'), endsAt: at('2026-03-05', '10:00') });
  });

  it('keeps the buffer inside the window too', () => {
    expect(times(ask({ bufferMinutes: 30 })).at(-1)).toBe('10:30');
  });

  it('skips busy ranges, with the buffer after the new appointment', () => {
    const busy = [{ startsAt: at('2026-03-05', '10:30'), endsAt: at('2026-03-05', '11:00') }];
    expect(times(ask({ coaches: [coach({ busy })] }))).toEqual(['09:00', '09:15', '09:30', '11:00']);
    // 15 minutes of buffer: 09:30–10:30 then 15 minutes kept free reaches into the busy range.
    expect(times(ask({ bufferMinutes: 15, coaches: [coach({ busy })] }))).toEqual(['09:00', '09:15']);
  });

  it('offers nothing before now plus the notice', () => {
    const now = at('2026-03-05', '08:50');
    expect(times(ask({ now }))[0]).toBe('10:00');
    expect(times(ask({ now, noticeMinutes: 0 }))[0]).toBe('09:00');
  });

  it('orders the slots of several coaches by time, then by name', () => {
    const slots = freeSlots(
      ask({
        coaches: [
          coach({ staffId: 'c2', fullName: 'Zoe', windows: [{ startTime: '10:00', endTime: '11:00' }] }),
          coach({ fullName: 'Abe', windows: [{ startTime: '10:00', endTime: '11:00' }] }),
        ],
      }),
    );
    expect(slots.map((s) => `${s.startTime} ${s.coachName}`)).toEqual(['10:00 Abe', '10:00 Zoe']);
  });

  it('starts a 09:00–12:00 window at 09:00 local on the spring-forward day in Chicago', () => {
    // 2026-03-08: clocks go from 02:00 CST to 03:00 CDT.
    const slots = freeSlots(ask({ date: '2026-03-08' }));
    expect(slots[0]!.startTime).toBe('09:00');
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(slots.map((s) => s.startTime)).toEqual(times(ask()));
    // The day before, 09:00 CST is an hour later in UTC.
    expect(freeSlots(ask({ date: '2026-03-07' }))[0]!.startsAt.toISOString()).toBe('2026-03-07T15:00:00.000Z');
  });

  it('steps in real time through the night of a change: a 01:00–04:00 window is two hours long', () => {
    const slots = freeSlots(ask({ date: '2026-03-08', coaches: [coach({ windows: [{ startTime: '01:00', endTime: '04:00' }] })] }));
    expect(slots.map((s) => s.startTime)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00']);
  });

  it('never offers a slot that overlaps a busy range or leaves its window (property)', () => {
    const minutes = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(minutes, fc.integer({ min: 15, max: 300 })), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(minutes, fc.integer({ min: 5, max: 180 })), { maxLength: 4 }),
        fc.integer({ min: 15, max: 120 }),
        fc.integer({ min: 0, max: 30 }),
        (windows, busyRanges, duration, buffer) => {
          const date = '2026-03-08';
          const w = windows.map(([s, len]) => ({ startTime: hhmm(s), endTime: hhmm(Math.min(24 * 60 - 1, s + len)) })).filter((x) => x.endTime > x.startTime);
          const busy = busyRanges.map(([s, len]) => ({ startsAt: at(date, hhmm(s)), endsAt: new Date(at(date, hhmm(s)).getTime() + len * 60_000) }));
          const slots = freeSlots({
            date,
            timeZone: CHICAGO,
            durationMinutes: duration,
            bufferMinutes: buffer,
            now: at('2026-03-01', '00:00'),
            coaches: [coach({ windows: w, busy })],
          });
          for (const s of slots) {
            const from = s.startsAt.getTime();
            const to = s.endsAt.getTime() + buffer * 60_000;
            expect(busy.some((b) => from < b.endsAt.getTime() && b.startsAt.getTime() < to)).toBe(false);
            expect(w.some((x) => from >= at(date, x.startTime).getTime() && to <= at(date, x.endTime).getTime())).toBe(true);
            expect(toZoned(s.startsAt, CHICAGO).date).toBe(date);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('weekly hours and time off', () => {
  it('names the ISO weekday of a date (1 = Monday)', () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });

  it('refuses inverted and overlapping ranges of a day, and lets touching ones be', () => {
    expect(
      weeklyHoursProblem([
        { weekday: 1, startTime: '09:00', endTime: '12:00' },
        { weekday: 1, startTime: '12:00', endTime: '14:00' },
        { weekday: 2, startTime: '10:00', endTime: '13:00' },
      ]),
    ).toBeNull();
    expect(weeklyHoursProblem([{ weekday: 3, startTime: '12:00:00', endTime: '09:00:00' }])).toEqual({
      index: 0,
      message: 'Wednesday: 12:00–09:00 must end after it starts.',
    });
    expect(
      weeklyHoursProblem([
        { weekday: 1, startTime: '11:00', endTime: '13:00' },
        { weekday: 2, startTime: '08:00', endTime: '09:00' },
        { weekday: 1, startTime: '09:00', endTime: '12:00' },
      ]),
    ).toEqual({
      index: 0,
      message: 'Monday: 09:00–12:00 and 11:00–13:00 overlap.',
    });
  });

  it('turns whole days and local times into instants of the zone, and back', () => {
    const days = timeOffRange({ startDate: '2026-03-07', endDate: '2026-03-08', startTime: null, endTime: null }, CHICAGO);
    expect(days).toEqual({ startsAt: at('2026-03-07', '00:00'), endsAt: at('2026-03-09', '00:00') });
    expect(timeOffLocal(days.startsAt, days.endsAt, CHICAGO)).toEqual({
      startDate: '2026-03-07',
      startTime: '00:00',
      endDate: '2026-03-08',
      endTime: '00:00',
      isAllDay: true,
    });
    const hours = timeOffRange({ startDate: '2026-03-08', endDate: '2026-03-08', startTime: '09:00:00', endTime: '13:30:00' }, CHICAGO);
    expect(hours.startsAt.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(timeOffLocal(hours.startsAt, hours.endsAt, CHICAGO)).toMatchObject({ startTime: '09:00', endTime: '13:30', isAllDay: false });
  });
});
