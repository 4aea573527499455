import { toZoned } from './time';

/**
 * From a gym's wall clock to an instant. A module of its own, apart from time.ts: the kiosk's first screen reads
 * instants as wall-clock times (toZoned) but never makes one, so this stays in the chunks of the forms that do
 * (bench: first-load bytes).
 */

/** Offset of the zone from UTC at an instant, in minutes (e.g. -300 for Chicago in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const { date, time } = toZoned(instant, timeZone);
  const asUtc = Date.parse(`${date}T${time}Z`);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock date and time in a zone. A time skipped by a spring-forward gap
 * moves forward by the gap; an ambiguous autumn time takes its first (earlier) occurrence.
 */
export function fromZoned(date: string, time: string, timeZone: string): Date {
  const hhmmss = time.length === 5 ? `${time}:00` : time;
  const naive = Date.parse(`${date}T${hhmmss}Z`);
  if (Number.isNaN(naive)) throw new RangeError(`Invalid local date or time: ${date} ${time}`);
  const before = zoneOffsetMinutes(new Date(naive - 86_400_000), timeZone);
  const after = zoneOffsetMinutes(new Date(naive + 86_400_000), timeZone);
  // Try both offsets around the moment; keep the earliest candidate that maps back to the wall time.
  const candidates = [...new Set([before, after])].map((offset) => naive - offset * 60_000).sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = toZoned(new Date(candidate), timeZone);
    if (back.date === date && back.time === hhmmss) return new Date(candidate);
  }
  // In a gap: the wall time does not exist; use the offset before the change.
  return new Date(naive - before * 60_000);
}
