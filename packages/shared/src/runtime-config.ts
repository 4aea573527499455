/** Spec 1: the runtime configuration the server injects into index.html as window.__SPOTTER_CONFIG__. */
export type RuntimeConfig = {
  tokenRefreshThreshold: number;
  apiServer: string;
  authEndpoint: string;
  stripePublicKey: string | null;
  environment: string;
  tracesSampleRate: number;
  sentryDsn: string | null;
  imageTag: string;
  googleClientId: string | null;
  facebookClientId: string | null;
  appleClientId: string | null;
  integrationClientId: string | null;
  ssoLoginEnabled: boolean;
  analyticsToken: string | null;
  demoBookingUrl: string;
};
