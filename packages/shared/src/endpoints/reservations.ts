import { access } from '../access';
import { idParamsSchema, okSchema } from '../api/common';
import {
  appointmentReservationSchema,
  bulkReservationInputSchema,
  bulkReservationResultSchema,
  classReservationSchema,
  createAppointmentReservationInputSchema,
  createClassReservationInputSchema,
  updateReservationInputSchema,
} from '../api/reservations';
import { defineEndpoint } from '../endpoint';

const tags = ['reservations'];
const classParams = idParamsSchema('athleteKiloClassId');
const appointmentParams = idParamsSchema('athleteAppointmentId');

/** Spec 4 and 7.3: reservations of classes and appointments, walk-ins, late cancels and no shows (decision 005). */
export const reservationsEndpoints = {
  createClassReservation: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-kilo-classes/',
    access: access.kiosk,
    tags,
    summary:
      'Reserve a class, or check in a walk-in (isReserved false, isCheckedIn true). The same athleteKiloClassId again answers the existing record (200).',
    body: createClassReservationInputSchema,
    answers: { 200: classReservationSchema, 201: classReservationSchema },
  }),
  createAppointmentReservation: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-appointments/',
    access: access.kiosk,
    tags,
    summary: 'Reserve an appointment, or check in a walk-in. The same athleteAppointmentId again answers the existing record (200).',
    body: createAppointmentReservationInputSchema,
    answers: { 200: appointmentReservationSchema, 201: appointmentReservationSchema },
  }),
  updateClassReservation: defineEndpoint({
    method: 'PUT',
    path: '/api/athlete-kilo-classes/:athleteKiloClassId/',
    access: access.kiosk,
    tags,
    summary: 'Check in or out, or mark a late cancel or no show with its charge (isReserved and registrationDatetime are kept)',
    params: classParams,
    body: updateReservationInputSchema,
    answers: { 200: classReservationSchema },
  }),
  updateAppointmentReservation: defineEndpoint({
    method: 'PUT',
    path: '/api/athlete-appointments/:athleteAppointmentId/',
    access: access.kiosk,
    tags,
    summary: 'Check in or out, or mark a late cancel or no show with its charge (isReserved and registrationDatetime are kept)',
    params: appointmentParams,
    body: updateReservationInputSchema,
    answers: { 200: appointmentReservationSchema },
  }),
  deleteClassReservation: defineEndpoint({
    method: 'DELETE',
    path: '/api/athlete-kilo-classes/:athleteKiloClassId/',
    access: access.kiosk,
    tags,
    summary: 'Delete a class reservation (a recorded charge stays)',
    params: classParams,
    answers: { 200: okSchema },
  }),
  deleteAppointmentReservation: defineEndpoint({
    method: 'DELETE',
    path: '/api/athlete-appointments/:athleteAppointmentId/',
    access: access.kiosk,
    tags,
    summary: 'Delete an appointment reservation (a recorded charge stays)',
    params: appointmentParams,
    answers: { 200: okSchema },
  }),
  createBulkReservations: defineEndpoint({
    method: 'POST',
    path: '/api/athlete-kilo-classes/create-bulk/',
    access: access.kiosk,
    tags,
    summary: 'Reserve every matching class between the dates (at most a year ahead, not before today); skips reserved, full and started ones',
    body: bulkReservationInputSchema,
    answers: { 201: bulkReservationResultSchema },
  }),
};
