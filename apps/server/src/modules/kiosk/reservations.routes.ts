import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointmentReservationSchema,
  bulkReservationInputSchema,
  bulkReservationResultSchema,
  classReservationSchema,
  createAppointmentReservationInputSchema,
  createClassReservationInputSchema,
  kioskMessages,
  okSchema,
  reservationIdParamsSchema,
  updateReservationInputSchema,
} from '@spotter/shared';
import { forbidden } from '../../lib/http-error';
import { errorResponses } from '../../lib/openapi';
import { gymCaller } from '../../plugins/access';
import { KINDS, kioskAccess } from './kinds';
import {
  createBulkReservations,
  createReservation,
  deleteReservation,
  toAppointmentReservation,
  toClassReservation,
  updateReservation,
  type Writer,
} from './reservations.repository';

const tags = ['reservations'];
/** Reservation writes change reservations and charges only, never what a session is read from (plugins/session.ts). */
const reservationWrite = { ...kioskAccess, sessionNeutral: true as const };
export const RESERVATION_DELETED_MESSAGE = 'Reservation successfully deleted.';

/** Who writes: an athlete profile only ever changes its own reservations (and one with no athlete record, none). */
function writerOf(request: FastifyRequest): Writer {
  const auth = gymCaller(request);
  if (auth.role === 'athlete' && !auth.athleteId) throw forbidden(kioskMessages.athletesOwnOnly, 'own_reservations_only');
  return {
    gymId: auth.gym.gymId,
    timeZone: auth.gym.timeZone,
    actorUserId: auth.actorUserId,
    ownAthleteId: auth.role === 'athlete' ? auth.athleteId : null,
  };
}

/** Spec 4 and 7.3: reservations of classes and appointments, walk-ins, late cancels and no shows (decision 005). */
export async function reservationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const classParams = reservationIdParamsSchema('athleteKiloClassId');
  const appointmentParams = reservationIdParamsSchema('athleteAppointmentId');

  r.post(
    '/api/athlete-kilo-classes/',
    {
      config: reservationWrite,
      schema: {
        tags,
        summary: 'Reserve a class, or check in a walk-in (isReserved false, isCheckedIn true). The same athleteKiloClassId again answers the existing record (200).',
        body: createClassReservationInputSchema,
        response: { 200: classReservationSchema, 201: classReservationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { created, record } = await createReservation(db, KINDS.class, writerOf(request), {
        id: b.athleteKiloClassId,
        athleteId: b.athlete,
        eventId: b.kiloClass,
        isReserved: b.isReserved,
        isCheckedIn: b.isCheckedIn,
      });
      reply.status(created ? 201 : 200);
      return toClassReservation(record);
    },
  );

  r.post(
    '/api/athlete-appointments/',
    {
      config: reservationWrite,
      schema: {
        tags,
        summary: 'Reserve an appointment, or check in a walk-in. The same athleteAppointmentId again answers the existing record (200).',
        body: createAppointmentReservationInputSchema,
        response: { 200: appointmentReservationSchema, 201: appointmentReservationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { created, record } = await createReservation(db, KINDS.appointment, writerOf(request), {
        id: b.athleteAppointmentId,
        athleteId: b.athlete,
        eventId: b.appointment,
        isReserved: b.isReserved,
        isCheckedIn: b.isCheckedIn,
      });
      reply.status(created ? 201 : 200);
      return toAppointmentReservation(record);
    },
  );

  r.put(
    '/api/athlete-kilo-classes/:athleteKiloClassId/',
    {
      config: reservationWrite,
      schema: {
        tags,
        summary: 'Check in or out, or mark a late cancel or no show with its charge (isReserved and registrationDatetime are kept)',
        params: classParams,
        body: updateReservationInputSchema,
        response: { 200: classReservationSchema, ...errorResponses },
      },
    },
    async (request) =>
      toClassReservation(await updateReservation(db, KINDS.class, writerOf(request), request.params.athleteKiloClassId as string, request.body)),
  );

  r.put(
    '/api/athlete-appointments/:athleteAppointmentId/',
    {
      config: reservationWrite,
      schema: {
        tags,
        summary: 'Check in or out, or mark a late cancel or no show with its charge (isReserved and registrationDatetime are kept)',
        params: appointmentParams,
        body: updateReservationInputSchema,
        response: { 200: appointmentReservationSchema, ...errorResponses },
      },
    },
    async (request) =>
      toAppointmentReservation(await updateReservation(db, KINDS.appointment, writerOf(request), request.params.athleteAppointmentId as string, request.body)),
  );

  r.delete(
    '/api/athlete-kilo-classes/:athleteKiloClassId/',
    { config: reservationWrite, schema: { tags, summary: 'Delete a class reservation (a recorded charge stays)', params: classParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      await deleteReservation(db, KINDS.class, writerOf(request), request.params.athleteKiloClassId as string);
      return { detail: RESERVATION_DELETED_MESSAGE };
    },
  );

  r.delete(
    '/api/athlete-appointments/:athleteAppointmentId/',
    { config: reservationWrite, schema: { tags, summary: 'Delete an appointment reservation (a recorded charge stays)', params: appointmentParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      await deleteReservation(db, KINDS.appointment, writerOf(request), request.params.athleteAppointmentId as string);
      return { detail: RESERVATION_DELETED_MESSAGE };
    },
  );

  r.post(
    '/api/athlete-kilo-classes/create-bulk/',
    {
      config: reservationWrite,
      schema: {
        tags,
        summary: 'Reserve every matching class between the dates (at most a year ahead, not before today); skips reserved, full and started ones',
        body: bulkReservationInputSchema,
        response: { 201: bulkReservationResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await createBulkReservations(db, writerOf(request), request.body);
      reply.status(201);
      return result;
    },
  );
}
