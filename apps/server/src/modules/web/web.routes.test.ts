import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { RUNTIME_CONFIG_PLACEHOLDER, renderIndexHtml } from './web.routes';
import { loadConfig } from '../../config';

fixClock(TEST_NOW);
const BIG_JS = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `athlete-${i}`))};`;
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<html><head>${RUNTIME_CONFIG_PLACEHOLDER}</head><body></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // As the build writes them (apps/web/vite.config.ts precompress): the asset and its Brotli and gzip copies.
  fs.writeFileSync(path.join(dist, 'assets', 'big.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'big.js.br'), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'assets', 'big.js.gz'), zlib.gzipSync(BIG_JS));
  t = await createTestApp({ WEB_DIST_DIR: dist, GOOGLE_CLIENT_ID: 'google-123', GOOGLE_CLIENT_SECRET: 'google-secret', SSO_LOGIN_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('injects the runtime configuration into index.html for every client route, under a CSP that allows only it', async () => {
    const withCookie = t.client();
    withCookie.cookies.set('sessionid', 'a-session');
    for (const url of ['/', '/login', '/kiosk/123?eventType=class']) {
      const res = await withCookie.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const match = res.body.match(/<script>(window\.__SPOTTER_CONFIG__=.*?;)<\/script>/);
      expect(match).not.toBeNull();
      const config = JSON.parse(match![1]!.replace(/^window\.__SPOTTER_CONFIG__=/, '').replace(/;$/, ''));
      expect(config).toMatchObject({ googleClientId: 'google-123', ssoLoginEnabled: true, tokenRefreshThreshold: 3600, apiServer: '/api' });
      const hash = createHash('sha256').update(match![1]!).digest('base64');
      expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
      // The session call the app makes first is preloaded, with the credentials mode its fetch uses.
      expect(res.body).toContain('<link rel="preload" href="/api/auth/session/" as="fetch" crossorigin="use-credentials">');
      expect(res.body).not.toContain('spotter-session');
    }
  });

  it('tells a browser without a session cookie that nobody is logged in, instead of preloading the session (decision 049)', async () => {
    const res = await t.client().get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="spotter-session" content="none">');
    expect(res.body).not.toContain('rel="preload"');
    expect(res.body).toMatch(/<script>window\.__SPOTTER_CONFIG__=/);
    // The same script, so the same CSP hash.
    const withCookie = t.client();
    withCookie.cookies.set('sessionid', 'a-session');
    expect((await withCookie.get('/login')).headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('serves assets and answers unknown API paths with a JSON 404', async () => {
    const asset = await t.client().get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.client().get('/api/nope/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('sends the precompressed copy of an asset the browser accepts, and the asset itself otherwise', async () => {
    const send = (encoding?: string) => t.app.inject({ method: 'GET', url: '/assets/big.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await send('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gzip = await send('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_JS);
    const plain = await send();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('gzips API answers over 1 KB for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('escapes values so none can close the script tag', () => {
    const runtime = { ...loadConfig({}).runtime, imageTag: '</script><script>alert(1)</script>' };
    const { html } = renderIndexHtml(`<head>${RUNTIME_CONFIG_PLACEHOLDER}</head>`, runtime);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const elsewhere = renderIndexHtml(RUNTIME_CONFIG_PLACEHOLDER, { ...runtime, apiServer: 'https://api.example.com/v"1/' }).html;
    expect(elsewhere).toContain('href="https://api.example.com/v&quot;1/auth/session/"');
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs/json with every declared endpoint and a browsable page at /api/docs', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
        const p = url.replace(/:(\w+)/g, '{$1}');
        expect(doc.paths[p]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${p}`).toBeDefined();
      }
    }
    expect(doc.paths['/api/auth/login/'].post.requestBody).toBeDefined();
    const ui = await t.client().get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
