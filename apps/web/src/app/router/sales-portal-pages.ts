import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const SalesPortalSettingsPage = lazyWithReload(
  'sales-portal-settings',
  pick(() => import('../../features/sales-portal/components/sales-portal-settings-page'), 'SalesPortalSettingsPage'),
);
const AthleteSalesPortalPage = lazyWithReload(
  'sales-portal-athlete',
  pick(() => import('../../features/sales-portal/components/athlete-sales-portal-page'), 'AthleteSalesPortalPage'),
);

/** Issue 18: the sales portal's settings (staff) and the athlete app's purchase steps. The public portal: public-portal-pages.ts. */
export const salesPortalPages: PageRegistry = {
  staff: { '/products/sales-portal': SalesPortalSettingsPage },
  athlete: {
    '/packages/sales-portal': AthleteSalesPortalPage,
    '/packages/sales-portal/:packageId': AthleteSalesPortalPage,
    '/packages/sales-portal/:packageId/:billingPlanId': AthleteSalesPortalPage,
  },
};
