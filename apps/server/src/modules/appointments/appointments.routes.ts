import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appointmentMessages, endpoints, freeSlots, reservationMessages, toZoned } from '@spotter/shared';
import { forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { gymPricing } from '../schedule';
import { findAthleteAppointment, listBookableTypes, slotQuestionOf } from './appointments.repository';
import { bookAppointment, type AppointmentsContext, type Booker } from './appointments.service';

/** Issue 16: appointment slots and booking; the athlete app's bookable types and own appointments (spec 2.4). */
export async function appointmentsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx: AppointmentsContext = { db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl };
  const athleteOf = (request: FastifyRequest) => {
    const auth = gymCaller(request);
    if (!auth.athleteId) throw forbidden('This profile has no athlete record in this gym.', 'no_athlete');
    return { auth, athleteId: auth.athleteId };
  };
  const gymFields = async (auth: ReturnType<typeof gymCaller>) => ({
    timeZone: auth.gym.timeZone,
    country: auth.gym.country,
    isTaxInclusive: (await gymPricing(db, auth.gym.gymId)).isTaxInclusive,
  });

  route(app, endpoints.appointmentSlots, async (request) => {
    const auth = gymCaller(request);
    const { appointmentTypeId, date, staffId } = request.query;
    const question = await slotQuestionOf(db, auth.gym.gymId, auth.gym.timeZone, appointmentTypeId, date, staffId);
    if (!question) throw notFound(appointmentMessages.typeNotFound);
    const { type, coaches } = question;
    const slots = freeSlots({
      date,
      timeZone: auth.gym.timeZone,
      durationMinutes: type.durationMinutes,
      bufferMinutes: type.bufferMinutes,
      now: new Date(),
      coaches,
    });
    return {
      timeZone: auth.gym.timeZone,
      country: auth.gym.country,
      date,
      appointmentTypeId: type.id,
      durationMinutes: type.durationMinutes,
      slots: slots.map((s) => ({
        staffId: s.staffId,
        coachName: s.coachName,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        startTime: s.startTime,
      })),
    };
  });

  route(app, endpoints.bookAppointment, async (request, reply) => {
    const auth = gymCaller(request);
    if (auth.role === 'athlete' && !auth.athleteId) throw forbidden(reservationMessages.athletesOwnOnly, 'own_reservations_only');
    const w: Booker = {
      gymId: auth.gym.gymId,
      timeZone: auth.gym.timeZone,
      country: auth.gym.country,
      gymTitle: auth.gym.title,
      actorUserId: auth.actorUserId,
      ownAthleteId: auth.role === 'athlete' ? auth.athleteId : null,
    };
    const { eventId } = await bookAppointment(ctx, w, request.body);
    const appointment = await findAthleteAppointment(db, auth.gym.gymId, request.body.athleteId, eventId);
    reply.status(201);
    return { ...(await gymFields(auth)), appointment: appointment! };
  });

  route(app, endpoints.bookableAppointmentTypes, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    const [results, gym] = await Promise.all([
      listBookableTypes(db, auth.gym.gymId, { athleteId, today: toZoned(new Date(), auth.gym.timeZone).date }),
      gymFields(auth),
    ]);
    return { ...gym, results };
  });

  route(app, endpoints.athleteAppointment, async (request) => {
    const { auth, athleteId } = athleteOf(request);
    const id = request.params.eventId;
    const today = toZoned(new Date(), auth.gym.timeZone).date;
    const [appointment, [type], gym] = await Promise.all([
      findAthleteAppointment(db, auth.gym.gymId, athleteId, id),
      listBookableTypes(db, auth.gym.gymId, { athleteId, today }, id),
      gymFields(auth),
    ]);
    if (!appointment && !type) throw notFound(appointmentMessages.notFound);
    return { ...gym, type: type ?? null, appointment };
  });
}
