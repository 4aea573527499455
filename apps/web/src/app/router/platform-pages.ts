import type { PageRegistry } from './page-registry';
import { DemoGymsPage, GymAthletesPage, GymStaffPage, GymsPage } from './lazy-pages';

/** The platform console screens (spec 2.6). */
export const platformPages: PageRegistry = {
  platform: {
    '/gyms': GymsPage,
    '/demo-gyms': DemoGymsPage,
    '/gyms/:gymId/athletes': GymAthletesPage,
    '/gyms/:gymId/staff': GymStaffPage,
  },
};
