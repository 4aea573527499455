import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const AppointmentPage = lazyWithReload(
  'appointment',
  pick(() => import('../../features/appointments/components/appointment-page'), 'AppointmentPage'),
);
const AvailabilityPage = lazyWithReload(
  'availability',
  pick(() => import('../../features/availability/components/availability-page'), 'AvailabilityPage'),
);

/** Issue 16: coaches' availability (staff) and booking appointments (athletes: a type's booking flow or their own appointment). */
export const appointmentPages: PageRegistry = {
  athlete: { '/appointments/:eventId': AppointmentPage },
  staff: { '/calendar/availability': AvailabilityPage },
};
