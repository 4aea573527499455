import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const PublicSalesPortalPage = lazyWithReload(
  'sales-portal-public',
  pick(() => import('../../features/sales-portal/components/public-sales-portal-page'), 'PublicSalesPortalPage'),
);

/** Issue 18: the public sales portal (spec 2.7), a first screen: a visitor's phone opens it cold. */
export const publicPortalPages: PageRegistry = {
  public: {
    '/sales-portal/:salesPortalSlug': PublicSalesPortalPage,
    '/sales-portal/:salesPortalSlug/:packageId': PublicSalesPortalPage,
    '/sales-portal/:salesPortalSlug/:packageId/:billingPlanId': PublicSalesPortalPage,
  },
};
