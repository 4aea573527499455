import type { FastifyInstance } from 'fastify';
import { endpoints, eventMessages, toZoned } from '@spotter/shared';
import { forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { findScheduleClass, gymPricing, listMyBookings, listScheduleDay, myAttendance } from './schedule.repository';
import { pageOf } from '../../lib/pagination';
import { materializeThrough } from '../calendar';

/** Issue 16: the athlete app's schedule (spec 2.4). Booking, cancelling and the waitlist go through the reservations. */
export async function scheduleRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };
  const athleteOf = (request: Parameters<typeof gymCaller>[0]) => {
    const auth = gymCaller(request);
    if (!auth.athleteId) throw forbidden('This profile has no athlete record in this gym.', 'no_athlete');
    return { auth, athleteId: auth.athleteId };
  };

  route(app, endpoints.athleteSchedule, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    const date = request.query.date ?? toZoned(new Date(), auth.gym.timeZone).date;
    // Issue 34: a day past the rolling window shows its series' classes too (and they can be booked: they are rows).
    await materializeThrough(ctx, auth.gym.gymId, auth.gym.timeZone, date);
    const [results, pricing] = await Promise.all([listScheduleDay(db, auth.gym.gymId, athleteId, date), gymPricing(db, auth.gym.gymId)]);
    return { date, timeZone: auth.gym.timeZone, country: auth.gym.country, isTaxInclusive: pricing.isTaxInclusive, results };
  });

  route(app, endpoints.athleteScheduleClass, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    const [one, pricing] = await Promise.all([findScheduleClass(db, auth.gym.gymId, athleteId, request.params.eventId), gymPricing(db, auth.gym.gymId)]);
    if (!one) throw notFound(eventMessages.classNotFound);
    return { timeZone: auth.gym.timeZone, country: auth.gym.country, isTaxInclusive: pricing.isTaxInclusive, event: one.event, workout: one.workout };
  });

  route(app, endpoints.myBookings, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    const q = request.query;
    return pageOf(request, q, await listMyBookings(db, auth.gym.gymId, athleteId, q));
  });

  route(app, endpoints.myAttendance, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    return myAttendance(db, auth.gym.gymId, athleteId);
  });
}
