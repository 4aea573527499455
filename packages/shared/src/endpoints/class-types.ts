import { access } from '../access';
import { classTypeInputSchema, classTypePageSchema, classTypeSavedSchema, classTypeSchema } from '../api/class-types';
import { idParamsSchema, okSchema } from '../api/common';
import { csvAnswerSchema, setupFilterSchema, setupListQuerySchema } from '../api/event-setup';
import { classDefaultsSchema } from '../api/gym-settings';
import { defineEndpoint } from '../endpoint';

const tags = ['event setup'];
const params = idParamsSchema('classTypeId');

/** Issue 16, spec 2.7 `/events/classes`: class types. Spec 6: no permission, so every staff member and owner. */
export const classTypesEndpoints = {
  classTypes: defineEndpoint({
    method: 'GET',
    path: '/api/class-types/',
    access: access.staffOrOwner,
    tags,
    summary: "The gym's class types (active or archived), searched by name, sorted by name, paged; each says whether anything uses it",
    query: setupListQuerySchema,
    answers: { 200: classTypePageSchema },
  }),
  classTypesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/class-types/export/',
    budget: 'long',
    access: access.staffOrOwner,
    tags,
    summary: 'The filtered class types, all of them, as a CSV file',
    query: setupFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  /** Issue 22: what the "New class type" form starts with — the gym's class defaults (/gym-settings). */
  classTypeDefaults: defineEndpoint({
    method: 'GET',
    path: '/api/class-types/defaults/',
    access: access.staffOrOwner,
    tags,
    summary: "What a new class type starts with: the gym's class defaults (booking window, late-cancel cut-off, fees, credits, waitlist)",
    answers: { 200: classDefaultsSchema },
  }),
  classType: defineEndpoint({
    method: 'GET',
    path: '/api/class-types/:classTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'One class type of the gym',
    params,
    answers: { 200: classTypeSchema },
  }),
  createClassType: defineEndpoint({
    method: 'POST',
    path: '/api/class-types/',
    access: access.staffOrOwner,
    tags,
    summary: 'Create a class type (its name unique among the active ones)',
    body: classTypeInputSchema,
    answers: { 201: classTypeSchema },
  }),
  updateClassType: defineEndpoint({
    method: 'PUT',
    path: '/api/class-types/:classTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Update a class type; a change of its fees or tax rate reaches its classes still to come (not cancelled) too',
    params,
    body: classTypeInputSchema,
    answers: { 200: classTypeSavedSchema },
  }),
  archiveClassType: defineEndpoint({
    method: 'POST',
    path: '/api/class-types/:classTypeId/archive/',
    access: access.staffOrOwner,
    tags,
    summary: 'Archive a class type: it keeps its history and classes, and is offered for nothing new',
    params,
    answers: { 200: classTypeSchema },
  }),
  restoreClassType: defineEndpoint({
    method: 'POST',
    path: '/api/class-types/:classTypeId/restore/',
    access: access.staffOrOwner,
    tags,
    summary: 'Restore an archived class type',
    params,
    answers: { 200: classTypeSchema },
  }),
  deleteClassType: defineEndpoint({
    method: 'DELETE',
    path: '/api/class-types/:classTypeId/',
    access: access.staffOrOwner,
    tags,
    summary: 'Delete a class type that nothing uses (no class, series or workout); otherwise 409: archive it instead',
    params,
    answers: { 200: okSchema },
  }),
};
