import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const AthletesPage = lazyWithReload(
  'athletes-list',
  pick(() => import('../../features/athletes/components/athletes-page'), 'AthletesPage'),
);

/** Issue 17: the athletes list, on a desktop or tablet (spec 2.7) and in the phone's route set (spec 2.8). */
export const athletesListPages: PageRegistry = {
  staff: { '/users/athletes': AthletesPage },
  staffMobile: { '/athletes': AthletesPage },
};
