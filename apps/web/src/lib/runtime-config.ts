import type { RuntimeConfig } from '@spotter/shared';

export type { RuntimeConfig };

// Read before anything renders, so without zod: a value of the wrong type falls back to its default, one key at a time.
const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const string = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const nullableString = (value: unknown) => (typeof value === 'string' ? value : null);

declare global {
  interface Window {
    __SPOTTER_CONFIG__?: unknown;
  }
}

/** Reads the injected configuration; every key falls back to a safe default (the Vite dev server injects none). */
export function readRuntimeConfig(source: unknown = typeof window === 'undefined' ? undefined : window.__SPOTTER_CONFIG__): RuntimeConfig {
  // As the zod object schema it replaces: an array is refused outright, not read key by key.
  if (Array.isArray(source)) throw new TypeError('The runtime configuration is not an object.');
  const c = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  return {
    tokenRefreshThreshold: number(c.tokenRefreshThreshold, 3600),
    apiServer: typeof c.apiServer === 'string' && c.apiServer.length > 0 ? c.apiServer : '/api',
    authEndpoint: string(c.authEndpoint, '/api/auth'),
    stripePublicKey: nullableString(c.stripePublicKey),
    environment: string(c.environment, 'development'),
    tracesSampleRate: number(c.tracesSampleRate, 0),
    sentryDsn: nullableString(c.sentryDsn),
    imageTag: string(c.imageTag, 'dev'),
    googleClientId: nullableString(c.googleClientId),
    facebookClientId: nullableString(c.facebookClientId),
    appleClientId: nullableString(c.appleClientId),
    integrationClientId: nullableString(c.integrationClientId),
    ssoLoginEnabled: typeof c.ssoLoginEnabled === 'boolean' ? c.ssoLoginEnabled : false,
    analyticsToken: nullableString(c.analyticsToken),
    demoBookingUrl: string(c.demoBookingUrl, ''),
  };
}

let cached: RuntimeConfig | null = null;

export function getRuntimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}

/** Tests only: forget the cached configuration so the next read sees window.__SPOTTER_CONFIG__ again. */
export function resetRuntimeConfigCache(): void {
  cached = null;
}
