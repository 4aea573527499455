/**
 * Made at build time by endpoints.plugin.ts from packages/shared's `endpoints`: each endpoint's method and path by name,
 * the first screens' in `virtual:endpoints`, the others' in `virtual:endpoints-more` (loaded on first use).
 */
declare module 'virtual:endpoints' {
  import type { EndpointName, Endpoints } from '@spotter/shared';

  const routes: { readonly [N in EndpointName]?: { readonly method: Endpoints[N]['method']; readonly path: string; readonly upload?: true } };
  export default routes;
}

declare module 'virtual:endpoints-more' {
  import type { EndpointName, Endpoints } from '@spotter/shared';

  const routes: { readonly [N in EndpointName]?: { readonly method: Endpoints[N]['method']; readonly path: string; readonly upload?: true } };
  export default routes;
}
