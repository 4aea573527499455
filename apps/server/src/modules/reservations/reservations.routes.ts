import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVATION_DELETED_MESSAGE, endpoints, reservationMessages, type EventKind } from '@spotter/shared';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { toAppointmentReservation, toClassReservation } from './reservations.repository';
import {
  createBulkReservations,
  createReservation,
  deleteReservation,
  updateReservation,
  type ReservationInput,
  type ReservationsContext,
  type Writer,
} from './reservations.service';

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
  const ctx: ReservationsContext = { db: app.db, changes: app.changes, jobs: app.jobs, appUrl: app.config.appUrl, fastWrites: app.config.fastWrites };

  /** POST of either kind: the reservation, or the existing one for the same id again (200). */
  const create = async (request: FastifyRequest, reply: FastifyReply, kind: EventKind, input: ReservationInput) => {
    const { created, record } = await createReservation(ctx, writerOf(request), kind, input);
    reply.status(created ? 201 : 200);
    return record;
  };

  route(app, endpoints.createClassReservation, async (request, reply) => {
    const { athleteKiloClassId: id, kiloClass: eventId, athlete: athleteId, isReserved, isCheckedIn, joinWaitlist } = request.body;
    return toClassReservation(await create(request, reply, 'class', { id, eventId, athleteId, isReserved, isCheckedIn, joinWaitlist }));
  });

  route(app, endpoints.createAppointmentReservation, async (request, reply) => {
    const { athleteAppointmentId: id, appointment: eventId, athlete: athleteId, isReserved, isCheckedIn } = request.body;
    return toAppointmentReservation(await create(request, reply, 'appointment', { id, eventId, athleteId, isReserved, isCheckedIn }));
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
