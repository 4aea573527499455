import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import { endpoints } from '@spotter/shared';
import { bannerDismissals, banners } from '../../db/schema';
import { toPage } from '../../lib/pagination';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';

/** Spec 2.10: banners for the chosen profile (global ones and its gym's), until it dismisses them. */
export async function bannersRoutes(app: FastifyInstance) {
  const { db } = app;

  const visibleTo = (profileId: string, gymId: string | null) =>
    and(
      eq(banners.isActive, true),
      gymId ? or(isNull(banners.gymId), eq(banners.gymId, gymId)) : isNull(banners.gymId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(bannerDismissals)
          .where(and(eq(bannerDismissals.bannerId, banners.id), eq(bannerDismissals.profileId, profileId))),
      ),
    );

  route(app, endpoints.banners, async (request) => {
    const auth = loggedIn(request);
    const where = visibleTo(auth.profileId!, auth.gym?.gymId ?? null);
    const { limit, offset } = request.query;
    const [total] = await db.select({ n: count() }).from(banners).where(where);
    const rows = await db
      .select({ bannerId: banners.id, title: banners.title, message: banners.message })
      .from(banners)
      .where(where)
      .orderBy(desc(banners.createdAt), desc(banners.id))
      .limit(limit)
      .offset(offset);
    return toPage(request, limit, offset, total?.n ?? 0, rows);
  });

  route(app, endpoints.closeBanner, async (request) => {
    const auth = loggedIn(request);
    const [banner] = await db
      .select({ id: banners.id })
      .from(banners)
      .where(and(eq(banners.id, request.params.bannerId), auth.gym ? or(isNull(banners.gymId), eq(banners.gymId, auth.gym.gymId)) : isNull(banners.gymId)));
    if (!banner) throw notFound('Banner not found.');
    await db.insert(bannerDismissals).values({ bannerId: banner.id, profileId: auth.profileId! }).onConflictDoNothing();
    return { detail: 'Banner dismissed.' };
  });
}
