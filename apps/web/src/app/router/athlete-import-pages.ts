import type { PageRegistry } from './page-registry';
import { ImportAthletesPage } from './lazy-pages';

/** Issue 17: importing athletes from another gym software's CSV export (decision 031), desktop and phone. */
export const athleteImportPages: PageRegistry = {
  staff: { '/users/athletes/import': ImportAthletesPage },
  staffMobile: { '/users/athletes/import': ImportAthletesPage },
};
