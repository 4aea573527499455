import { formatDate, formatTime, isFull, toZoned, type CalendarEvent, type GymCountry } from '@spotter/shared';

/** Spec 4: 'Full' when the attendees reach the capacity (the shared rule), otherwise count / capacity. */
export function placesLabel(event: Pick<CalendarEvent, 'placesHeld' | 'capacity'>): string {
  return isFull(event.placesHeld, event.capacity) ? 'Full' : `${event.placesHeld}/${event.capacity}`;
}

export function waitlistLabel(event: Pick<CalendarEvent, 'waitlistCount'>): string | null {
  return event.waitlistCount > 0 ? `${event.waitlistCount} waiting` : null;
}

/** '6:00 AM – 7:00 AM' (US, Canada) or '06:00 – 07:00' (UK), as the gym tells time. */
export function timeSpanLabel(event: Pick<CalendarEvent, 'startTime' | 'endsAt'>, timeZone: string, country: GymCountry): string {
  return `${formatTime(event.startTime, country)} – ${formatTime(toZoned(new Date(event.endsAt), timeZone).time, country)}`;
}

export function dateTimeLabel(event: Pick<CalendarEvent, 'startDate' | 'startTime' | 'endsAt'>, timeZone: string, country: GymCountry): string {
  return `${weekdayName(event.startDate)} ${formatDate(event.startDate, country)}, ${timeSpanLabel(event, timeZone, country)}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const weekdayName = (date: string): string => WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** ISO weekdays, Monday first (spec 9: weekday codes 1 to 7). */
export const isoWeekdays = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 7, short: 'Sun', long: 'Sunday' },
] as const;

/** The ISO weekday (1 = Monday … 7 = Sunday) of a date. */
export const isoWeekdayOf = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** What one event says to a screen reader: name, time, places, waitlist, cancelled. */
export function eventAccessibleName(event: CalendarEvent, timeZone: string, country: GymCountry): string {
  return [
    event.name,
    `${formatDate(event.startDate, country)} ${timeSpanLabel(event, timeZone, country)}`,
    placesLabel(event) === 'Full' ? 'Full' : `${event.placesHeld} of ${event.capacity} places taken`,
    waitlistLabel(event),
    event.isCancelled ? 'Cancelled' : null,
  ]
    .filter(Boolean)
    .join(', ');
}
