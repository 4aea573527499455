import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { access, defineEndpoint, endpoints, healthSchema, type Endpoint } from '@spotter/shared';
import { loadConfig } from '../config';
import { accessPlugin } from '../plugins/access';
import { errorsPlugin } from '../plugins/errors';
import { assertEveryEndpointRouted, route } from './route';

// No database: the access and errors plugins and the routes only, as buildApp orders them.
async function tinyApp(): Promise<FastifyInstance> {
  const app = Fastify();
  // route() reads the long budget of exports and uploads from the config (decision 039).
  app.decorate('config', loadConfig({ NODE_ENV: 'test' }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  await app.after();
  return app;
}

const apps: FastifyInstance[] = [];
const open = async () => {
  const app = await tinyApp();
  apps.push(app);
  return app;
};
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('route()', () => {
  it('registers a declaration with its access, schemas and name, aliases included', async () => {
    const app = await open();
    route(app, endpoints.health, async () => ({ status: 'ok' as const }));
    route(app, endpoints.login, async () => {
      throw new Error('a body that fails its schema never reaches the handler');
    });
    route(app, endpoints.closeBanner, async () => ({ detail: 'x' }));
    route(app, endpoints.eligibleAthletes, async () => ({ count: 0, next: null, previous: null, results: [] }));
    await app.ready();

    expect(app.accessTable.map(({ name, method, url }) => `${name} ${method} ${url}`)).toEqual([
      'health GET /api/health',
      'login POST /api/auth/login/',
      'closeBanner GET /api/banners/:bannerId/close/',
      'eligibleAthletes GET /api/athletes/eligible-athletes',
      'eligibleAthletes GET /api/athletes/eligible-athletes/',
    ]);
    const login = app.accessTable.find((r) => r.name === 'login')!;
    expect(login.access).toBe(endpoints.login.access);
    expect(login.schema?.body).toBe(endpoints.login.body);
    expect(app.accessTable.find((r) => r.name === 'closeBanner')!.schema?.params).toBe(endpoints.closeBanner.params);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(healthSchema.parse(health.json())).toEqual({ status: 'ok' });

    const invalid = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'owner@example.com' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation_error', fields: { password: expect.any(Array) } });

    // access.gymProfile: no session here, so the access check refuses before the handler.
    const refused = await app.inject({ method: 'GET', url: `/api/banners/${randomUUID()}/close/` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'not_authenticated' });

    expect((await app.inject({ method: 'GET', url: '/api/athletes/eligible-athletes/' })).statusCode).toBe(401);
  });

  it('describes an upload as multipart with its extra refusals', async () => {
    const app = await open();
    route(app, endpoints.kiloStaffPicture, async () => ({ url: '/media/x.png' }));
    await app.ready();
    const schema = app.accessTable[0]!.schema as { body?: unknown; consumes?: string[]; response?: Record<string, unknown> };
    expect(schema.body).toBeUndefined();
    expect(schema.consumes).toEqual(['multipart/form-data']);
    expect(Object.keys(schema.response ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415']));
  });
});

describe('the access plugin', () => {
  it('refuses an /api route registered without route(), even with an access declaration', async () => {
    const app = await open();
    expect(() => app.get('/api/undeclared/', { config: { access: access.anyone } }, async () => 'x')).toThrow(/not registered from an endpoint declaration/);
    expect(() => app.post('/api/undeclared/', async () => 'x')).toThrow(/not registered from an endpoint declaration/);
  });

  it('refuses a declaration that is not in endpoints', async () => {
    const app = await open();
    const stray = defineEndpoint({
      method: 'GET',
      path: '/api/stray/',
      access: access.anyone,
      summary: 'Not in the table',
      tags: ['test'],
      answers: { 200: healthSchema },
    });
    expect(() => route(app, stray, async () => ({ status: 'ok' as const }))).toThrow(/not in endpoints/);
  });

  it('leaves routes outside /api and the OpenAPI UI alone', async () => {
    const app = await open();
    app.get('/media/:name', async () => 'picture');
    app.get('/api/docs/json', async () => ({}));
    await app.ready();
    expect(app.accessTable).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/media/a.png' })).body).toBe('picture');
  });
});

describe('assertEveryEndpointRouted', () => {
  const answerNothing = async () => ({}) as never;

  it('passes when every declaration and alias is routed', async () => {
    const app = await open();
    for (const endpoint of Object.values(endpoints) as Endpoint[]) route(app, endpoint, answerNothing);
    await app.ready();
    expect(() => assertEveryEndpointRouted(app)).not.toThrow();
  });

  it('names each declaration no module registered', async () => {
    const app = await open();
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      if (name !== 'health' && name !== 'createBulkReservations') route(app, endpoint, answerNothing);
    }
    await app.ready();
    expect(() => assertEveryEndpointRouted(app)).toThrow(
      'Endpoints declared but not registered: health (GET /api/health), createBulkReservations (POST /api/athlete-kilo-classes/create-bulk/).',
    );
  });
});
