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
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(c.cookieSecure).toBe(true);
  });

  it('fills the runtime configuration of spec 1 from the environment', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'g-id', SSO_LOGIN_ENABLED: 'true', TRACES_SAMPLE_RATE: '0.2', IMAGE_TAG: 'v1', ANALYTICS_TOKEN: 'phc' });
    expect(c.runtime).toMatchObject({ googleClientId: 'g-id', ssoLoginEnabled: true, tracesSampleRate: 0.2, imageTag: 'v1', analyticsToken: 'phc' });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ SSO_LOGIN_ENABLED: 'maybe' })).toThrow(/SSO_LOGIN_ENABLED/);
    expect(() => loadConfig({ TRACES_SAMPLE_RATE: '2' })).toThrow(/TRACES_SAMPLE_RATE/);
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
      expect(() => loadConfig({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/);
      expect(() => loadConfig({ TLS_CERT_FILE: key, TLS_KEY_FILE: key })).toThrow(/TLS_CERT_FILE: .* is not a PEM file/);
      expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: cert })).toThrow(ConfigError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
