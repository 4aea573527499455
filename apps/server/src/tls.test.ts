import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { TEST_NOW, fixClock, openTestDatabase, testConfig } from '../test/helper';
import { TEST_PASSWORD, factories, type StaffMember } from '../test/factories';
import { makeLoopbackCertificate } from '../test/loopback-certificate';

// Decision 013: given a certificate, the server itself speaks HTTPS with HTTP/2, and HTTP/1.1 to clients without it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-tls-'));
const { certFile, keyFile } = makeLoopbackCertificate(dir);
let app: FastifyInstance;
let origin: string;
let drop: () => Promise<void>;
let owner: StaffMember;

fixClock(TEST_NOW);
beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  const make = factories(opened.database.db);
  owner = await make.owner((await make.gym()).id, { isDefault: true });
  app = await buildApp(testConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, APP_URL: 'https://127.0.0.1' }), opened.database, {
    logger: false,
    mailer: { send: async () => {} },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `https://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: string };

function h2Request(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request(headers);
    let status = 0;
    let responseHeaders: http2.IncomingHttpHeaders = {};
    let text = '';
    req.setEncoding('utf8');
    req.on('response', (h) => {
      status = Number(h[':status']);
      responseHeaders = h;
    });
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve({ status, headers: responseHeaders, body: text }));
    req.on('error', reject);
    req.end(body);
  });
}

const cookiePairs = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().map((c) => c.split(';')[0]!);

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('answers over HTTP/2 and logs in with secure cookies, CSRF checked as over HTTP/1.1', async () => {
    const session = http2.connect(origin, { ca: fs.readFileSync(certFile) });
    try {
      const health = await h2Request(session, { ':path': '/api/health' });
      expect(session.alpnProtocol).toBe('h2');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });

      const csrf = await h2Request(session, { ':path': '/api/auth/csrf/' });
      expect(csrf.status).toBe(200);
      expect([csrf.headers['set-cookie']].flat().join('\n')).toMatch(/csrftoken=[^;]+;.*Secure/i);
      const pairs = cookiePairs(csrf.headers['set-cookie']);
      const token = pairs.find((p) => p.startsWith('csrftoken='))!.slice('csrftoken='.length);

      const login = (csrfToken: string) =>
        h2Request(
          session,
          { ':method': 'POST', ':path': '/api/auth/login/', 'content-type': 'application/json', origin, cookie: pairs.join('; '), 'x-csrftoken': csrfToken },
          JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
        );
      const refused = await login('not-the-token');
      expect(refused.status).toBe(403);
      const accepted = await login(token);
      expect(accepted.status, accepted.body).toBe(200);
      expect([accepted.headers['set-cookie']].flat().join('\n')).toMatch(/sessionid=[^;]+;.*Secure/i);

      const me = await h2Request(session, { ':path': '/api/auth/session/', cookie: cookiePairs(accepted.headers['set-cookie']).join('; ') });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ user: { email: owner.email }, role: 'owner' });
    } finally {
      session.close();
    }
  });

  it('still answers clients that speak only HTTP/1.1 over TLS', async () => {
    const answer = await new Promise<{ status: number; protocol: string; body: string }>((resolve, reject) => {
      const agent = new https.Agent({ ca: fs.readFileSync(certFile), ALPNProtocols: ['http/1.1'] });
      const req = https.get(`${origin}/api/health`, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, protocol: `HTTP/${res.httpVersion}`, body }));
      });
      req.on('error', reject);
    });
    expect(answer).toEqual({ status: 200, protocol: 'HTTP/1.1', body: JSON.stringify({ status: 'ok' }) });
  });
});
