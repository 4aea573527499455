import type { PageRegistry } from './page-registry';
import { AthleteDetailPage } from './lazy-pages';

/** The athlete detail page (issue 17), every tab a URL, on wide and narrow screens. */
export const athleteRecordPages: PageRegistry = {
  staff: { '/users/athletes/:athleteId/:activeTab?': AthleteDetailPage },
  staffMobile: { '/users/athletes/:athleteId/:activeTab?': AthleteDetailPage },
};
