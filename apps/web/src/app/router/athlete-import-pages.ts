import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const ImportAthletesPage = lazyWithReload(
  'athlete-import',
  pick(() => import('../../features/athlete-import/components/import-athletes-page'), 'ImportAthletesPage'),
);

/** Issue 17: importing athletes from another gym software's CSV export (decision 031), desktop and phone. */
export const athleteImportPages: PageRegistry = {
  staff: { '/users/athletes/import': ImportAthletesPage },
  staffMobile: { '/users/athletes/import': ImportAthletesPage },
};
