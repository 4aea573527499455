import { and, arrayContains, count, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { bannerAudienceOf, type Banner, type Role } from '@spotter/shared';
import { bannerDismissals, banners } from '../../db/schema';
import type { Db } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';

/** Who is asking: the chosen profile, its role (which says its audience) and its gym, if any. */
export type BannerReader = { profileId: string; role: Role; gymId: string | null };

/**
 * The banners a reader may see at all (spec 2.10, issue 23): active, global or of its own gym, and written for its
 * audience. An owner or staff member sees gym staff's banners, an athlete athletes', platform staff platform staff's.
 */
function inScope(reader: BannerReader): SQL {
  return and(
    eq(banners.isActive, true),
    reader.gymId ? or(isNull(banners.gymId), eq(banners.gymId, reader.gymId)) : isNull(banners.gymId),
    arrayContains(banners.audiences, [bannerAudienceOf(reader.role)]),
  )!;
}

/** The reader's banners it has not dismissed, newest first: two queries whatever the page size. */
export function listBanners(db: Db, reader: BannerReader, page: { limit: number; offset: number }): Promise<ListResult<Banner>> {
  const where = and(
    inScope(reader),
    notExists(
      db
        .select({ one: sql`1` })
        .from(bannerDismissals)
        .where(and(eq(bannerDismissals.bannerId, banners.id), eq(bannerDismissals.profileId, reader.profileId))),
    ),
  );
  return listPage({
    count: db.select({ n: count() }).from(banners).where(where),
    rows: db
      .select({ bannerId: banners.id, title: banners.title, message: banners.message })
      .from(banners)
      .where(where)
      .orderBy(desc(banners.createdAt), desc(banners.id))
      .limit(page.limit)
      .offset(page.offset),
  });
}

/** 'Do Not Show Again' for one of the reader's banners; false when it is not one the reader may see. */
export async function dismissBanner(db: Db, reader: BannerReader, bannerId: string): Promise<boolean> {
  const [banner] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.id, bannerId), inScope(reader)));
  if (!banner) return false;
  await db.insert(bannerDismissals).values({ bannerId: banner.id, profileId: reader.profileId }).onConflictDoNothing();
  return true;
}
