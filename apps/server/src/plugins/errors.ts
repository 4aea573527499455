import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

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
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsOf(err.validation as ValidationIssue[]);
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid request.';
      return reply.status(400).send({ message: first, code: 'validation_error', fields });
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
