import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const AthleteDetailPage = lazyWithReload(
  'athlete-detail',
  pick(() => import('../../features/athlete-record/components/athlete-detail-page'), 'AthleteDetailPage'),
);

/** The athlete detail page (issue 17), every tab a URL, on wide and narrow screens. */
export const athleteRecordPages: PageRegistry = {
  staff: { '/users/athletes/:athleteId/:activeTab?': AthleteDetailPage },
  staffMobile: { '/users/athletes/:athleteId/:activeTab?': AthleteDetailPage },
};
