import { addDays, dayOfWeek, formatDate, type GymCountry } from '@spotter/shared';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The seven local dates of the week that starts on `start`. */
export const weekDates = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));

export const weekdayName = (date: string) => WEEKDAYS[dayOfWeek(date)]!;
export const shortWeekday = (date: string) => weekdayName(date).slice(0, 3);

/** "Monday 03/02/2026" (the gym's date format, spec 9). */
export const dayLabel = (date: string, country: GymCountry) => `${weekdayName(date)} ${formatDate(date, country)}`;

/** "03/02/2026 – 03/08/2026". */
export const weekLabel = (start: string, country: GymCountry) => `${formatDate(start, country)} – ${formatDate(addDays(start, 6), country)}`;

/** The text of a workout's HTML for a preview: parsed inertly (no script runs, nothing loads), blocks apart. */
export function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
