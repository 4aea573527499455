import { access } from '../access';
import {
  athleteListFilterSchema,
  athleteListQuerySchema,
  athletePageSchema,
  bulkEmailAnswerSchema,
  bulkEmailInputSchema,
  bulkTagAnswerSchema,
  bulkTagInputSchema,
  tagInputSchema,
  tagPageSchema,
} from '../api/athletes-list';
import { tagSchema } from '../api/athletes';
import { idParamsSchema, okSchema, paginationQuerySchema } from '../api/common';
import { csvAnswerSchema } from '../api/event-setup';
import { defineEndpoint } from '../endpoint';

const tags = ['athletes'];

/** Issue 17, spec 2.7 `/users/athletes` (phone: `/athletes`): staff holding AthleteView (spec 6); athletes never. */
export const athletesListEndpoints = {
  athletes: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/',
    access: access.staffAthleteView,
    tags,
    summary:
      "The gym's athletes, paged: searched by name, email or phone; filtered by membership state, past-due bill, unsigned document, tag, last visit, archived; sorted",
    query: athleteListQuerySchema,
    answers: { 200: athletePageSchema },
  }),
  athletesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/export.csv',
    budget: 'long',
    access: access.staffAthleteView,
    tags,
    summary: 'Every athlete of the filter (not one page), in its sort, as a CSV file streamed in batches',
    query: athleteListFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/api/tags/',
    access: access.staffAthleteView,
    tags,
    summary: "The gym's athlete tags by name, each with how many athletes carry it",
    query: paginationQuerySchema,
    answers: { 200: tagPageSchema },
  }),
  createTag: defineEndpoint({
    method: 'POST',
    path: '/api/tags/',
    access: access.staffAthleteView,
    tags,
    summary: 'Create a tag (its name unique in the gym, whatever the case: otherwise 409)',
    body: tagInputSchema,
    answers: { 201: tagSchema },
  }),
  deleteTag: defineEndpoint({
    method: 'DELETE',
    path: '/api/tags/:tagId/',
    access: access.staffAthleteView,
    tags,
    summary: 'Delete a tag: it leaves every athlete that carried it',
    params: idParamsSchema('tagId'),
    answers: { 200: okSchema },
  }),
  bulkTagAthletes: defineEndpoint({
    method: 'POST',
    path: '/api/athletes/bulk/tags/',
    access: access.staffAthleteView,
    tags,
    summary:
      "Add a tag to, or remove it from, the chosen athletes in one transaction (another gym's ids change nothing), with an audit row per athlete changed",
    body: bulkTagInputSchema,
    answers: { 200: bulkTagAnswerSchema },
  }),
  bulkEmailAthletes: defineEndpoint({
    method: 'POST',
    path: '/api/athletes/bulk/email/',
    access: access.staffAthleteView,
    tags,
    summary:
      'Email the chosen athletes that have an email, one mail each through the outbox, with an audit row per mail queued. The same Idempotency-Key (or body key) again with the same athletes and subject mails nobody twice (queued 0); with other athletes or another subject it is refused (409 key_reused), nothing sent',
    body: bulkEmailInputSchema,
    answers: { 200: bulkEmailAnswerSchema },
  }),
};
