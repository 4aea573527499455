import { z } from 'zod';

/** Spec 1: the runtime configuration the server injects into index.html as window.__SPOTTER_CONFIG__. */
export const runtimeConfigSchema = z.object({
  tokenRefreshThreshold: z.number().catch(3600),
  apiServer: z.string().min(1).catch('/api'),
  authEndpoint: z.string().catch('/api/auth'),
  stripePublicKey: z.string().nullable().catch(null),
  environment: z.string().catch('development'),
  tracesSampleRate: z.number().catch(0),
  sentryDsn: z.string().nullable().catch(null),
  imageTag: z.string().catch('dev'),
  googleClientId: z.string().nullable().catch(null),
  facebookClientId: z.string().nullable().catch(null),
  appleClientId: z.string().nullable().catch(null),
  integrationClientId: z.string().nullable().catch(null),
  ssoLoginEnabled: z.boolean().catch(false),
  analyticsToken: z.string().nullable().catch(null),
  demoBookingUrl: z.string().catch(''),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

declare global {
  interface Window {
    __SPOTTER_CONFIG__?: unknown;
  }
}

/** Reads the injected configuration; every key falls back to a safe default (the Vite dev server injects none). */
export function readRuntimeConfig(source: unknown = typeof window === 'undefined' ? undefined : window.__SPOTTER_CONFIG__): RuntimeConfig {
  const input = source && typeof source === 'object' ? source : {};
  return runtimeConfigSchema.parse(input);
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
