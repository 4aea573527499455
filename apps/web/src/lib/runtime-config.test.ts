import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

const defaults = {
  tokenRefreshThreshold: 3600,
  apiServer: '/api',
  authEndpoint: '/api/auth',
  stripePublicKey: null,
  environment: 'development',
  tracesSampleRate: 0,
  sentryDsn: null,
  imageTag: 'dev',
  googleClientId: null,
  facebookClientId: null,
  appleClientId: null,
  integrationClientId: null,
  ssoLoginEnabled: false,
  analyticsToken: null,
  demoBookingUrl: '',
};

describe('readRuntimeConfig', () => {
  it('falls back to the defaults when nothing is injected', () => {
    expect(readRuntimeConfig(undefined)).toEqual(defaults);
    expect(readRuntimeConfig('config')).toEqual(defaults);
  });

  it('keeps values of the right type and replaces the others one key at a time, dropping unknown keys', () => {
    const config = readRuntimeConfig({
      apiServer: 'https://api.example.com',
      tracesSampleRate: 0.5,
      sentryDsn: 'dsn',
      ssoLoginEnabled: true,
      environment: 3,
      imageTag: null,
      analyticsToken: 5,
      extra: 'x',
    });
    expect(config).toEqual({ ...defaults, apiServer: 'https://api.example.com', tracesSampleRate: 0.5, sentryDsn: 'dsn', ssoLoginEnabled: true });
    expect(readRuntimeConfig({ apiServer: '', tokenRefreshThreshold: '60' })).toEqual(defaults);
  });
});
