import { formatDate, formatTime, localeOf } from './locale';
import type { GymCountry } from './roles';
import { toZoned } from './time';

/** An offset written as a name ("GMT+1", "GMT-6"): what Intl gives where a locale knows no abbreviation. */
const OFFSET_NAME = /^(GMT|UTC)[+\-−]/;
const FALLBACK_LOCALES = ['en-US', 'en-CA', 'en-GB'];

const abbreviations = new Map<string, Intl.DateTimeFormat>();
function zoneNameOf(instant: Date, timeZone: string, locale: string): string {
  const key = `${locale}|${timeZone}`;
  let f = abbreviations.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    abbreviations.set(key, f);
  }
  return f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The zone's abbreviation at an instant, as people there write it: CST/CDT, EST/EDT, GMT/BST. Each locale knows only
 * its own region's names (en-US says GMT+1 for London in summer, en-GB says GMT-6 for Chicago), so the gym's locale is
 * asked first and then the others; a zone none of them names keeps its offset (GMT+9).
 */
export function zoneAbbreviation(instant: Date, timeZone: string, country: GymCountry | null | undefined): string {
  const own = zoneNameOf(instant, timeZone, localeOf(country).locale);
  if (!OFFSET_NAME.test(own)) return own;
  for (const locale of FALLBACK_LOCALES) {
    const name = zoneNameOf(instant, timeZone, locale);
    if (!OFFSET_NAME.test(name)) return name;
  }
  return own;
}

/**
 * An instant as the gym tells time (spec 9), with its zone stated: the wall-clock date and time in the gym's IANA zone,
 * in the country's date and clock format, and the zone's abbreviation. "03/08/2026 3:30 AM CDT" (US, CA),
 * "08/03/2026 08:30 GMT" (UK). Every screen that shows a gym's instant (a demo's expiry) says it this one way.
 */
export function formatGymInstant(instant: Date | string, gym: { timeZone: string; country: GymCountry | null | undefined }): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const { date, time } = toZoned(at, gym.timeZone);
  return `${formatDate(date, gym.country)} ${formatTime(time, gym.country)} ${zoneAbbreviation(at, gym.timeZone, gym.country)}`;
}
