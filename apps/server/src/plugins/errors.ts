import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { calendarMessages, documentMessages } from '@spotter/shared';
import { constraintOf, detailOf, sqlState } from '../db/client';
import { coachConflictMessage } from '../modules/calendar/coach-conflict';
import { HttpError, conflict, fieldError } from '../lib/http-error';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
/** Issue 32: a request past its time budget, or a statement PostgreSQL cancelled after its statement timeout. */
export const TOO_LONG_MESSAGE = 'This took too long to answer. Please try again, or ask for less at once.';

/** The path to the first text in a parsed query, path or JSON body that holds U+0000, which PostgreSQL cannot take. */
export function findNullCharacter(value: unknown): string | null {
  const path = nullCharacterPath(value, 0);
  return path && (path.join('.') || 'nonFieldErrors');
}

/** The keys down to the first text holding U+0000 (empty: `value` itself), or null; nothing is allocated on a miss. */
function nullCharacterPath(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes('\0') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 32 || ArrayBuffer.isView(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\0')) return [key];
    const below = nullCharacterPath(v, depth + 1);
    if (below) return [key, ...below];
  }
  return null;
}

export const NULL_CHARACTER_MESSAGE = 'Text cannot contain a null character.';

/**
 * Issue 16: the database refuses a coach or a room booked twice at once (exclusion constraints, migration 0008),
 * whichever write tried it; the refusal is a 409 that says which.
 */
const EXCLUSIONS: Record<string, HttpError> = {
  event_coaches_no_overlap: conflict(calendarMessages.coachBusy, 'coach_busy'),
  events_room_no_overlap: conflict(calendarMessages.roomBusy, 'room_busy'),
};

/** The HttpError a database refusal stands for, if it is one the product explains. */
export function refusalOf(err: unknown): HttpError | undefined {
  // Issue 20: the database's immutability triggers (migration 0013) refuse any change to a signed document.
  if (sqlState(err) === '23001') return conflict(documentMessages.signedImmutable, 'document_signed');
  if (sqlState(err) !== '23P01') return undefined;
  return EXCLUSIONS[constraintOf(err) ?? ''];
}

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldsOf(issues: ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'nonFieldErrors';
    (fields[path] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/** One error handler: people get a clear message, a 5xx never carries internals (CONTRACT.md). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Before any schema or handler: no text with U+0000 reaches the database (it would fail the statement with a 500).
  app.addHook('preValidation', async (request) => {
    const field = findNullCharacter(request.params) ?? findNullCharacter(request.query) ?? findNullCharacter(request.body);
    if (field) throw fieldError(field, NULL_CHARACTER_MESSAGE);
  });

  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    // Issue 32: a streamed answer (a CSV export) that fails before its first byte has already been given the headers of
    // its body: its type, @fastify/compress's Content-Encoding, the download's name and length. The error is plain JSON.
    for (const header of ['content-type', 'content-encoding', 'content-disposition', 'content-length']) reply.removeHeader(header);
    const err = refusalOf(thrown) ?? thrown;
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      const message = err.code === 'coach_busy' ? ((await coachConflictMessage(app.db, detailOf(thrown)).catch(() => null)) ?? err.message) : err.message;
      return reply.status(err.statusCode).send({ message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsOf(err.validation as ValidationIssue[]);
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid request.';
      return reply.status(400).send({ message: first, code: 'validation_error', fields });
    }
    if (err.code === 'FST_ERR_HANDLER_TIMEOUT' || sqlState(err) === '57014') {
      request.log.warn({ err }, 'request over its time budget');
      return reply.status(503).send({ message: TOO_LONG_MESSAGE, code: 'timeout' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported media type): its message is safe to show.
    const code = err.code ? err.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
    return reply.status(status).send({ message: err.message || 'Bad request.', code });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' });
  });
});
