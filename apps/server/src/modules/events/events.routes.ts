import type { FastifyInstance } from 'fastify';
import { endpoints, eventMessages, oneYearAfter, toZoned } from '@spotter/shared';
import { fieldError, notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { eventTiming, findEvent, listClassPreview, listTaxRates, loadEventAttendees, toClassPreview, toFeeSettings } from './events.repository';

/** Spec 7.3: classes, appointments and tax rates as the kiosk's dialogs read them. */
export async function eventsRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.classPreview, async (request) => {
    const auth = gymCaller(request);
    const q = request.query;
    const start = q.start ?? toZoned(new Date(), auth.gym.timeZone).date;
    const end = q.end ?? oneYearAfter(start);
    if (end < start) throw fieldError('end', eventMessages.endBeforeStart);
    if (end > oneYearAfter(start)) throw fieldError('end', eventMessages.rangeOverOneYear);
    return pageOf(request, q, await listClassPreview(db, auth.gym.gymId, { ...q, start, end }));
  });

  route(app, endpoints.kiloClass, async (request) => {
    const auth = gymCaller(request);
    const event = await findEvent(db, auth.gym.gymId, 'class', request.params.kiloClassId);
    if (!event) throw notFound(eventMessages.classNotFound);
    return { ...toClassPreview(event), athleteKiloClasses: await loadEventAttendees(db, auth.gym.gymId, event) };
  });

  route(app, endpoints.appointment, async (request) => {
    const auth = gymCaller(request);
    const event = await findEvent(db, auth.gym.gymId, 'appointment', request.params.appointmentId);
    if (!event) throw notFound(eventMessages.appointmentNotFound);
    return {
      appointmentId: event.id,
      appointmentType: { appointmentTypeId: event.typeId, name: event.name },
      ...eventTiming(event),
      cancellationSettings: toFeeSettings(event.fees),
      athleteAppointments: await loadEventAttendees(db, auth.gym.gymId, event),
    };
  });

  route(app, endpoints.taxRates, async (request) => {
    const auth = gymCaller(request);
    return pageOf(request, request.query, await listTaxRates(db, auth.gym.gymId, request.query));
  });
}
