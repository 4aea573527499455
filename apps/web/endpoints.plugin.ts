import type { Plugin } from 'vite';
import type { Endpoint } from '@spotter/shared';

const ID = 'virtual:endpoints';
const MORE_ID = 'virtual:endpoints-more';

/**
 * The endpoints of the first screens (login, profile selection, the kiosk, the athlete's schedule, the console) come
 * with the app's first chunk; the others' methods and paths are a chunk of their own, fetched the first time one is
 * called (lib/api-client.ts), so the first load does not grow with every screen the product adds (bench: first-load
 * bytes).
 */
export const FIRST_SCREEN_TAGS: readonly string[] = [
  'health',
  'auth',
  'profiles',
  'banners',
  'account',
  'events',
  'reservations',
  'kiosk',
  'schedule',
  'platform',
  'sales portal',
];
const isFirstScreen = (endpoint: Endpoint) => endpoint.tags.some((tag) => FIRST_SCREEN_TAGS.includes(tag));

/** What the web app needs of an endpoint to call it: no schemas, so no zod (decisions 014 and 017). */
export type EndpointRoute = { method: Endpoint['method']; path: string; upload?: true };

export function endpointRoutesOf(endpoints: Record<string, Endpoint>, part: 'first' | 'more' | 'all' = 'all'): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(endpoints)
      .filter(([, endpoint]) => part === 'all' || (part === 'first') === isFirstScreen(endpoint))
      .map(([name, { method, path, upload }]) => [name, upload ? { method, path, upload } : { method, path }]),
  );
}

/**
 * `import endpoints from 'virtual:endpoints'` gives each endpoint's method and path by name, made at build time from
 * the declarations in packages/shared, so the app calls the API through the one table without shipping its schemas.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'spotter-endpoints',
    resolveId: (id) => (id === ID || id === MORE_ID ? `\0${id}` : undefined),
    async load(id) {
      if (id !== `\0${ID}` && id !== `\0${MORE_ID}`) return undefined;
      // Through tsx, as answer-shapes.plugin.ts does: packages/shared is TypeScript that Node alone cannot import.
      const { tsImport } = await import('tsx/esm/api');
      const { endpoints } = (await tsImport('@spotter/shared', import.meta.url)) as { endpoints: Record<string, Endpoint> };
      return `export default ${JSON.stringify(endpointRoutesOf(endpoints, id === `\0${ID}` ? 'first' : 'more'))};`;
    },
  };
}
