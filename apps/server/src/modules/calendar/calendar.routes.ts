import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarMessages, endpoints, eventMessages } from '@spotter/shared';
import { fieldError, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import type { ScheduleContext, Writer } from '../reservations';
import { calendarOptions, findCalendarEvent, findSeries, listCalendar, loadRoster } from './calendar.repository';
import { cancelClass, createClass, createSeries, materializeThrough, updateClass } from './series.service';

/** The longest range the calendar reads at once: a month view with the days around it. */
const MAX_RANGE_DAYS = 42;

function writerOf(request: FastifyRequest): Writer {
  const auth = gymCaller(request);
  return { gymId: auth.gym.gymId, timeZone: auth.gym.timeZone, actorUserId: auth.actorUserId, ownAthleteId: null };
}

/** Issue 16: the staff calendar and the schedule's writes (series, one-off classes, changes and cancellations by scope). */
export async function calendarRoutes(app: FastifyInstance) {
  const ctx: ScheduleContext = { db: app.db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };

  route(app, endpoints.calendar, async (request) => {
    const auth = gymCaller(request);
    const q = request.query;
    if (q.end < q.start) throw fieldError('end', calendarMessages.endBeforeStart);
    const days = (Date.parse(`${q.end}T00:00:00Z`) - Date.parse(`${q.start}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > MAX_RANGE_DAYS) throw fieldError('end', calendarMessages.rangeTooLong);
    // Issue 34: weeks past the rolling window show their series' classes too.
    await materializeThrough(ctx, auth.gym.gymId, auth.gym.timeZone, q.end);
    return { timeZone: auth.gym.timeZone, country: auth.gym.country, start: q.start, end: q.end, results: await listCalendar(app.db, auth.gym.gymId, q) };
  });

  route(app, endpoints.calendarOptions, async (request) => {
    const auth = gymCaller(request);
    return { timeZone: auth.gym.timeZone, country: auth.gym.country, ...(await calendarOptions(app.db, auth.gym.gymId)) };
  });

  route(app, endpoints.createSeries, async (request, reply) => {
    const w = writerOf(request);
    const { seriesId, created } = await createSeries(ctx, w, request.body);
    reply.status(201);
    return { series: (await findSeries(app.db, w.gymId, seriesId))!, created };
  });

  route(app, endpoints.series, async (request) => {
    const series = await findSeries(app.db, gymCaller(request).gym.gymId, request.params.seriesId);
    if (!series) throw notFound(calendarMessages.seriesNotFound);
    return series;
  });

  route(app, endpoints.createClass, async (request, reply) => {
    const w = writerOf(request);
    const eventId = await createClass(ctx, w, request.body);
    reply.status(201);
    return (await findCalendarEvent(app.db, w.gymId, eventId))!;
  });

  route(app, endpoints.updateClass, async (request) => updateClass(ctx, writerOf(request), request.params.eventId, request.body));

  route(app, endpoints.cancelClass, async (request) => cancelClass(ctx, writerOf(request), request.params.eventId, request.body));

  route(app, endpoints.classRoster, async (request) => {
    const auth = gymCaller(request);
    const event = await findCalendarEvent(app.db, auth.gym.gymId, request.params.eventId);
    if (!event) throw notFound(eventMessages.eventNotFound);
    return { timeZone: auth.gym.timeZone, country: auth.gym.country, event, ...(await loadRoster(app.db, auth.gym.gymId, event.eventId)) };
  });
}
