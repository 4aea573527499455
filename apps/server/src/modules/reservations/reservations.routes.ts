import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESERVATION_DELETED_MESSAGE, endpoints, reservationMessages } from '@spotter/shared';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { toAppointmentReservation, toClassReservation } from './reservations.repository';
import { createBulkReservations, createReservation, deleteReservation, updateReservation, type ReservationsContext, type Writer } from './reservations.service';

/** Who writes: an athlete profile only ever changes its own reservations (and one with no athlete record, none). */
function writerOf(request: FastifyRequest): Writer {
  const auth = gymCaller(request);
  if (auth.role === 'athlete' && !auth.athleteId) throw forbidden(reservationMessages.athletesOwnOnly, 'own_reservations_only');
  return {
    gymId: auth.gym.gymId,
    timeZone: auth.gym.timeZone,
    actorUserId: auth.actorUserId,
    ownAthleteId: auth.role === 'athlete' ? auth.athleteId : null,
  };
}

/** Spec 4 and 7.3: reservations of classes and appointments, walk-ins, late cancels and no shows (decision 005). */
export async function reservationsRoutes(app: FastifyInstance) {
  const ctx: ReservationsContext = { db: app.db, changes: app.changes, fastWrites: app.config.fastWrites };

  route(app, endpoints.createClassReservation, async (request, reply) => {
    const b = request.body;
    const { created, record } = await createReservation(ctx, writerOf(request), 'class', {
      id: b.athleteKiloClassId,
      athleteId: b.athlete,
      eventId: b.kiloClass,
      isReserved: b.isReserved,
      isCheckedIn: b.isCheckedIn,
    });
    reply.status(created ? 201 : 200);
    return toClassReservation(record);
  });

  route(app, endpoints.createAppointmentReservation, async (request, reply) => {
    const b = request.body;
    const { created, record } = await createReservation(ctx, writerOf(request), 'appointment', {
      id: b.athleteAppointmentId,
      athleteId: b.athlete,
      eventId: b.appointment,
      isReserved: b.isReserved,
      isCheckedIn: b.isCheckedIn,
    });
    reply.status(created ? 201 : 200);
    return toAppointmentReservation(record);
  });

  route(app, endpoints.updateClassReservation, async (request) =>
    toClassReservation(await updateReservation(ctx, writerOf(request), 'class', request.params.athleteKiloClassId, request.body)),
  );

  route(app, endpoints.updateAppointmentReservation, async (request) =>
    toAppointmentReservation(await updateReservation(ctx, writerOf(request), 'appointment', request.params.athleteAppointmentId, request.body)),
  );

  route(app, endpoints.deleteClassReservation, async (request) => {
    await deleteReservation(ctx, writerOf(request), 'class', request.params.athleteKiloClassId);
    return { detail: RESERVATION_DELETED_MESSAGE };
  });

  route(app, endpoints.deleteAppointmentReservation, async (request) => {
    await deleteReservation(ctx, writerOf(request), 'appointment', request.params.athleteAppointmentId);
    return { detail: RESERVATION_DELETED_MESSAGE };
  });

  route(app, endpoints.createBulkReservations, async (request, reply) => {
    const result = await createBulkReservations(ctx, writerOf(request), request.body);
    reply.status(201);
    return result;
  });
}
