import type { PageRegistry } from './page-registry';
import { AppointmentPage, AvailabilityPage } from './lazy-pages';

/** Issue 16: coaches' availability (staff) and booking appointments (athletes: a type's booking flow or their own appointment). */
export const appointmentPages: PageRegistry = {
  athlete: { '/appointments/:eventId': AppointmentPage },
  staff: { '/calendar/availability': AvailabilityPage },
};
