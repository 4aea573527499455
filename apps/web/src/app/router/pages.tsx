import { createElement, use, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { RouteEntry, RouteSetName } from '@spotter/shared';
import { loadWithReloadRule } from '../../lib/chunk-reload';
import { accountPages } from './account-pages';
import { kioskPages } from './kiosk-pages';
import { platformPages } from './platform-pages';
import { publicPortalPages } from './public-portal-pages';
import { schedulePages } from './schedule-pages';
import type { PageRegistry } from './page-registry';
import { NotBuiltPage } from './lazy-pages';

/**
 * The first screens' registries (login and profile selection are routes of their own; the kiosk, the athlete's
 * schedule, the platform console, the account page and the public portal) come with the app's first chunk. Every other
 * screen's registry is in more-pages.ts, a chunk fetched the first time one of its routes opens (and at once with the
 * layout when the app starts on one), so the first load does not grow with each screen the product adds.
 */
const firstRegistries: readonly PageRegistry[] = [accountPages, kioskPages, platformPages, schedulePages, publicPortalPages];

let moreLoading: Promise<readonly PageRegistry[]> | undefined;
let moreLoaded: readonly PageRegistry[] | undefined;

function loadMore(): Promise<readonly PageRegistry[]> {
  moreLoading ??= loadWithReloadRule('more-pages', () => import('./more-pages')).then(
    (m) => (moreLoaded = m.moreRegistries),
    (err: unknown) => {
      moreLoading = undefined;
      throw err;
    },
  );
  return moreLoading;
}

function find(registries: readonly PageRegistry[], set: RouteSetName, path: string): ComponentType | undefined {
  for (const registry of registries) {
    const Page = registry[set]?.[path];
    if (Page) return Page;
  }
  return undefined;
}

/** The built page of a route of a set, if there is one, as far as the registries loaded so far tell. */
function pageFor(set: RouteSetName, path: string) {
  return find(firstRegistries, set, path) ?? (moreLoaded ? find(moreLoaded, set, path) : undefined);
}

export function RoutePage({ set, route }: { set: RouteSetName; route: RouteEntry }) {
  // The registries hold components made once at module load (lazy-pages.ts and the registry files), not during render.
  const first = find(firstRegistries, set, route.path);
  // Suspends (the layout's Suspense) until the other screens' registries have arrived; the promise is kept, so it settles once.
  const page = first ?? find(moreLoaded ?? use(loadMore()), set, route.path);
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
  if (!route) return;
  const Page = pageFor(set, route.path) as { preload?: () => void } | undefined;
  if (Page) return Page.preload?.();
  // Not a first screen: its registry chunk and then its page, started now rather than once the layout has rendered.
  if (!moreLoaded && !find(firstRegistries, set, route.path)) {
    loadMore().then(
      (more) => (find(more, set, route.path) as { preload?: () => void } | undefined)?.preload?.(),
      () => undefined,
    );
  }
}
