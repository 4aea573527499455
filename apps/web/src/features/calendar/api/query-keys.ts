import type { CalendarQuery } from '@spotter/shared';

/**
 * The calendar's reads that a class write or a reservation changes sit under ['events'] (eventKeys.all), so a change
 * made here or at the kiosk refreshes the calendar, the roster and the kiosk's lists together. The options (types,
 * locations, coaches) are not changed by a class write.
 */
export const calendarKeys = {
  all: ['events', 'calendar'] as const,
  range: (query: CalendarQueryParams) => ['events', 'calendar', 'range', query] as const,
  roster: (eventId: string) => ['events', 'calendar', 'roster', eventId] as const,
  series: (seriesId: string) => ['events', 'calendar', 'series', seriesId] as const,
  addAthlete: (eventId: string, search: string) => ['events', 'calendar', 'add-athlete', eventId, search] as const,
  options: ['calendar-options'] as const,
};

/** What the screens send to the calendar read (the query as written in the URL, before the server's defaults). */
export type CalendarQueryParams = Pick<CalendarQuery, 'start' | 'end'> & {
  locationId?: string;
  coachId?: string;
  classTypeId?: string;
  kind?: CalendarQuery['kind'];
};
