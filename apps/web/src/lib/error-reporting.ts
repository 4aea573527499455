import type { RuntimeConfig } from './runtime-config';

type Reporter = { captureException: (error: unknown) => unknown };
let reporter: Reporter | null = null;

/** Error reporting (Sentry) loads only when a DSN is configured; the chunk is never fetched otherwise. */
export async function initErrorReporting(config: Pick<RuntimeConfig, 'sentryDsn' | 'environment' | 'tracesSampleRate' | 'imageTag'>): Promise<void> {
  if (!config.sentryDsn || reporter) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({ dsn: config.sentryDsn, environment: config.environment, release: config.imageTag, tracesSampleRate: config.tracesSampleRate });
    reporter = Sentry;
  } catch (error) {
    console.error('error reporting could not load', error);
  }
}

export function reportError(error: unknown) {
  try {
    reporter?.captureException(error);
  } catch (failure) {
    console.error('error reporting failed', failure);
  }
}
