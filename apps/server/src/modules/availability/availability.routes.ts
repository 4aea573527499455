import type { FastifyInstance, FastifyRequest } from 'fastify';
import { availabilityMessages, endpoints } from '@spotter/shared';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { loadAvailability } from './availability.repository';
import { createTimeOff, deleteTimeOff, replaceCoachAppointmentTypes, replaceCoachHours, type AvailabilityWriter } from './availability.service';

/** Issue 16 `/calendar/availability` (spec 2.7): coaches' weekly hours, the appointment types they offer, time off. */
export async function availabilityRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const writerOf = (request: FastifyRequest): AvailabilityWriter => {
    const auth = gymCaller(request);
    return { gymId: auth.gym.gymId, timeZone: auth.gym.timeZone };
  };
  const coachOf = async (w: AvailabilityWriter, staffId: string) => {
    const [coach] = (await loadAvailability(db, w.gymId, w.timeZone, { staffId })).coaches;
    if (!coach) throw notFound(availabilityMessages.coachNotFound);
    return coach;
  };

  route(app, endpoints.availability, async (request) => {
    const auth = gymCaller(request);
    const answer = await loadAvailability(db, auth.gym.gymId, auth.gym.timeZone);
    return { timeZone: auth.gym.timeZone, country: auth.gym.country, ...answer };
  });

  route(app, endpoints.replaceCoachHours, async (request) => {
    const w = writerOf(request);
    await replaceCoachHours(ctx, w, request.params.staffId, request.body.hours);
    return coachOf(w, request.params.staffId);
  });

  route(app, endpoints.replaceCoachAppointmentTypes, async (request) => {
    const w = writerOf(request);
    await replaceCoachAppointmentTypes(ctx, w, request.params.staffId, request.body.appointmentTypeIds);
    return coachOf(w, request.params.staffId);
  });

  route(app, endpoints.createTimeOff, async (request, reply) => {
    const timeOff = await createTimeOff(ctx, writerOf(request), request.body);
    reply.status(201);
    return timeOff;
  });

  route(app, endpoints.deleteTimeOff, async (request) => {
    await deleteTimeOff(ctx, writerOf(request), request.params.timeOffId);
    return { detail: 'Time off removed.' };
  });
}
