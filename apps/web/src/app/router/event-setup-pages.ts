import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const ClassTypesPage = lazyWithReload(
  'event-setup-classes',
  pick(() => import('../../features/event-setup/components/class-types-page'), 'ClassTypesPage'),
);
const AppointmentTypesPage = lazyWithReload(
  'event-setup-appointments',
  pick(() => import('../../features/event-setup/components/appointment-types-page'), 'AppointmentTypesPage'),
);
const LocationsPage = lazyWithReload(
  'event-setup-locations',
  pick(() => import('../../features/event-setup/components/locations-page'), 'LocationsPage'),
);

/** The Events menu (spec 2.7, issue 16): class types, appointment types, locations with their rooms. No permission (spec 6). */
export const eventSetupPages: PageRegistry = {
  staff: { '/events/classes': ClassTypesPage, '/events/appointments': AppointmentTypesPage, '/events/location': LocationsPage },
};
