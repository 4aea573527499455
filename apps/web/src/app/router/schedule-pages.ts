import type { PageRegistry } from './page-registry';
import { AttendancePage, ClassPage, MyEventsPage, SchedulePage } from './lazy-pages';

/** The athlete's schedule (issue 16): the day's classes, a class with Book, Cancel and the waitlist, the athlete's bookings and attendance. */
export const schedulePages: PageRegistry = {
  athlete: { '/': SchedulePage, '/classes/:eventId': ClassPage, '/events': MyEventsPage, '/events/attendance': AttendancePage },
};
