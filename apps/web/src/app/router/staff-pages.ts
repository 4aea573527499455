import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const StaffPage = lazyWithReload(
  'staff',
  pick(() => import('../../features/staff/components/staff-page'), 'StaffPage'),
);

/** Users › Staff (spec 2.7, issue 17): the gym's staff and their permissions; StaffView (spec 6). */
export const staffPages: PageRegistry = {
  staff: { '/users/staff': StaffPage },
  staffMobile: { '/users/staff': StaffPage },
};
