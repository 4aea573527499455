import { access } from '../access';
import {
  appointmentSlotsAnswerSchema,
  appointmentSlotsQuerySchema,
  athleteAppointmentAnswerSchema,
  bookAppointmentInputSchema,
  bookableAppointmentTypesSchema,
  bookedAppointmentSchema,
} from '../api/appointments';
import { idParamsSchema } from '../api/common';
import { defineEndpoint } from '../endpoint';

const tags = ['appointments'];

/** Issue 16: appointment slots and booking; the athlete app's `/appointments/{eventId}`. Cancelling is DELETE athlete-appointments. */
export const appointmentsEndpoints = {
  appointmentSlots: defineEndpoint({
    method: 'GET',
    path: '/api/appointment-slots/',
    access: access.gymProfile,
    tags,
    summary:
      "The free slots of an appointment type on a gym-local date: every 15 minutes inside each offering coach's hours, clear of their classes, appointments (with the type's buffer) and time off, at least an hour from now.",
    query: appointmentSlotsQuerySchema,
    answers: { 200: appointmentSlotsAnswerSchema },
  }),
  bookAppointment: defineEndpoint({
    method: 'POST',
    path: '/api/appointment-bookings/',
    access: access.kiosk,
    tags,
    summary: "Books a free slot: the appointment, its coach and the athlete's reservation in one transaction. Athletes book for themselves; staff need Kiosk.",
    body: bookAppointmentInputSchema,
    answers: { 201: bookedAppointmentSchema },
  }),
  bookableAppointmentTypes: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/appointment-types/',
    access: access.athlete,
    tags,
    summary: "The gym's appointment types an athlete can book (not archived, offered by a coach), with price and coaches.",
    answers: { 200: bookableAppointmentTypesSchema },
  }),
  athleteAppointment: defineEndpoint({
    method: 'GET',
    path: '/api/schedule/appointments/:eventId/',
    access: access.athlete,
    tags,
    summary:
      "`/appointments/{eventId}`: a bookable appointment type (type) or one of the athlete's own appointments (appointment), with what cancelling now would cost.",
    params: idParamsSchema('eventId'),
    answers: { 200: athleteAppointmentAnswerSchema },
  }),
};
