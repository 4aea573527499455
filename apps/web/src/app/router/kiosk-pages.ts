import type { PageRegistry } from './page-registry';
import { KioskEventPage, KioskListPage } from './lazy-pages';

/** The kiosk screens (spec 2.5, 2.11, 2.12): staff routes and athlete kiosk mode. */
export const kioskPages: PageRegistry = {
  staff: { '/kiosk': KioskListPage, '/kiosk/:eventId': KioskEventPage },
  staffMobile: { '/kiosk': KioskListPage, '/kiosk/:eventId': KioskEventPage },
  kiosk: { '/': KioskListPage, '/kiosk/:eventId': KioskEventPage },
};
