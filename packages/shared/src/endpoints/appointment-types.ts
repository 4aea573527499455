import { access } from '../access';
import { appointmentTypeInputSchema, appointmentTypePageSchema, appointmentTypeSavedSchema, appointmentTypeSchema } from '../api/appointment-types';
import { idParamsSchema, okSchema } from '../api/common';
import { csvAnswerSchema, setupFilterSchema, setupListQuerySchema } from '../api/event-setup';
import { defineEndpoint } from '../endpoint';

const tags = ['event setup'];
const params = idParamsSchema('appointmentTypeId');

/** Issue 16, spec 2.7 `/events/appointments`: appointment types. Spec 6: no permission, so every staff member and owner. */
export const appointmentTypesEndpoints = {
  appointmentTypes: defineEndpoint({
    method: 'GET',
    path: '/api/appointment-types/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's appointment types (active or archived) with their coaches, searched by name, sorted by name, paged; each says whether anything uses it",
    query: setupListQuerySchema,
    answers: { 200: appointmentTypePageSchema },
  }),
  appointmentTypesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/appointment-types/export/',
    budget: 'long',
    access: access.staffOrOwner,
    tags,
    summary: 'The filtered appointment types, all of them, as a CSV file',
    query: setupFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  appointmentType: defineEndpoint({
    method: 'GET',
    path: '/api/appointment-types/:appointmentTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'One appointment type of the gym, with its coaches',
    params,
    answers: { 200: appointmentTypeSchema },
  }),
  createAppointmentType: defineEndpoint({
    method: 'POST',
    path: '/api/appointment-types/',
    access: access.staffOrOwner,
    tags,
    summary: 'Create an appointment type offered by coaches of the gym (its name unique among the active ones)',
    body: appointmentTypeInputSchema,
    answers: { 201: appointmentTypeSchema },
  }),
  updateAppointmentType: defineEndpoint({
    method: 'PUT',
    path: '/api/appointment-types/:appointmentTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Update an appointment type and replace its coaches; a change of its fees or tax rate reaches its appointments still to come (not cancelled) too',
    params,
    body: appointmentTypeInputSchema,
    answers: { 200: appointmentTypeSavedSchema },
  }),
  archiveAppointmentType: defineEndpoint({
    method: 'POST',
    path: '/api/appointment-types/:appointmentTypeId/archive/',
    access: access.staffOrOwner,
    tags,
    summary: 'Archive an appointment type: it keeps its history and appointments, and is offered for nothing new',
    params,
    answers: { 200: appointmentTypeSchema },
  }),
  restoreAppointmentType: defineEndpoint({
    method: 'POST',
    path: '/api/appointment-types/:appointmentTypeId/restore/',
    access: access.staffOrOwner,
    tags,
    summary: 'Restore an archived appointment type',
    params,
    answers: { 200: appointmentTypeSchema },
  }),
  deleteAppointmentType: defineEndpoint({
    method: 'DELETE',
    path: '/api/appointment-types/:appointmentTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Delete an appointment type that no appointment uses; otherwise 409: archive it instead',
    params,
    answers: { 200: okSchema },
  }),
};
