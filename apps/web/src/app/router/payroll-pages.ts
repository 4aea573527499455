import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const PayrollReportPage = lazyWithReload(
  'payroll-report',
  pick(() => import('../../features/payroll/components/payroll-report-page'), 'PayrollReportPage'),
);
const PayRatesPage = lazyWithReload(
  'pay-rates',
  pick(() => import('../../features/payroll/components/pay-rates-page'), 'PayRatesPage'),
);
const AssignRatesPage = lazyWithReload(
  'assign-rates',
  pick(() => import('../../features/payroll/components/assign-rates-page'), 'AssignRatesPage'),
);
const LogWorkPage = lazyWithReload(
  'log-work',
  pick(() => import('../../features/payroll/components/log-work-page'), 'LogWorkPage'),
);

/** Issue 37: `/payroll/*` (spec 2.7, PayrollReportView / PayrollMutate) and `/log-work` (every staff member). */
export const payrollPages: PageRegistry = {
  staff: {
    '/payroll/payroll-report': PayrollReportPage,
    '/payroll/pay-rates': PayRatesPage,
    '/payroll/assign-rates': AssignRatesPage,
    '/log-work': LogWorkPage,
  },
  staffMobile: { '/payroll/payroll-report': PayrollReportPage, '/log-work': LogWorkPage },
};
