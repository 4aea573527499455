import { access } from '../access';
import {
  availabilityAnswerSchema,
  coachAvailabilitySchema,
  createTimeOffInputSchema,
  replaceCoachAppointmentTypesInputSchema,
  replaceWeeklyHoursInputSchema,
  timeOffSchema,
} from '../api/availability';
import { idParamsSchema, okSchema } from '../api/common';
import { defineEndpoint } from '../endpoint';

const tags = ['availability'];

/** Issue 16 `/calendar/availability` (spec 2.7: no permission, so every staff member and the owner). */
export const availabilityEndpoints = {
  availability: defineEndpoint({
    method: 'GET',
    path: '/api/availability/',
    access: access.staffOrOwner,
    tags,
    summary: "Every coach's weekly hours (in the gym's zone), the appointment types they offer and their time off still to come.",
    answers: { 200: availabilityAnswerSchema },
  }),
  replaceCoachHours: defineEndpoint({
    method: 'PUT',
    path: '/api/availability/:staffId/hours/',
    access: access.staffOrOwner,
    tags,
    summary: "Replaces a coach's weekly hours; overlapping or inverted ranges of a day are refused.",
    params: idParamsSchema('staffId'),
    body: replaceWeeklyHoursInputSchema,
    answers: { 200: coachAvailabilitySchema },
  }),
  replaceCoachAppointmentTypes: defineEndpoint({
    method: 'PUT',
    path: '/api/availability/:staffId/appointment-types/',
    access: access.staffOrOwner,
    tags,
    summary: 'Replaces the appointment types a coach offers (their slots are offered for these only).',
    params: idParamsSchema('staffId'),
    body: replaceCoachAppointmentTypesInputSchema,
    answers: { 200: coachAvailabilitySchema },
  }),
  createTimeOff: defineEndpoint({
    method: 'POST',
    path: '/api/availability/time-off/',
    access: access.staffOrOwner,
    tags,
    summary: "A coach's time off: whole days, or from a local date and time to another in the gym's zone.",
    body: createTimeOffInputSchema,
    answers: { 201: timeOffSchema },
  }),
  deleteTimeOff: defineEndpoint({
    method: 'DELETE',
    path: '/api/availability/time-off/:timeOffId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Removes a time off.',
    params: idParamsSchema('timeOffId'),
    answers: { 200: okSchema },
  }),
};
