import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { RUNTIME_CONFIG_PLACEHOLDER, renderIndexHtml } from './web.routes';
import { loadConfig } from '../../config';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<html><head>${RUNTIME_CONFIG_PLACEHOLDER}</head><body></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist, GOOGLE_CLIENT_ID: 'google-123', SSO_LOGIN_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('injects the runtime configuration into index.html for every client route, under a CSP that allows only it', async () => {
    for (const url of ['/', '/login', '/kiosk/123?eventType=class']) {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const match = res.body.match(/<script>(window\.__SPOTTER_CONFIG__=.*?;)<\/script>/);
      expect(match).not.toBeNull();
      const config = JSON.parse(match![1]!.replace(/^window\.__SPOTTER_CONFIG__=/, '').replace(/;$/, ''));
      expect(config).toMatchObject({ googleClientId: 'google-123', ssoLoginEnabled: true, tokenRefreshThreshold: 3600, apiServer: '/api' });
      const hash = createHash('sha256').update(match![1]!).digest('base64');
      expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    }
  });

  it('serves assets and answers unknown API paths with a JSON 404', async () => {
    const asset = await t.client().get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.client().get('/api/nope/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('escapes values so none can close the script tag', () => {
    const runtime = { ...loadConfig({}).runtime, imageTag: '</script><script>alert(1)</script>' };
    const { html } = renderIndexHtml(`<head>${RUNTIME_CONFIG_PLACEHOLDER}</head>`, runtime);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs/json with every route and a browsable page at /api/docs', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of t.app.accessTable.filter((r) => !r.url.startsWith('/api/docs'))) {
      const p = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[p]?.[route.method.toLowerCase()], `${route.method} ${p}`).toBeDefined();
    }
    expect(doc.paths['/api/auth/login/'].post.requestBody).toBeDefined();
    const ui = await t.client().get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
