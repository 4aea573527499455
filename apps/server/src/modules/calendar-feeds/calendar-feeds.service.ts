import { and, eq, isNull } from 'drizzle-orm';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@spotter/shared';
import { calendarFeeds, profiles } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { randomToken, sha256 } from '../../lib/tokens';
import { toStatus, type FeedGym } from './calendar-feeds.repository';

type Owner = { gym: FeedGym; profileId: string };

/** The path of a feed's URL under APP_URL. */
export const feedPath = (token: string) => `/api/calendar-feeds/${token}/calendar.ics`;

/**
 * A new link for the profile: the live one (if any) is revoked in the same transaction, under a lock of the profile so
 * two requests at once leave exactly one live. Only the token's sha256 is stored; the URL is answered this once.
 */
export async function createFeed(ctx: WriteContext, owner: Owner, appUrl: string): Promise<CreatedCalendarFeed> {
  const token = randomToken();
  return writeTransaction(ctx, async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, owner.profileId)).for('update');
    const now = new Date();
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeeds.gymId, owner.gym.gymId), eq(calendarFeeds.profileId, owner.profileId), isNull(calendarFeeds.revokedAt)));
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ gymId: owner.gym.gymId, profileId: owner.profileId, tokenHash: sha256(token), createdAt: now })
      .returning({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt });
    return { ...toStatus(owner.gym, row!), url: `${appUrl}${feedPath(token)}` };
  });
}

/** Revokes the profile's live link, if there is one: it answers 404 from then on. */
export async function revokeFeed(ctx: WriteContext, owner: Owner): Promise<CalendarFeedStatus> {
  await writeTransaction(ctx, (tx) =>
    tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeeds.gymId, owner.gym.gymId), eq(calendarFeeds.profileId, owner.profileId), isNull(calendarFeeds.revokedAt))),
  );
  return toStatus(owner.gym, null);
}
