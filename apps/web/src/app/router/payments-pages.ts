import type { PageRegistry } from './page-registry';
import { StripeDashboardPage } from './lazy-pages';

/** Issue 19: `/stripe-dashboard` (spec 2.7, custom accounts; navigation shows it only to them). */
export const paymentsPages: PageRegistry = {
  staff: { '/stripe-dashboard': StripeDashboardPage },
};
