import { appointmentPages } from './appointment-pages';
import { athletePackagesPages } from './athlete-packages-pages';
import { athleteRecordPages } from './athlete-record-pages';
import { athletesListPages } from './athletes-list-pages';
import { athleteImportPages } from './athlete-import-pages';
import { calendarPages } from './calendar-pages';
import { eventSetupPages } from './event-setup-pages';
import { invoicesPages } from './invoices-pages';
import { documentsPages } from './documents-pages';
import { settingsPages } from './settings-pages';
import { reportsPages } from './reports-pages';
import { packagesPages } from './packages-pages';
import { paymentsPages } from './payments-pages';
import { productsCatalogPages } from './products-catalog-pages';
import { programmingPages } from './programming-pages';
import { salesPortalPages } from './sales-portal-pages';
import { staffPages } from './staff-pages';
import { payrollPages } from './payroll-pages';
import type { PageRegistry } from './page-registry';

/**
 * The registries of every screen that is not a first screen (pages.tsx): a chunk of their own, fetched the first time
 * one of their routes is opened, so the first load of the login page, the kiosk, the athlete's schedule and the public
 * portal does not grow with each screen the product adds (bench: first-load bytes). Add a new area's registry here.
 */
export const moreRegistries: readonly PageRegistry[] = [
  appointmentPages,
  calendarPages,
  programmingPages,
  eventSetupPages,
  staffPages,
  athleteRecordPages,
  athleteImportPages,
  athletesListPages,
  productsCatalogPages,
  athletePackagesPages,
  packagesPages,
  salesPortalPages,
  paymentsPages,
  invoicesPages,
  documentsPages,
  settingsPages,
  reportsPages,
  payrollPages,
];
