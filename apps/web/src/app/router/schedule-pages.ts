import type { PageRegistry } from './page-registry';
import { ClassPage, SchedulePage } from './lazy-pages';

/** The athlete's schedule (issue 16): the day's classes and a class with Book, Cancel and the waitlist. */
export const schedulePages: PageRegistry = {
  athlete: { '/': SchedulePage, '/classes/:eventId': ClassPage },
};
