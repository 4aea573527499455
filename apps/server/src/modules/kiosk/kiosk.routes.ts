import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, eventMessages, toZoned } from '@spotter/shared';
import { cachedJson, sendJson } from '../../lib/cached-json';
import { GymReadCache } from '../../lib/gym-read-cache';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findEvent } from '../events';
import { listEligibleAthletes, listKioskEvents, loadEventDetail, type Viewer } from './kiosk.repository';

export const viewerOf = (request: FastifyRequest): Viewer => {
  const auth = gymCaller(request);
  return { athleteId: auth.athleteId, isAthlete: auth.role === 'athlete' };
};

/**
 * Spec 2.11, 2.12 and 7.3: the front-desk kiosk's reads. The day list and the event detail, which the tablets poll all
 * day, are kept per gym until a write of the gym is published (decision 012, lib/changes.ts).
 */
export async function kioskRoutes(app: FastifyInstance) {
  const { db } = app;
  // Decision 018: while this process may miss another's change (its change feed is not listening), nothing is kept.
  const passThrough = new GymReadCache({ ttlMs: 0 });
  // And what is kept is served only once this process has heard every change committed before the request.
  const readCache = async () => {
    await app.changes.caughtUp();
    return app.changes.listening ? app.readCache : passThrough;
  };

  route(app, endpoints.kioskEvents, async (request, reply) => {
    const auth = gymCaller(request);
    const q = request.query;
    const date = q.date ?? toZoned(new Date(), auth.gym.timeZone).date;
    // The same answer for every caller of the gym (the date is the gym's today when not given).
    const body = await cachedJson(await readCache(), auth.gym.gymId, `kiosk-events ${date} ${request.url}`, async () =>
      pageOf(request, q, await listKioskEvents(db, auth.gym.gymId, { date, search: q.search, kind: q.eventType, limit: q.limit, offset: q.offset })),
    );
    return sendJson(request, reply, body!);
  });

  route(app, endpoints.kioskEvent, async (request, reply) => {
    const auth = gymCaller(request);
    const q = request.query;
    const viewer = viewerOf(request);
    // Staff all see the same answer; an athlete profile sees no notes and only its own warnings.
    const seenBy = viewer.isAthlete ? `athlete ${viewer.athleteId}` : 'staff';
    const body = await cachedJson(await readCache(), auth.gym.gymId, `kiosk-event ${seenBy} ${request.url}`, async () => {
      const detail = await loadEventDetail(
        db,
        auth.gym.gymId,
        request.params.eventId,
        { kind: q.eventType, limit: q.limit, offset: q.offset, includeCancelled: q.includeCancelled ?? false },
        viewer,
      );
      return detail && { event: detail.event, ...pageOf(request, q, detail.list) };
    });
    if (body === null) throw notFound(eventMessages.eventNotFound);
    return sendJson(request, reply, body);
  });

  route(app, endpoints.eligibleAthletes, async (request) => {
    const auth = gymCaller(request);
    const q = request.query;
    if (q.class && !(await findEvent(db, auth.gym.gymId, 'class', q.class))) throw notFound(eventMessages.classNotFound);
    return pageOf(
      request,
      q,
      await listEligibleAthletes(db, auth.gym.gymId, { classId: q.class ?? null, search: q.search, limit: q.limit, offset: q.offset }, viewerOf(request)),
    );
  });
}
