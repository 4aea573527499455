import type { FastifyInstance } from 'fastify';
import { calendarFeedMessages, endpoints } from '@spotter/shared';
import { forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { sha256 } from '../../lib/tokens';
import { gymCaller } from '../../plugins/access';
import { feedStatus, findLiveFeed, listFeedEvents, noteFetched } from './calendar-feeds.repository';
import { buildCalendar } from './calendar-feeds.ics';
import { createFeed, revokeFeed } from './calendar-feeds.service';

/** Issue 16: the caller's private calendar link (any gym profile) and the public feed it serves. */
export async function calendarFeedsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const ownerOf = (request: Parameters<typeof gymCaller>[0]) => {
    const auth = gymCaller(request);
    return { gym: { gymId: auth.gym.gymId, timeZone: auth.gym.timeZone, country: auth.gym.country }, profileId: auth.profileId };
  };

  route(app, endpoints.myCalendarFeed, async (request) => {
    const owner = ownerOf(request);
    return feedStatus(db, owner.gym, owner.profileId);
  });

  route(app, endpoints.createCalendarFeed, async (request, reply) => {
    const owner = ownerOf(request);
    // A secret link to someone's calendar is theirs to make, not a support session's.
    if (request.auth?.isImpersonating) throw forbidden(calendarFeedMessages.impersonating, 'impersonating');
    const created = await createFeed(ctx, owner, app.config.appUrl);
    reply.code(201);
    return created;
  });

  route(app, endpoints.revokeCalendarFeed, async (request) => revokeFeed(ctx, ownerOf(request)));

  route(app, endpoints.calendarFeed, async (request, reply) => {
    const feed = await findLiveFeed(db, sha256(request.params.token));
    if (!feed) throw notFound(calendarFeedMessages.notFound);
    const [events] = await Promise.all([listFeedEvents(db, feed), noteFetched(db, feed)]);
    const text = buildCalendar({ gymTitle: feed.gymTitle, appUrl: app.config.appUrl, isAthlete: feed.athleteId !== null, events });
    return reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Cache-Control', 'private, max-age=300').send(text);
  });
}
