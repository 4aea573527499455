/** Gym-local dates and times (spec: times are in the gym's time zone and survive DST changes). */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type LocalDateTime = { date: string; time: string };

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM:SS) of an instant in a time zone. */
export function toZoned(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

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
  const candidates = [...new Set([before, after])]
    .map((offset) => naive - offset * 60_000)
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = toZoned(new Date(candidate), timeZone);
    if (back.date === date && back.time === hhmmss) return new Date(candidate);
  }
  // In a gap: the wall time does not exist; use the offset before the change.
  return new Date(naive - before * 60_000);
}

/** Add days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Day of week of a YYYY-MM-DD date, 0 = Sunday. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
