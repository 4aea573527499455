import type { Session } from '@spotter/shared';
import type { RuntimeConfig } from './runtime-config';

/** The part of posthog-js that Spotter uses. */
export type AnalyticsClient = {
  init: (token: string, options: Record<string, unknown>) => unknown;
  capture: (event: string, properties: Record<string, unknown>) => unknown;
  identify: (id: string) => unknown;
  reset: () => unknown;
  startSessionRecording: () => unknown;
};

export type AnalyticsLoader = () => Promise<AnalyticsClient>;

/** Spec 9: 5 % of sessions are recorded; event values are cut to 255 characters. */
export const SESSION_RECORDING_RATE = 0.05;
export const MAX_VALUE_LENGTH = 255;
const RECORDING_KEY = 'spotter.analytics.recorded';

type Context = { environment: string; role: string | null; gymId: string | null; profileId: string | null };

let client: AnalyticsClient | null = null;
let context: Context = { environment: 'development', role: null, gymId: null, profileId: null };

const defaultLoader: AnalyticsLoader = async () => (await import('posthog-js')).default as unknown as AnalyticsClient;

/** Analytics failures never reach the person: they go to the console only (spec 8). */
function safely(action: () => unknown) {
  try {
    action();
  } catch (error) {
    console.error('analytics failed', error);
  }
}

export function truncateValues(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties).map(([k, v]) => [k, typeof v === 'string' && v.length > MAX_VALUE_LENGTH ? v.slice(0, MAX_VALUE_LENGTH) : v]),
  );
}

/**
 * Load product analytics only when a token is configured (the chunk is never fetched otherwise): no
 * autocapture, no automatic page views, local-storage persistence, recording for 5 % of sessions.
 */
export async function initAnalytics(config: Pick<RuntimeConfig, 'analyticsToken' | 'environment'>, load: AnalyticsLoader = defaultLoader): Promise<void> {
  context = { ...context, environment: config.environment };
  if (!config.analyticsToken || client) return;
  try {
    const loaded = await load();
    loaded.init(config.analyticsToken, {
      autocapture: false,
      capture_pageview: false,
      capture_pageleave: false,
      persistence: 'localStorage',
      disable_session_recording: true,
    });
    client = loaded;
    let recorded = sessionStorage.getItem(RECORDING_KEY);
    if (recorded === null) {
      recorded = Math.random() < SESSION_RECORDING_RATE ? '1' : '0';
      sessionStorage.setItem(RECORDING_KEY, recorded);
    }
    if (recorded === '1') safely(() => loaded.startSessionRecording());
  } catch (error) {
    console.error('analytics could not load', error);
  }
}

/** Who is using the app: every event carries role, gym id and profile id (spec 9). */
export function setAnalyticsSession(session: Session | null) {
  context = { ...context, role: session?.role ?? null, gymId: session?.gym?.gymId ?? null, profileId: session?.profile?.profileId ?? null };
  if (client && session) safely(() => client!.identify(session.user.userId));
}

export function trackEvent(event: string, properties: Record<string, unknown> = {}) {
  if (!client) return;
  const c = client;
  safely(() => c.capture(event, truncateValues({ ...properties, timestamp: new Date().toISOString(), ...context })));
}

/** Spec 9: a page view records the path, the previous path and the seconds spent on it. */
export function trackPageView(path: string, previousPath: string | null, secondsSpent: number) {
  trackEvent('page_view', { path, previousPath, secondsSpent });
}

/** Spec 4: logout resets the analytics identity. */
export function resetAnalytics() {
  context = { ...context, role: null, gymId: null, profileId: null };
  if (client) safely(() => client!.reset());
}

/** Tests start from a clean slate. */
export function resetAnalyticsForTests() {
  client = null;
  context = { environment: 'development', role: null, gymId: null, profileId: null };
}
