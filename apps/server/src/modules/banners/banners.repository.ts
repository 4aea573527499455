import { and, arrayContains, count, desc, eq, gt, isNull, lte, not, notExists, or, sql, type SQL } from 'drizzle-orm';
import { bannerAudienceOf, gymBannerAudiences, type Banner, type BannerState, type GymBanner, type Role } from '@spotter/shared';
import { bannerDismissals, banners } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/client';
import { listPage, type ListResult } from '../../lib/pagination';

/** Who is asking: the chosen profile, its role (which says its audience) and its gym, if any. */
export type BannerReader = { profileId: string; role: Role; gymId: string | null };

/** Not ended by hand, and its end (if any) is still ahead. */
const notEnded = (now: Date): SQL => and(eq(banners.isActive, true), or(isNull(banners.endsAt), gt(banners.endsAt, now)))!;
/** Its start (if any) has come. */
const started = (now: Date): SQL => or(isNull(banners.startsAt), lte(banners.startsAt, now))!;

/**
 * Issue 22: a banner's state at `now`: ended once ended by hand or past its end; scheduled before its start; else
 * showing. Read with the clock of the server (the tests' fixed clock), never the database's.
 */
export function bannerStateCondition(state: BannerState, now: Date): SQL {
  if (state === 'ended') return not(notEnded(now));
  if (state === 'scheduled') return and(notEnded(now), gt(banners.startsAt, now))!;
  return and(notEnded(now), started(now))!;
}

export function bannerStateOf(row: { isActive: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date): BannerState {
  if (!row.isActive || (row.endsAt && row.endsAt <= now)) return 'ended';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  return 'showing';
}

/**
 * The banners a reader may see at all (spec 2.10, issues 22-23): showing now (started, not ended), global or of its
 * own gym, and written for its audience. An owner or staff member sees gym staff's banners, an athlete athletes',
 * platform staff platform staff's.
 */
function inScope(reader: BannerReader, now: Date): SQL {
  return and(
    notEnded(now),
    started(now),
    reader.gymId ? or(isNull(banners.gymId), eq(banners.gymId, reader.gymId)) : isNull(banners.gymId),
    arrayContains(banners.audiences, [bannerAudienceOf(reader.role)]),
  )!;
}

/** The reader's banners it has not dismissed, newest first: two queries whatever the page size. */
export function listBanners(db: Db, reader: BannerReader, page: { limit: number; offset: number }, now = new Date()): Promise<ListResult<Banner>> {
  const where = and(
    inScope(reader, now),
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

/** 'Do Not Show Again' for one of the reader's banners; false when it is not one the reader may see now. */
export async function dismissBanner(db: Db, reader: BannerReader, bannerId: string, now = new Date()): Promise<boolean> {
  const [banner] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.id, bannerId), inScope(reader, now)));
  if (!banner) return false;
  await db.insert(bannerDismissals).values({ bannerId: banner.id, profileId: reader.profileId }).onConflictDoNothing();
  return true;
}

const gymBannerColumns = {
  bannerId: banners.id,
  title: banners.title,
  message: banners.message,
  audiences: banners.audiences,
  isActive: banners.isActive,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
};
type GymBannerRow = {
  bannerId: string;
  title: string;
  message: string;
  audiences: string[];
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const gymAudiences = new Set<string>(gymBannerAudiences);

function toGymBanner(row: GymBannerRow, now: Date): GymBanner {
  return {
    bannerId: row.bannerId,
    title: row.title,
    message: row.message,
    // A gym's banners are for its staff and athletes; anything else (none is written here) is not the gym's to see.
    audiences: row.audiences.filter((a): a is GymBanner['audiences'][number] => gymAudiences.has(a)),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    state: bannerStateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Issue 22 `/gym-settings` Banners: the gym's own banners (never the platform's), newest first, by state. */
export function listGymBanners(
  db: Db,
  gymId: string,
  query: { state?: BannerState; limit: number; offset: number },
  now = new Date(),
): Promise<ListResult<GymBanner>> {
  const where = and(eq(banners.gymId, gymId), query.state ? bannerStateCondition(query.state, now) : undefined);
  return listPage({
    count: db.select({ n: count() }).from(banners).where(where),
    rows: async () => {
      const rows = await db
        .select(gymBannerColumns)
        .from(banners)
        .where(where)
        .orderBy(desc(banners.createdAt), desc(banners.id))
        .limit(query.limit)
        .offset(query.offset);
      return rows.map((row) => toGymBanner(row, now));
    },
  });
}

/** One of the gym's banners; null when it is not the gym's (another gym's, or the platform's). */
export async function findGymBanner(db: DbOrTx, gymId: string, bannerId: string, now = new Date()): Promise<GymBanner | null> {
  const [row] = await db
    .select(gymBannerColumns)
    .from(banners)
    .where(and(eq(banners.id, bannerId), eq(banners.gymId, gymId)));
  return row ? toGymBanner(row, now) : null;
}
