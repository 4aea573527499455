import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, type CalendarFeedStatus, type GymCountry, type Role } from '@spotter/shared';
import {
  appointmentTypes,
  athletes,
  calendarFeeds,
  classTypes,
  eventCoaches,
  events,
  gyms,
  locations,
  profiles,
  reservations,
  rooms,
  staff,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { coachRowsSql, eventTypeName, toCoaches } from '../events';
import { waitlistPositionSql } from '../reservations';
import { holdsPlaceSql } from '../booking-policy';

/** Issue 16: private iCalendar feeds. A feed is found by the sha256 of its token; only live ones. */

/** The gym a feed's owner belongs to, as the answers tell times. */
export type FeedGym = { gymId: string; timeZone: string; country: GymCountry };

export async function feedStatus(db: DbOrTx, gym: FeedGym, profileId: string): Promise<CalendarFeedStatus> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.gymId, gym.gymId), eq(calendarFeeds.profileId, profileId), isNull(calendarFeeds.revokedAt)));
  return toStatus(gym, row ?? null);
}

export function toStatus(gym: FeedGym, row: { createdAt: Date; lastFetchedAt: Date | null } | null): CalendarFeedStatus {
  return {
    timeZone: gym.timeZone,
    country: gym.country,
    isLive: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
  };
}

export type LiveFeed = {
  feedId: string;
  gymId: string;
  gymTitle: string;
  role: Role;
  staffId: string | null;
  athleteId: string | null;
  lastFetchedAt: Date | null;
};

/** The live feed of a token's hash with whose it is (a profile whose login is disabled has none). */
export async function findLiveFeed(db: DbOrTx, tokenHash: string): Promise<LiveFeed | null> {
  const [row] = await db
    .select({
      feedId: calendarFeeds.id,
      gymId: calendarFeeds.gymId,
      gymTitle: gyms.title,
      role: profiles.role,
      staffId: staff.id,
      athleteId: athletes.id,
      lastFetchedAt: calendarFeeds.lastFetchedAt,
    })
    .from(calendarFeeds)
    .innerJoin(profiles, and(eq(profiles.id, calendarFeeds.profileId), eq(profiles.gymId, calendarFeeds.gymId)))
    .innerJoin(gyms, eq(gyms.id, calendarFeeds.gymId))
    .leftJoin(staff, and(eq(staff.profileId, profiles.id), eq(staff.gymId, calendarFeeds.gymId)))
    .leftJoin(athletes, and(eq(athletes.profileId, profiles.id), eq(athletes.gymId, calendarFeeds.gymId)))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt), eq(profiles.loginEnabled, true)));
  return row ?? null;
}

/** A calendar app fetched the feed: noted at most once an hour, so fetching stays a read. */
export async function noteFetched(db: DbOrTx, feed: LiveFeed, now = new Date()): Promise<void> {
  if (feed.lastFetchedAt && now.getTime() - feed.lastFetchedAt.getTime() < 3_600_000) return;
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(
      and(eq(calendarFeeds.id, feed.feedId), or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, new Date(now.getTime() - 3_600_000)))),
    );
}

export type FeedEvent = {
  eventId: string;
  kind: 'class' | 'appointment';
  name: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  /** The iCalendar SEQUENCE: grows at every move or cancellation (issue 34). */
  sequence: number;
  isCancelled: boolean;
  cancelReason: string | null;
  location: string | null;
  room: string | null;
  coaches: string[];
  /** An athlete's place in line, when waitlisted. */
  waitlistPosition: number | null;
};

/**
 * The events of a feed in its window (30 days back, 120 ahead), in one statement: a coach's classes and appointments
 * (cancelled ones too), or an athlete's bookings that hold a place or wait in line.
 */
export async function listFeedEvents(db: DbOrTx, feed: LiveFeed, now = new Date()): Promise<FeedEvent[]> {
  const from = new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * 86_400_000);
  const r = reservations;
  const { athleteId, staffId } = feed;
  if (!athleteId && !staffId) return [];
  const query = db
    .select({
      eventId: events.id,
      kind: events.kind,
      name: eventTypeName,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      updatedAt: events.updatedAt,
      sequence: events.sequence,
      cancelledAt: events.cancelledAt,
      cancelReason: events.cancelReason,
      location: locations.name,
      room: rooms.name,
      coaches: coachRowsSql(),
      waitlistPosition: athleteId ? waitlistPositionSql(r) : sql<number | null>`null::int`,
    })
    .from(events)
    .leftJoin(classTypes, eq(classTypes.id, events.classTypeId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
    .leftJoin(locations, eq(locations.id, events.locationId))
    .leftJoin(rooms, eq(rooms.id, events.roomId))
    .$dynamic();
  const whose = athleteId
    ? query.innerJoin(r, and(eq(r.eventId, events.id), eq(r.gymId, feed.gymId), eq(r.athleteId, athleteId), or(holdsPlaceSql(r), r.isWaitlisted)))
    : query.innerJoin(eventCoaches, and(eq(eventCoaches.eventId, events.id), eq(eventCoaches.gymId, feed.gymId), eq(eventCoaches.staffId, staffId!)));
  const rows = await whose
    .where(and(eq(events.gymId, feed.gymId), gte(events.startsAt, from), lt(events.startsAt, to)))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => ({
    eventId: row.eventId,
    kind: row.kind,
    name: row.name,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
    updatedAt: new Date(row.updatedAt),
    sequence: Number(row.sequence),
    isCancelled: row.cancelledAt !== null,
    cancelReason: row.cancelReason,
    location: row.location,
    room: row.room,
    coaches: toCoaches(row.coaches).map((c) => c.fullName),
    waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
  }));
}
