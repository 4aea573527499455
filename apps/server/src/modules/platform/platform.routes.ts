import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONES, endpoints, platformMessages } from '@spotter/shared';
import { toPage } from '../../lib/pagination';
import { badRequest, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';
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

/** Spec 2.6: the platform console (issue 5). */
export async function platformRoutes(app: FastifyInstance) {
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

  route(app, endpoints.platformGyms, async (request) => {
    const q = request.query;
    const { count, results } = await listGyms(db, q);
    return toPage(request, q.limit, q.offset, count, results);
  });

  route(app, endpoints.platformGym, async (request) => visibleGym(request, request.params.gymId));

  route(app, endpoints.platformGymAthletes, async (request) => {
    const gym = await visibleGym(request, request.params.gymId);
    const q = request.query;
    const { count, results } = await listGymAthletes(db, gym.gymId, q);
    return toPage(request, q.limit, q.offset, count, results);
  });

  route(app, endpoints.platformGymStaff, async (request) => {
    const gym = await visibleGym(request, request.params.gymId);
    const q = request.query;
    const { count, results } = await listGymStaff(db, gym.gymId, q);
    return toPage(request, q.limit, q.offset, count, results);
  });

  route(app, endpoints.platformGymImpersonations, async (request) => {
    const gym = await visibleGym(request, request.params.gymId);
    const q = request.query;
    const { count, results } = await listImpersonations(db, gym.gymId, q);
    return toPage(request, q.limit, q.offset, count, results);
  });

  route(app, endpoints.demoGyms, async (request) => {
    const q = request.query;
    const { count, results } = await listDemoGyms(db, q);
    return toPage(request, q.limit, q.offset, count, results);
  });

  route(app, endpoints.createDemoGym, async (request, reply) => {
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
  });

  route(app, endpoints.extendDemoGym, async (request) => {
    const result = await extendDemoGym({ db, changes: app.changes }, request.params.demoGymId);
    if (result === 'not_found') throw notFound(platformMessages.demoGymNotFound);
    if (result === 'not_time_limited') throw badRequest(platformMessages.notTimeLimited, 'demo_not_time_limited');
    return demoGymOr404(request.params.demoGymId);
  });

  for (const [endpoint, isActive] of [
    [endpoints.deactivateDemoGym, false],
    [endpoints.reactivateDemoGym, true],
  ] as const) {
    route(app, endpoint, async (request) => {
      if (!(await setDemoGymActive({ db, changes: app.changes }, request.params.demoGymId, isActive))) throw notFound(platformMessages.demoGymNotFound);
      return demoGymOr404(request.params.demoGymId);
    });
  }
}
