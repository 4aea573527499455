import type { PageRegistry } from './page-registry';
import { CalendarPage, StaffSchedulePage } from './lazy-pages';

/** The staff calendar (issue 16): `/calendar/scheduling`, and on a narrow screen the staff `/` schedule (spec 2.8). */
export const calendarPages: PageRegistry = {
  staff: { '/calendar/scheduling': CalendarPage },
  staffMobile: { '/': StaffSchedulePage, '/calendar/scheduling': CalendarPage },
};
