import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const SalesPortalSettingsPage = lazyWithReload(
  'sales-portal-settings',
  pick(() => import('../../features/sales-portal/components/sales-portal-settings-page'), 'SalesPortalSettingsPage'),
);
const AthleteSalesPortalPage = lazyWithReload('sales-portal-athlete', pick(() => import('../../features/sales-portal/components/athlete-sales-portal-page'), 'AthleteSalesPortalPage'));
export const PublicSalesPortalPage = lazyWithReload('sales-portal-public', pick(() => import('../../features/sales-portal/components/public-sales-portal-page'), 'PublicSalesPortalPage'));

/** Issue 18: the sales portal's settings (staff), the athlete app's purchase steps, and the public portal (spec 2.7). */
export const salesPortalPages: PageRegistry = {
  staff: { '/products/sales-portal': SalesPortalSettingsPage },
  athlete: {
    '/packages/sales-portal': AthleteSalesPortalPage,
    '/packages/sales-portal/:packageId': AthleteSalesPortalPage,
    '/packages/sales-portal/:packageId/:billingPlanId': AthleteSalesPortalPage,
  },
  public: {
    '/sales-portal/:salesPortalSlug': PublicSalesPortalPage,
    '/sales-portal/:salesPortalSlug/:packageId': PublicSalesPortalPage,
    '/sales-portal/:salesPortalSlug/:packageId/:billingPlanId': PublicSalesPortalPage,
  },
};
