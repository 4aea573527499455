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
