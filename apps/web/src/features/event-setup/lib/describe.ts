import type { ClassType } from '@spotter/shared';

/** Minutes as people say them: "45 min", "2 h", "1 h 30 min", "2 days". */
export function formatMinutes(minutes: number): string {
  if (minutes % 1440 === 0 && minutes >= 1440) {
    const days = minutes / 1440;
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A cut-off: "at the start" or "2 h before". */
export const beforeStart = (minutes: number) => (minutes === 0 ? 'at the start' : `${formatMinutes(minutes)} before`);

/** The booking window in a line: "Opens 7 days before · closes 15 min before". */
export function bookingWindowSummary(t: Pick<ClassType, 'bookingOpensDays' | 'bookingClosesMinutes'>): string {
  const opens = t.bookingOpensDays === null ? 'Opens any time' : `Opens ${t.bookingOpensDays} ${t.bookingOpensDays === 1 ? 'day' : 'days'} before`;
  return `${opens} · closes ${beforeStart(t.bookingClosesMinutes)}`;
}

export function waitlistSummary(t: Pick<ClassType, 'waitlistEnabled' | 'waitlistSize'>): string {
  if (!t.waitlistEnabled) return 'No waitlist';
  return t.waitlistSize === null ? 'Waitlist, no limit' : `Waitlist of ${t.waitlistSize}`;
}

/** A form's money (a number of the currency, or '' when empty) in minor units. */
export const toMinor = (value: number | string): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};
export const fromMinor = (minor: number): number => minor / 100;

/** A whole number field's value ('' or a number), or null when empty. */
export const wholeOrNull = (value: number | string): number | null => (value === '' || value === null ? null : Math.trunc(Number(value)));

/** When a cancel becomes late: "Late within 2 h of the start", or none before it starts. */
export const lateCancelSummary = (minutes: number) =>
  minutes === 0 ? 'No late cancel before the start' : `Late within ${formatMinutes(minutes)} of the start`;
