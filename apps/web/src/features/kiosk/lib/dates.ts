import { formatTime, toZoned, type GymCountry } from '@spotter/shared';

/** Today (YYYY-MM-DD) in the gym's time zone. */
export function gymToday(timeZone: string, now: Date = new Date()): string {
  return toZoned(now, timeZone).date;
}

/** An instant's wall-clock time in the gym's zone, formatted for its country. */
export function formatInstantTime(instant: string, timeZone: string, country: GymCountry): string {
  return formatTime(toZoned(new Date(instant), timeZone).time, country);
}

/** 'start – end' of an event in the gym's zone. */
export function formatTimeRange(startsAt: string, endsAt: string, timeZone: string, country: GymCountry): string {
  return `${formatInstantTime(startsAt, timeZone, country)} – ${formatInstantTime(endsAt, timeZone, country)}`;
}
