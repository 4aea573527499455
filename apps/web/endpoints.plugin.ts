import type { Plugin } from 'vite';
import type { Endpoint } from '@spotter/shared';

const ID = 'virtual:endpoints';
const RESOLVED = `\0${ID}`;

/** What the web app needs of an endpoint to call it: no schemas, so no zod (decisions 014 and 017). */
export type EndpointRoute = { method: Endpoint['method']; path: string; upload?: true };

export function endpointRoutesOf(endpoints: Record<string, Endpoint>): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, { method, path, upload }]) => [name, upload ? { method, path, upload } : { method, path }]),
  );
}

/**
 * `import endpoints from 'virtual:endpoints'` gives each endpoint's method and path by name, made at build time from
 * the declarations in packages/shared, so the app calls the API through the one table without shipping its schemas.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'spotter-endpoints',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // Through tsx, as answer-shapes.plugin.ts does: packages/shared is TypeScript that Node alone cannot import.
      const { tsImport } = await import('tsx/esm/api');
      const { endpoints } = (await tsImport('@spotter/shared', import.meta.url)) as { endpoints: Record<string, Endpoint> };
      return `export default ${JSON.stringify(endpointRoutesOf(endpoints))};`;
    },
  };
}
