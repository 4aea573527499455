import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointmentSchema,
  eligibleAthletesQuerySchema,
  idParamsSchema,
  kioskAthletePageSchema,
  kioskEventDetailQuerySchema,
  kioskEventDetailSchema,
  kioskEventPageSchema,
  kioskEventsQuerySchema,
  kioskMessages,
  kiloClassPreviewPageSchema,
  kiloClassSchema,
  kiloClassesQuerySchema,
  taxRatePageSchema,
  taxRatesQuerySchema,
  toZoned,
  type EventKind,
} from '@spotter/shared';
import { cachedJson, sendJson } from '../../lib/cached-json';
import { errorResponses } from '../../lib/openapi';
import { toPage, toPageJson } from '../../lib/pagination';
import { fieldError, notFound } from '../../lib/http-error';
import { gymCaller } from '../../plugins/access';
import {
  eventTiming,
  findEvent,
  listClassPreview,
  listEligibleAthletes,
  listTaxRates,
  loadEventAttendees,
  toClassPreview,
  toFeeSettings,
  type Viewer,
} from './kiosk.repository';
import { kioskAccess } from './kinds';
import { loadEventDetail } from './kiosk-detail.repository';
import { listKioskEvents } from './kiosk-list.repository';
import { oneYearAfter } from './reservations.repository';
import { reservationsRoutes } from './reservations.routes';

const tags = ['kiosk'];

export const viewerOf = (request: FastifyRequest): Viewer => {
  const auth = gymCaller(request);
  return { athleteId: auth.athleteId, isAthlete: auth.role === 'athlete' };
};

/** Spec 2.11, 2.12 and 7.3: the front-desk kiosk's reads, and (registered from here) its reservation writes. */
export async function kioskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.get(
    '/api/events/kiosk-events/',
    {
      config: kioskAccess,
      schema: {
        tags,
        summary: "A day's classes and appointments in the gym's time zone (today by default), searched by type, coach or athlete name",
        querystring: kioskEventsQuerySchema,
        response: { 200: kioskEventPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = gymCaller(request);
      const q = request.query;
      const date = q.date ?? toZoned(new Date(), auth.gym.timeZone).date;
      // The same answer for every caller of the gym (the date is the gym's today when not given).
      const body = await cachedJson(app.readCache, auth.gym.gymId, `kiosk-events ${date} ${request.url}`, async () => {
        const { count, results } = await listKioskEvents(db, auth.gym.gymId, { date, search: q.search, kind: q.eventType, limit: q.limit, offset: q.offset });
        return toPage(request, q.limit, q.offset, count, results);
      });
      return sendJson(request, reply, body!);
    },
  );

  r.get(
    '/api/events/:eventId/kiosk-event/',
    {
      config: kioskAccess,
      schema: {
        tags,
        summary: 'A class or appointment with its athletes (late-cancelled and no-show ones only with includeCancelled=true)',
        params: idParamsSchema('eventId'),
        querystring: kioskEventDetailQuerySchema,
        response: { 200: kioskEventDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = gymCaller(request);
      const q = request.query;
      const eventId = request.params.eventId as string;
      const kinds: EventKind[] = q.eventType ? [q.eventType] : ['class', 'appointment'];
      const page = { limit: q.limit, offset: q.offset, includeCancelled: q.includeCancelled ?? false };
      const viewer = viewerOf(request);
      // Staff all see the same answer; an athlete profile sees no notes and only its own warnings.
      const seenBy = viewer.isAthlete ? `athlete ${viewer.athleteId}` : 'staff';
      const body = await cachedJson(app.readCache, auth.gym.gymId, `kiosk-event ${seenBy} ${request.url}`, async () => {
        for (const kind of kinds) {
          const detail = await loadEventDetail(db, auth.gym.gymId, kind, eventId, page, viewer);
          if (detail) return toPageJson(request, q.limit, q.offset, detail.count, detail.resultsJson, { event: detail.event });
        }
        return null;
      });
      if (body === null) throw notFound(kioskMessages.eventNotFound);
      return sendJson(request, reply, body);
    },
  );

  r.get(
    '/api/kilo-classes/',
    {
      config: kioskAccess,
      schema: {
        tags,
        summary: 'Bulk-reservation preview: classes between start and end on the weekdays (1 = Sunday .. 7 = Saturday) at a start time, of a type, at a location (None: no location)',
        querystring: kiloClassesQuerySchema,
        response: { 200: kiloClassPreviewPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = gymCaller(request);
      const q = request.query;
      const start = q.start ?? toZoned(new Date(), auth.gym.timeZone).date;
      const end = q.end ?? oneYearAfter(start);
      if (end < start) throw fieldError('end', kioskMessages.endBeforeStart);
      if (end > oneYearAfter(start)) throw fieldError('end', kioskMessages.rangeOverOneYear);
      const { count, results } = await listClassPreview(db, auth.gym.gymId, { ...q, start, end });
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  r.get(
    '/api/kilo-classes/:kiloClassId/',
    {
      config: kioskAccess,
      schema: { tags, summary: 'A class with its fee settings, tax rate and active reservations', params: idParamsSchema('kiloClassId'), response: { 200: kiloClassSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = gymCaller(request);
      const event = await findEvent(db, auth.gym.gymId, 'class', request.params.kiloClassId as string);
      if (!event) throw notFound(kioskMessages.classNotFound);
      return { ...toClassPreview(event), athleteKiloClasses: await loadEventAttendees(db, auth.gym.gymId, event) };
    },
  );

  r.get(
    '/api/appointments/:appointmentId/',
    {
      config: kioskAccess,
      schema: { tags, summary: 'An appointment with its type, cancellation settings and active reservations', params: idParamsSchema('appointmentId'), response: { 200: appointmentSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = gymCaller(request);
      const event = await findEvent(db, auth.gym.gymId, 'appointment', request.params.appointmentId as string);
      if (!event) throw notFound(kioskMessages.appointmentNotFound);
      return {
        appointmentId: event.id,
        appointmentType: { appointmentTypeId: event.typeId, name: event.name },
        ...eventTiming(event),
        cancellationSettings: toFeeSettings(event.fees),
        athleteAppointments: await loadEventAttendees(db, auth.gym.gymId, event),
      };
    },
  );

  // The spec writes this one path without a trailing slash; the slash form is served too.
  for (const url of ['/api/athletes/eligible-athletes', '/api/athletes/eligible-athletes/']) {
    r.get(
      url,
      {
        config: kioskAccess,
        schema: {
          tags,
          summary: "Eligible tab: the gym's active athletes matching the search, with their reservation of the class",
          querystring: eligibleAthletesQuerySchema,
          response: { 200: kioskAthletePageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const auth = gymCaller(request);
        const q = request.query;
        if (q.class && !(await findEvent(db, auth.gym.gymId, 'class', q.class))) throw notFound(kioskMessages.classNotFound);
        const { count, results } = await listEligibleAthletes(db, auth.gym.gymId, { classId: q.class ?? null, search: q.search, limit: q.limit, offset: q.offset }, viewerOf(request));
        return toPage(request, q.limit, q.offset, count, results);
      },
    );
  }

  r.get(
    '/api/tax-rates/',
    {
      config: kioskAccess,
      schema: { tags, summary: "The gym's active tax rates, searched by name (charge dialog)", querystring: taxRatesQuerySchema, response: { 200: taxRatePageSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = gymCaller(request);
      const q = request.query;
      const { count, results } = await listTaxRates(db, auth.gym.gymId, q);
      return toPage(request, q.limit, q.offset, count, results);
    },
  );

  await app.register(reservationsRoutes);
}
