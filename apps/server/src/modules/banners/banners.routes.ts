import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@spotter/shared';
import { pageOf } from '../../lib/pagination';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller, loggedIn } from '../../plugins/access';
import { dismissBanner, findGymBanner, listBanners, listGymBanners, type BannerReader } from './banners.repository';
import { BANNER_NOT_FOUND, createGymBanner, endGymBanner, updateGymBanner } from './gym-banners.service';

/** The caller as a banner reader: the access check (a chosen profile) has already given it a profile and a role. */
function readerOf(request: FastifyRequest): BannerReader {
  const auth = loggedIn(request);
  return { profileId: auth.profileId!, role: auth.role!, gymId: auth.gym?.gymId ?? null };
}

/**
 * Spec 2.10: banners for the chosen profile (global ones and its gym's, for its audience, while showing), until it
 * dismisses them. Issue 22: the gym's own banners, written at `/gym-settings` (GymMutate).
 */
export async function bannersRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  route(app, endpoints.banners, async (request) => pageOf(request, request.query, await listBanners(db, readerOf(request), request.query)));

  route(app, endpoints.closeBanner, async (request) => {
    if (!(await dismissBanner(db, readerOf(request), request.params.bannerId))) throw notFound(BANNER_NOT_FOUND);
    return { detail: 'Banner dismissed.' };
  });

  route(app, endpoints.gymBanners, async (request) => pageOf(request, request.query, await listGymBanners(db, gymCaller(request).gym.gymId, request.query)));

  const answer = async (gymId: string, bannerId: string) => {
    const banner = await findGymBanner(db, gymId, bannerId);
    if (!banner) throw notFound(BANNER_NOT_FOUND);
    return banner;
  };

  route(app, endpoints.createGymBanner, async (request, reply) => {
    const { gymId } = gymCaller(request).gym;
    const id = await createGymBanner(ctx, gymId, request.body);
    reply.status(201);
    return answer(gymId, id);
  });

  route(app, endpoints.updateGymBanner, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateGymBanner(ctx, gymId, request.params.bannerId, request.body);
    return answer(gymId, request.params.bannerId);
  });

  route(app, endpoints.endGymBanner, async (request) => {
    await endGymBanner(ctx, gymCaller(request).gym.gymId, request.params.bannerId);
    return { detail: 'Banner ended.' };
  });
}
