import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@spotter/shared';
import { pageOf } from '../../lib/pagination';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';
import { dismissBanner, listBanners, type BannerReader } from './banners.repository';

/** The caller as a banner reader: the access check (a chosen profile) has already given it a profile and a role. */
function readerOf(request: FastifyRequest): BannerReader {
  const auth = loggedIn(request);
  return { profileId: auth.profileId!, role: auth.role!, gymId: auth.gym?.gymId ?? null };
}

/** Spec 2.10: banners for the chosen profile (global ones and its gym's, for its audience), until it dismisses them. */
export async function bannersRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.banners, async (request) => pageOf(request, request.query, await listBanners(db, readerOf(request), request.query)));

  route(app, endpoints.closeBanner, async (request) => {
    if (!(await dismissBanner(db, readerOf(request), request.params.bannerId))) throw notFound('Banner not found.');
    return { detail: 'Banner dismissed.' };
  });
}
