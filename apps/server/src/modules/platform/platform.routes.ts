import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_TIME_ZONES,
  createDemoGymInputSchema,
  createdDemoGymSchema,
  demoGymIdParamsSchema,
  demoGymPageSchema,
  demoGymSchema,
  gymIdParamsSchema,
  impersonationAuditPageSchema,
  platformAthletePageSchema,
  platformGymDetailSchema,
  platformGymPageSchema,
  platformListQuerySchema,
  platformMessages,
  platformPageQuerySchema,
  platformStaffPageSchema,
} from '@spotter/shared';
import { errorResponses } from '../../lib/openapi';
import { toPage } from '../../lib/pagination';
import { badRequest, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { loggedIn, type Access } from '../../plugins/access';
import {
  createDemoGym,
  extendDemoGym,
  findDemoGym,
  findGym,
  listDemoGyms,
  listGymAthletes,
  listGymStaff,
  listGyms,
  listImpersonations,
  randomDemoEmail,
  randomDemoPassword,
  setDemoGymActive,
} from './platform.repository';

const tags = ['platform'];
/** Real gyms: platform staff only, never the sales team (decision 007). */
const realGyms: { access: Access } = { access: { kind: 'platform', salesTeam: false } };
/** Demo gyms, and a gym's pages which answer the sales team only for demo gyms (decision 008). */
const demoGymsToo: { access: Access } = { access: { kind: 'platform', salesTeam: true } };

/** Spec 2.6: the platform console (issue 5). */
export async function platformRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  /** The gym, if the caller may see it: a real gym is "not found" to the sales team (decision 008). */
  async function visibleGym(request: FastifyRequest, gymId: string) {
    const auth = loggedIn(request);
    const gym = await findGym(db, gymId);
    if (!gym || (auth.isSalesTeam && !gym.demoGym)) throw notFound(platformMessages.gymNotFound);
    return gym;
  }

  async function demoGymOr404(demoGymId: string) {
    const demo = await findDemoGym(db, demoGymId);
    if (!demo) throw notFound(platformMessages.demoGymNotFound);
    return demo;
  }

  r.get(
    '/api/platform/gyms/',
    {
      config: realGyms,
      schema: {
        tags,
        summary: 'Every real gym (demo gyms are listed by /api/platform/demo-gyms/), searched by title or owner name or email',
        querystring: platformListQuerySchema,
        response: { 200: platformGymPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, results } = await listGyms(db, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.get(
    '/api/platform/gyms/:gymId/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: "A gym's heading: title, country, time zone and demo state (the sales team: demo gyms only)",
        params: gymIdParamsSchema,
        response: { 200: platformGymDetailSchema, ...errorResponses },
      },
    },
    async (request) => visibleGym(request, request.params.gymId),
  );

  r.get(
    '/api/platform/gyms/:gymId/athletes/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: "A gym's athletes by name or email, each with the profileId to impersonate (the sales team: demo gyms only)",
        params: gymIdParamsSchema,
        querystring: platformListQuerySchema,
        response: { 200: platformAthletePageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const gym = await visibleGym(request, request.params.gymId);
      const q = request.query;
      const { count, results } = await listGymAthletes(db, gym.gymId, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.get(
    '/api/platform/gyms/:gymId/staff/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: "A gym's staff and owners by name or email, each with the profileId to impersonate (the sales team: demo gyms only)",
        params: gymIdParamsSchema,
        querystring: platformListQuerySchema,
        response: { 200: platformStaffPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const gym = await visibleGym(request, request.params.gymId);
      const q = request.query;
      const { count, results } = await listGymStaff(db, gym.gymId, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.get(
    '/api/platform/gyms/:gymId/impersonations/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: 'Audit trail: every impersonation start and stop in the gym, newest first (the sales team: demo gyms only)',
        params: gymIdParamsSchema,
        querystring: platformPageQuerySchema,
        response: { 200: impersonationAuditPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const gym = await visibleGym(request, request.params.gymId);
      const q = request.query;
      const { count, results } = await listImpersonations(db, gym.gymId, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.get(
    '/api/platform/demo-gyms/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: 'Demo gyms, newest first, with their state (active, expired, inactive), searched by title, prospect or owner',
        querystring: platformListQuerySchema,
        response: { 200: demoGymPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { count, results } = await listDemoGyms(db, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.post(
    '/api/platform/demo-gyms/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary:
          'Create a demo gym with sample data and an owner login; the answer carries the password once (it is never stored or shown again)',
        body: createDemoGymInputSchema,
        response: { 201: createdDemoGymSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = loggedIn(request);
      const b = request.body;
      const email = randomDemoEmail();
      const password = randomDemoPassword();
      const demoGymId = await createDemoGym(
        db,
        {
          title: b.title,
          type: b.type,
          prospectName: b.prospectName,
          prospectEmail: b.prospectEmail,
          prospectPhone: b.prospectPhone || null,
          country: b.country,
          timeZone: b.timeZone ?? DEFAULT_TIME_ZONES[b.country],
        },
        { createdByUserId: auth.userId, ownerEmail: email, passwordHash: await hashPassword(password) },
      );
      reply.status(201);
      return { ...(await demoGymOr404(demoGymId)), credentials: { email, password } };
    },
  );

  r.post(
    '/api/platform/demo-gyms/:demoGymId/extend/',
    {
      config: demoGymsToo,
      schema: {
        tags,
        summary: 'TIME_LIMITED only: expiresAt becomes the later of now and expiresAt, plus 48 hours',
        params: demoGymIdParamsSchema,
        response: { 200: demoGymSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await extendDemoGym({ db, changes: app.changes }, request.params.demoGymId);
      if (result === 'not_found') throw notFound(platformMessages.demoGymNotFound);
      if (result === 'not_time_limited') throw badRequest(platformMessages.notTimeLimited, 'demo_not_time_limited');
      return demoGymOr404(request.params.demoGymId);
    },
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `/api/platform/demo-gyms/:demoGymId/${action}/`,
      {
        config: demoGymsToo,
        schema: {
          tags,
          summary: isActive
            ? 'Switch a demo gym back on (an expired TIME_LIMITED demo also needs extending)'
            : "Switch a demo gym off: its profiles are refused with 'demo_inactive' at once",
          params: demoGymIdParamsSchema,
          response: { 200: demoGymSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!(await setDemoGymActive({ db, changes: app.changes }, request.params.demoGymId, isActive))) throw notFound(platformMessages.demoGymNotFound);
        return demoGymOr404(request.params.demoGymId);
      },
    );
  }
}
