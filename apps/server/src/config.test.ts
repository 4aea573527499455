import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: PGlite in ./data, port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ kind: 'pglite' });
    expect(c.runtime).toMatchObject({ tokenRefreshThreshold: 3600, apiServer: '/api', ssoLoginEnabled: false, googleClientId: null });
    expect(c.cookieSecure).toBe(false);
  });

  it('uses PostgreSQL with DATABASE_URL and secure cookies behind https', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', APP_URL: 'https://gym.example.com' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', statementTimeoutMs: 15_000 });
    expect(c.cookieSecure).toBe(true);
  });

  it('bounds request work (issue 32): a 10 s budget, 5 min for long routes, a 15 s statement timeout on PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ requestBudgetMs: 10_000, longRequestBudgetMs: 300_000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://x@h/db', statementTimeoutMs: 15_000 });
    const set = loadConfig({ DATABASE_URL: 'postgres://x@h/db', STATEMENT_TIMEOUT_MS: '0', REQUEST_BUDGET_MS: '2000', LONG_REQUEST_BUDGET_MS: '60000' });
    expect([set.database, set.requestBudgetMs, set.longRequestBudgetMs]).toEqual([
      { kind: 'postgres', url: 'postgres://x@h/db', statementTimeoutMs: 0 },
      2000,
      60_000,
    ]);
    expect(() => loadConfig({ REQUEST_BUDGET_MS: 'soon' })).toThrow(/REQUEST_BUDGET_MS/);
  });

  it('fills the runtime configuration of spec 1 from the environment', () => {
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      SSO_LOGIN_ENABLED: 'true',
      TRACES_SAMPLE_RATE: '0.2',
      IMAGE_TAG: 'v1',
      ANALYTICS_TOKEN: 'phc',
    });
    expect(c.runtime).toMatchObject({ googleClientId: 'g-id', ssoLoginEnabled: true, tracesSampleRate: 0.2, imageTag: 'v1', analyticsToken: 'phc' });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ SSO_LOGIN_ENABLED: 'maybe' })).toThrow(/SSO_LOGIN_ENABLED/);
    expect(() => loadConfig({ TRACES_SAMPLE_RATE: '2' })).toThrow(/TRACES_SAMPLE_RATE/);
  });

  it('reads each SSO provider (issue 40) and names what is missing or malformed', () => {
    const apple = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const all = {
      SSO_LOGIN_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
      APPLE_CLIENT_ID: 'a',
      APPLE_TEAM_ID: 'TEAM',
      APPLE_KEY_ID: 'KEY',
      APPLE_PRIVATE_KEY: apple.replaceAll('\n', '\\n'),
      INTEGRATION_CLIENT_ID: 'i',
      INTEGRATION_CLIENT_SECRET: 'is',
      INTEGRATION_ISSUER: 'https://login.example.com/tenant',
    };
    const c = loadConfig(all);
    expect(c.sso.google).toEqual({ issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 'gs' });
    expect(c.sso.integration).toEqual({ issuer: 'https://login.example.com/tenant', clientId: 'i', clientSecret: 'is' });
    expect(c.sso.apple).toMatchObject({ clientId: 'a', teamId: 'TEAM', keyId: 'KEY', privateKey: apple, baseUrl: 'https://appleid.apple.com' });
    expect(c.sso.facebook).toMatchObject({ clientId: 'f', clientSecret: 'fs', graphUrl: 'https://graph.facebook.com/v19.0' });
    // Off: no provider signs in, whatever is set.
    expect(loadConfig({ ...all, SSO_LOGIN_ENABLED: 'false' }).sso).toEqual({ google: null, integration: null, facebook: null, apple: null });
    expect(() => loadConfig({ ...all, GOOGLE_CLIENT_SECRET: '' })).toThrow(/GOOGLE_CLIENT_SECRET: must be set when GOOGLE_CLIENT_ID is set/);
    expect(() => loadConfig({ ...all, INTEGRATION_ISSUER: undefined })).toThrow(/INTEGRATION_ISSUER: must be set/);
    expect(() => loadConfig({ ...all, INTEGRATION_ISSUER: 'not a url' })).toThrow(/INTEGRATION_ISSUER: must be a URL/);
    expect(() => loadConfig({ ...all, APPLE_TEAM_ID: undefined, APPLE_KEY_ID: undefined })).toThrow(
      /APPLE_TEAM_ID: must be set[\s\S]*APPLE_KEY_ID: must be set/,
    );
    expect(() => loadConfig({ ...all, APPLE_PRIVATE_KEY: rsa })).toThrow(/APPLE_PRIVATE_KEY: must be the PEM text of an EC P-256 private key/);
    expect(() => loadConfig({ ...all, APPLE_PRIVATE_KEY: 'nonsense' })).toThrow(/APPLE_PRIVATE_KEY/);
    expect(() => loadConfig({ ...all, FACEBOOK_GRAPH_URL: 'graph' })).toThrow(/FACEBOOK_GRAPH_URL: must be a URL/);
  });

  it('reads a certificate and key for HTTPS (decision 013), both or neither, and names what is wrong', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-tls-config-'));
    try {
      const cert = path.join(dir, 'cert.pem');
      const key = path.join(dir, 'key.pem');
      fs.writeFileSync(cert, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
      fs.writeFileSync(key, '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n');
      expect(loadConfig({}).tls).toBeNull();
      expect(loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key }).tls).toEqual({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) });
      expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(/TLS_KEY_FILE: must be set together with TLS_CERT_FILE/);
      expect(() => loadConfig({ TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE: must be set together with TLS_KEY_FILE/);
      expect(() => loadConfig({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: key })).toThrow(
        /TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/,
      );
      expect(() => loadConfig({ TLS_CERT_FILE: key, TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE: .* is not a PEM file/);
      expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: cert })).toThrow(ConfigError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
