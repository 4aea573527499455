import type { PageRegistry } from './page-registry';
import { AppointmentTypesPage, ClassTypesPage, LocationsPage } from './lazy-pages';

/** The Events menu (spec 2.7, issue 16): class types, appointment types, locations with their rooms. No permission (spec 6). */
export const eventSetupPages: PageRegistry = {
  staff: { '/events/classes': ClassTypesPage, '/events/appointments': AppointmentTypesPage, '/events/location': LocationsPage },
};
