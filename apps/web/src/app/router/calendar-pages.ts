import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const CalendarPage = lazyWithReload(
  'calendar',
  pick(() => import('../../features/calendar/components/calendar-page'), 'CalendarPage'),
);
const StaffSchedulePage = lazyWithReload(
  'staff-schedule',
  pick(() => import('../../features/calendar/components/staff-schedule-page'), 'StaffSchedulePage'),
);

/** The staff calendar (issue 16): `/calendar/scheduling`, and on a narrow screen the staff `/` schedule (spec 2.8). */
export const calendarPages: PageRegistry = {
  staff: { '/calendar/scheduling': CalendarPage },
  staffMobile: { '/': StaffSchedulePage, '/calendar/scheduling': CalendarPage },
};
