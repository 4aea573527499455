import { reportTypes } from '@spotter/shared';
import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const DashboardPage = lazyWithReload(
  'dashboard',
  pick(() => import('../../features/dashboard/components/dashboard-page'), 'DashboardPage'),
);
const ReportPage = lazyWithReload(
  'report',
  pick(() => import('../../features/reports/components/report-page'), 'ReportPage'),
);

const reportPaths = Object.fromEntries(reportTypes.map((type) => [`/reports/arm/${type}`, ReportPage]));

/**
 * Issue 21: the dashboard (`/` on a desktop, `/dashboard` on a phone, spec 2.7 and 2.8) and the 20 report pages
 * (`/reports/arm/{type}`, one component reading its type from the path). Charts (@mantine/charts) load with them only.
 */
export const reportsPages: PageRegistry = {
  staff: { '/': DashboardPage, ...reportPaths },
  staffMobile: { '/dashboard': DashboardPage, ...reportPaths },
};
