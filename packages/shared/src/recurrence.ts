import * as rruleModule from 'rrule';
import { toZoned } from './time';
import { fromZoned } from './time-from-zoned';

/**
 * Recurring class series (issue 16): a weekly pattern kept as an iCalendar RRULE in the gym's IANA zone
 * ("DTSTART;TZID=America/Chicago:20260302T060000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE"), expanded with the `rrule` package.
 *
 * The rule is expanded on wall-clock dates and times (rrule's "floating" mode: UTC fields stand for the gym's local
 * ones), and only then is each local date and time turned into an instant in the zone (time.ts fromZoned). So a 06:00
 * class stays at 06:00 local time across daylight-saving changes. A time that a spring-forward gap skips (02:30 on the
 * day clocks go from 02:00 to 03:00) moves forward by the gap (03:30); a time the autumn change repeats (01:30) is its
 * first occurrence. rrule's own TZID conversion is not used for expanding: it converts with the host's zone.
 */

// rrule 2.8 ships CommonJS for Node (no named exports there) and ES modules for bundlers: take whichever arrived.
const { RRule, rrulestr } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

/** 0 = Sunday … 6 = Saturday, as Date.getUTCDay counts (and the kiosk's dayOfWeek). */
export type WeekdayNumber = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type WeeklyPattern = {
  /** The days the class runs, 0 = Sunday. */
  weekdays: readonly WeekdayNumber[];
  /** Local start time, HH:MM or HH:MM:SS. */
  startTime: string;
  /** First local date (YYYY-MM-DD), on or after which occurrences start. */
  firstDate: string;
  /** Last local date, inclusive; null for an open series. */
  lastDate: string | null;
  /** Every n weeks (1 = weekly). */
  interval?: number;
  timeZone: string;
};

export type Occurrence = {
  /** The local date and time the class is scheduled at (what the series says). */
  date: string;
  time: string;
  /** The instant it starts. Its local time is `time`, except in a spring-forward gap (moved on by the gap). */
  startsAt: Date;
};

// rrule counts weekdays from Monday (MO = 0); Date counts from Sunday.
const RRULE_WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA] as const;

const hhmmss = (time: string) => (time.length === 5 ? `${time}:00` : time);
/** A local date and time as rrule's floating Date (its UTC fields are the wall clock). */
const floating = (date: string, time: string) => new Date(`${date}T${hhmmss(time)}Z`);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);
const timeOf = (d: Date) => d.toISOString().slice(11, 19);

/** The rule; with the zone only for writing it out (rrule converts TZID times with the host's zone when expanding). */
function ruleOf(pattern: WeeklyPattern, withZone = false) {
  if (pattern.weekdays.length === 0) throw new RangeError('A weekly series needs at least one weekday.');
  return new RRule({
    freq: RRule.WEEKLY,
    interval: pattern.interval ?? 1,
    byweekday: [...new Set(pattern.weekdays)].sort().map((d) => RRULE_WEEKDAYS[d]!),
    dtstart: floating(pattern.firstDate, pattern.startTime),
    until: pattern.lastDate ? floating(pattern.lastDate, '23:59:59') : null,
    tzid: withZone ? pattern.timeZone : null,
    // Weeks start on Monday for the interval count, as iCalendar's default WKST does.
    wkst: RRule.MO,
  });
}

/** The pattern as iCalendar text: DTSTART with TZID and the RRULE line (stored with the series, and in feeds). */
export function toRRuleText(pattern: WeeklyPattern): string {
  return ruleOf(pattern, true).toString();
}

/** Reads what toRRuleText wrote (or any weekly RRULE with a TZID DTSTART) back into a pattern. */
export function fromRRuleText(text: string): WeeklyPattern {
  const options = rrulestr(text).origOptions;
  if (!options.dtstart || !options.tzid) throw new RangeError('A series rule needs DTSTART with a TZID.');
  if (options.freq !== RRule.WEEKLY) throw new RangeError('Only weekly series are supported.');
  const days = Array.isArray(options.byweekday) ? options.byweekday : options.byweekday != null ? [options.byweekday] : [];
  // rrule numbers weekdays from Monday = 0; ours count from Sunday = 0.
  const weekdays = days.map(
    (d) =>
      (((typeof d === 'number' ? d : typeof d === 'string' ? RRULE_WEEKDAYS.findIndex((w) => w.toString() === d) + 6 : d.weekday) + 1) % 7) as WeekdayNumber,
  );
  return {
    weekdays: weekdays.length > 0 ? weekdays : [options.dtstart.getUTCDay() as WeekdayNumber],
    startTime: timeOf(options.dtstart),
    firstDate: dateOf(options.dtstart),
    lastDate: options.until ? dateOf(options.until) : null,
    interval: options.interval ?? 1,
    timeZone: options.tzid,
  };
}

/** The occurrences whose local date is within [fromDate, toDate] (inclusive), in order. */
export function occurrencesBetween(pattern: WeeklyPattern, fromDate: string, toDate: string): Occurrence[] {
  if (toDate < fromDate) return [];
  const dates = ruleOf(pattern).between(floating(fromDate, '00:00:00'), floating(toDate, '23:59:59'), true);
  return dates.map((d) => {
    const date = dateOf(d);
    const time = timeOf(d);
    return { date, time, startsAt: fromZoned(date, time, pattern.timeZone) };
  });
}

/** Whether a local date is one of the pattern's (its weekday, in range, on an interval week). */
export function isOccurrenceDate(pattern: WeeklyPattern, date: string): boolean {
  return occurrencesBetween(pattern, date, date).length === 1;
}

/** The local wall-clock time at which an occurrence actually starts (differs from `time` only in a gap). */
export function localStart(occurrence: Occurrence, timeZone: string): string {
  return toZoned(occurrence.startsAt, timeZone).time;
}
