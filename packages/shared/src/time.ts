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

// zoneOffsetMinutes and fromZoned (wall clock → instant) are in time-from-zoned.ts.

/** One year from a date, same month and day (29 February: 28 February or 1 March by the calendar). */
export function oneYearAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Add days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * Issue 32: the day number (days since 1970-01-01) of a YYYY-MM-DD date. Loops over days count these: a loop over date
 * strings never ends past 9999-12-31, whose next day is "+010000-01-01" and sorts before it.
 */
export function epochDayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD date of a day number (see epochDayOf). */
export function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day of week of a YYYY-MM-DD date, 0 = Sunday. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
