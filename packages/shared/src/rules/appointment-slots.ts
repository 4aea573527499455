import { addDays, dayOfWeek, toZoned } from '../time';
import { fromZoned } from '../time-from-zoned';

/**
 * Issue 16: the free slots of an appointment type on a gym-local date, one definition for the server's read, its
 * booking check (which recomputes them) and the tests. A coach offers a slot when [start, end + buffer) lies inside one
 * of their weekly windows of that weekday, overlaps none of their busy ranges (classes and appointments they coach,
 * not cancelled) nor their time off, and starts at least the notice after now. Starts are every 15 minutes from the
 * window's start, stepped in real time: a window of 09:00–12:00 on a daylight-saving day still starts at 09:00 local.
 */

export const SLOT_STEP_MINUTES = 15;
/** Athletes book at least this long ahead (the front desk too: one rule for the slots offered). */
export const SLOT_NOTICE_MINUTES = 60;

/** ISO weekday of a YYYY-MM-DD date: 1 = Monday … 7 = Sunday (spec 3's localisation list). */
export const isoWeekday = (date: string): number => ((dayOfWeek(date) + 6) % 7) + 1;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** The name of an ISO weekday (1 = Monday). */
export const weekdayName = (weekday: number): string => WEEKDAY_NAMES[(weekday - 1 + 7) % 7]!;

export type SlotWindow = { startTime: string; endTime: string };
export type BusyRange = { startsAt: Date; endsAt: Date };
export type SlotCoach = { staffId: string; fullName: string; windows: readonly SlotWindow[]; busy: readonly BusyRange[] };
export type FreeSlot = { staffId: string; coachName: string; startsAt: Date; endsAt: Date; startTime: string };

export type SlotQuestion = {
  date: string;
  timeZone: string;
  durationMinutes: number;
  bufferMinutes: number;
  now: Date;
  coaches: readonly SlotCoach[];
  noticeMinutes?: number;
  stepMinutes?: number;
};

/** The instants a local date spans in a zone: [its 00:00, the next day's 00:00). */
export function localDayRange(date: string, timeZone: string): { from: Date; to: Date } {
  return { from: fromZoned(date, '00:00', timeZone), to: fromZoned(addDays(date, 1), '00:00', timeZone) };
}

const overlaps = (from: number, to: number, r: BusyRange) => from < r.endsAt.getTime() && r.startsAt.getTime() < to;

/** The free slots of the coaches on the date, earliest first (then by coach name). */
export function freeSlots(q: SlotQuestion): FreeSlot[] {
  const step = (q.stepMinutes ?? SLOT_STEP_MINUTES) * 60_000;
  const earliest = q.now.getTime() + (q.noticeMinutes ?? SLOT_NOTICE_MINUTES) * 60_000;
  const length = q.durationMinutes * 60_000;
  const taken = (q.durationMinutes + q.bufferMinutes) * 60_000;
  const slots: FreeSlot[] = [];
  for (const coach of q.coaches) {
    const seen = new Set<number>();
    for (const window of coach.windows) {
      const open = fromZoned(q.date, window.startTime, q.timeZone).getTime();
      const close = fromZoned(q.date, window.endTime, q.timeZone).getTime();
      for (let start = open; start + taken <= close; start += step) {
        if (start < earliest || seen.has(start)) continue;
        if (coach.busy.some((r) => overlaps(start, start + taken, r))) continue;
        seen.add(start);
        const startsAt = new Date(start);
        slots.push({
          staffId: coach.staffId,
          coachName: coach.fullName,
          startsAt,
          endsAt: new Date(start + length),
          startTime: toZoned(startsAt, q.timeZone).time.slice(0, 5),
        });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.coachName.localeCompare(b.coachName) || (a.staffId < b.staffId ? -1 : 1));
}

/** A weekly time range of a coach: ISO weekday, local HH:MM[:SS] times. */
export type WeeklyRange = { weekday: number; startTime: string; endTime: string };

const hhmm = (time: string) => time.slice(0, 5);

/**
 * What is wrong with a coach's weekly hours, if anything: a range that does not end after it starts, or two ranges of
 * a day that overlap (ranges that touch, 09:00–12:00 and 12:00–14:00, do not).
 */
export function weeklyHoursProblem(hours: readonly WeeklyRange[]): { index: number; message: string } | null {
  for (const [index, r] of hours.entries()) {
    if (hhmm(r.endTime) <= hhmm(r.startTime))
      return { index, message: `${weekdayName(r.weekday)}: ${hhmm(r.startTime)}–${hhmm(r.endTime)} must end after it starts.` };
  }
  const order = hours.map((r, index) => ({ ...r, index })).sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
  for (let i = 1; i < order.length; i++) {
    const [a, b] = [order[i - 1]!, order[i]!];
    if (a.weekday === b.weekday && hhmm(b.startTime) < hhmm(a.endTime)) {
      return {
        index: b.index,
        message: `${weekdayName(a.weekday)}: ${hhmm(a.startTime)}–${hhmm(a.endTime)} and ${hhmm(b.startTime)}–${hhmm(b.endTime)} overlap.`,
      };
    }
  }
  return null;
}

/**
 * A time off as instants: whole days (no times: from the first day's 00:00 to the day after the last) or from a local
 * date and time to another, in the gym's zone.
 */
export function timeOffRange(
  t: { startDate: string; endDate: string; startTime: string | null; endTime: string | null },
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  if (t.startTime === null || t.endTime === null) {
    return { startsAt: fromZoned(t.startDate, '00:00', timeZone), endsAt: fromZoned(addDays(t.endDate, 1), '00:00', timeZone) };
  }
  return { startsAt: fromZoned(t.startDate, t.startTime, timeZone), endsAt: fromZoned(t.endDate, t.endTime, timeZone) };
}

/** A time off as the gym tells it: local start and end, and whether it is whole days (the end date then inclusive). */
export function timeOffLocal(startsAt: Date, endsAt: Date, timeZone: string) {
  const start = toZoned(startsAt, timeZone);
  const end = toZoned(endsAt, timeZone);
  const isAllDay = start.time === '00:00:00' && end.time === '00:00:00';
  return {
    startDate: start.date,
    startTime: start.time.slice(0, 5),
    endDate: isAllDay ? addDays(end.date, -1) : end.date,
    endTime: end.time.slice(0, 5),
    isAllDay,
  };
}
