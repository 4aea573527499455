import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '../../config';
import { SESSION_COOKIE } from '../../plugins/session';
import { scriptSha256 } from './script-hash';

export const RUNTIME_CONFIG_PLACEHOLDER = '<!--spotter-runtime-config-->';

/** The runtime configuration of spec 1 as an inline script; `<` escaped so no value can close the tag. */
export function runtimeConfigScript(runtime: RuntimeConfig): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return `window.__SPOTTER_CONFIG__=${json};`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Every page of the web app asks for the session first (GET {apiServer}/auth/session/, with credentials). Preloading
 * it lets that round trip run while the scripts download; the app's fetch (same URL, mode and credentials) is answered
 * from the preload, so there is still one request.
 */
export function sessionPreloadLink(runtime: RuntimeConfig): string {
  const href = `${runtime.apiServer.replace(/\/$/, '')}/auth/session/`;
  return `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="use-credentials">`;
}

/**
 * Decision 049: a request without a session cookie gets the page without the preload and with this mark, and the app
 * knows nobody is logged in without asking (the session call would answer 401, which the browser logs as an error).
 */
export const ANONYMOUS_PAGE_MARK = '<meta name="spotter-session" content="none">';

/** index.html with the runtime configuration: `html` for a request with a session cookie, `anonymousHtml` without. */
export function renderIndexHtml(template: string, runtime: RuntimeConfig): { html: string; anonymousHtml: string; scriptHash: string } {
  const script = runtimeConfigScript(runtime);
  const scriptHash = scriptSha256(script);
  return {
    html: template.replace(RUNTIME_CONFIG_PLACEHOLDER, `<script>${script}</script>${sessionPreloadLink(runtime)}`),
    anonymousHtml: template.replace(RUNTIME_CONFIG_PLACEHOLDER, `<script>${script}</script>${ANONYMOUS_PAGE_MARK}`),
    scriptHash,
  };
}

/** Serves the built web app; every path that is not /api gets index.html (client-side routes). */
export async function webRoutes(app: FastifyInstance) {
  const dist = app.config.webDistDir;
  const indexPath = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts); the best one the browser accepts
      // is sent, with Vary: Accept-Encoding.
      preCompressed: true,
    });
  }
  const page = hasBuild ? renderIndexHtml(fs.readFileSync(indexPath, 'utf8'), app.config.runtime) : null;
  const csp = page
    ? [
        "default-src 'self'",
        `script-src 'self' 'sha256-${page.scriptHash}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; ')
    : '';

  for (const file of hasBuild ? fs.readdirSync(dist).filter((f) => f !== 'index.html' && fs.statSync(path.join(dist, f)).isFile()) : []) {
    app.get(`/${file}`, async (_request, reply) => reply.sendFile(file, dist, { maxAge: '1h' }));
  }

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: `No route for GET ${request.url.split('?')[0]}.`, code: 'not_found' });
    }
    if (!page) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', csp)
      .type('text/html; charset=utf-8')
      .send(request.cookies[SESSION_COOKIE] === undefined ? page.anonymousHtml : page.html);
  });
}
