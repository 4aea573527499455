import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp, loggerOptions } from './app';
import { errorsPlugin, INTERNAL_ERROR_MESSAGE } from './plugins/errors';
import { TEST_NOW, fixClock, openTestDatabase, testConfig, ApiClient } from '../test/helper';
import { TEST_PASSWORD, factories, type StaffMember } from '../test/factories';
import type { FastifyInstance } from 'fastify';

fixClock(TEST_NOW);
let app: FastifyInstance;
let drop: () => Promise<void>;
let owner: StaffMember;
const lines: string[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  const make = factories(opened.database.db);
  owner = await make.owner((await make.gym()).id, { isDefault: true });
  app = await buildApp(testConfig(), opened.database, {
    logger: { ...(loggerOptions('trace') as object), stream: { write: (line: string) => void lines.push(line) } },
    mailer: { send: async () => {} },
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('logs', () => {
  it('carry request ids and never a password, token or cookie', async () => {
    const c = new ApiClient(app);
    expect((await c.post('/api/auth/login/', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await c.post('/api/auth/login/', { email: owner.email, password: 'WrongSecret99' })).statusCode).toBe(401);
    await c.get('/api/auth/session/');
    await c.get('/password/reset/confirm/abc/SECRET-RESET-TOKEN');
    await c.get('/api/calendar-feeds/SECRET-FEED-TOKEN/calendar.ics');
    const sessionId = c.cookies.get('sessionid')!;
    const csrf = c.cookies.get('csrftoken')!;
    const log = lines.join('');
    expect(log).toContain('"reqId"');
    for (const secret of [TEST_PASSWORD, 'WrongSecret99', sessionId, csrf, 'SECRET-RESET-TOKEN', 'SECRET-FEED-TOKEN']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('/password/reset/confirm/[redacted]');
    expect(log).toContain('/api/calendar-feeds/[redacted]');
  });

  it('echo a sane incoming X-Request-Id and make one otherwise', async () => {
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'front-desk-42' } });
    expect(given.headers['x-request-id']).toBe('front-desk-42');
    const made = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('answer a 5xx with a generic message and no internals', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(errorsPlugin);
    bare.get('/boom', async () => {
      throw new Error('connection to db-internal-host:5432 failed at /srv/app/secret.ts');
    });
    const res = await bare.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    await bare.close();
  });

  it('answer bad JSON, wrong content types and oversized bodies with a 4xx and a message', async () => {
    const c = new ApiClient(app);
    const badJson = await c.request('POST', '/api/auth/login/', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBeTruthy();
    const xml = await c.request('POST', '/api/auth/login/', '<email/>', { headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBeTruthy();
    const huge = await c.request('POST', '/api/auth/login/', { email: owner.email, password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
  });
});
