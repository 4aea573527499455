import { createElement } from 'react';
import { matchPath } from 'react-router';
import type { RouteEntry, RouteSetName } from '@spotter/shared';
import { accountPages } from './account-pages';
import { appointmentPages } from './appointment-pages';
import { athletePackagesPages } from './athlete-packages-pages';
import { invoicesPages } from './invoices-pages';
import { athleteRecordPages } from './athlete-record-pages';
import { athletesListPages } from './athletes-list-pages';
import { eventSetupPages } from './event-setup-pages';
import { productsCatalogPages } from './products-catalog-pages';
import { staffPages } from './staff-pages';
import { packagesPages } from './packages-pages';
import { athleteImportPages } from './athlete-import-pages';
import { calendarPages } from './calendar-pages';
import { kioskPages } from './kiosk-pages';
import { platformPages } from './platform-pages';
import { programmingPages } from './programming-pages';
import { schedulePages } from './schedule-pages';
import { salesPortalPages } from './sales-portal-pages';
import type { PageRegistry } from './page-registry';
import { NotBuiltPage } from './lazy-pages';

/** The built screens, by route set and route path; every other route shows its honest empty state. */
const registries: readonly PageRegistry[] = [accountPages, appointmentPages, calendarPages, kioskPages, platformPages, programmingPages, schedulePages, eventSetupPages, staffPages, athleteRecordPages, athleteImportPages, athletesListPages, productsCatalogPages, athletePackagesPages, packagesPages, salesPortalPages, invoicesPages];

/** The built page of a route of a set, if there is one. */
function pageFor(set: RouteSetName, path: string) {
  for (const registry of registries) {
    const Page = registry[set]?.[path];
    if (Page) return Page;
  }
  return undefined;
}

export function RoutePage({ set, route }: { set: RouteSetName; route: RouteEntry }) {
  // The registries hold components made once at module load (lazy-pages.ts), not during render.
  const page = pageFor(set, route.path);
  return page ? createElement(page) : <NotBuiltPage title={route.title} />;
}

/**
 * Starts loading the page of `pathname` in `routes` (and `layout`, when given) at once. A page renders inside its
 * layout's outlet, so without this its chunk would only be asked for once the layout's chunk had arrived and rendered:
 * two round trips one after the other before the screen could fetch its data. Idempotent: call it while rendering.
 */
export function preloadRoute(set: RouteSetName, routes: readonly RouteEntry[], pathname: string, layout?: { preload?: () => void }): void {
  layout?.preload?.();
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const Page = route && (pageFor(set, route.path) as { preload?: () => void } | undefined);
  Page?.preload?.();
}
