import { matchPath } from 'react-router';
import type { RouteEntry, RouteSetName } from '@spotter/shared';
import { accountPages } from './account-pages';
import { kioskPages } from './kiosk-pages';
import { platformPages } from './platform-pages';
import type { PageRegistry } from './page-registry';
import { NotBuiltPage } from './lazy-pages';

/** The built screens, by route set and route path; every other route shows its honest empty state. */
const registries: readonly PageRegistry[] = [accountPages, kioskPages, platformPages];

export function RoutePage({ set, route }: { set: RouteSetName; route: RouteEntry }) {
  for (const registry of registries) {
    const Page = registry[set]?.[route.path];
    if (Page) return <Page />;
  }
  return <NotBuiltPage title={route.title} />;
}

/**
 * Starts loading the page of `pathname` in `routes` (and `layout`, when given) at once. A page renders inside its
 * layout's outlet, so without this its chunk would only be asked for once the layout's chunk had arrived and rendered:
 * two round trips one after the other before the screen could fetch its data. Idempotent: call it while rendering.
 */
export function preloadRoute(set: RouteSetName, routes: readonly RouteEntry[], pathname: string, layout?: { preload?: () => void }): void {
  layout?.preload?.();
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (!route) return;
  for (const registry of registries) {
    const Page = registry[set]?.[route.path] as { preload?: () => void } | undefined;
    if (Page) return Page.preload?.();
  }
}
