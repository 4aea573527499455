import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const StripeDashboardPage = lazyWithReload(
  'stripe-dashboard',
  pick(() => import('../../features/payment-methods/components/stripe-dashboard-page'), 'StripeDashboardPage'),
);

/** Issue 19: `/stripe-dashboard` (spec 2.7, custom accounts; navigation shows it only to them). */
export const paymentsPages: PageRegistry = {
  staff: { '/stripe-dashboard': StripeDashboardPage },
};
