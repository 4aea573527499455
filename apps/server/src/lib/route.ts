import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type Endpoint, type EndpointAnswer, type EndpointBody, type EndpointParams, type EndpointQuery } from '@spotter/shared';
import { errorResponses } from './openapi';

/** An upload may also be refused as too large or of the wrong type (spec 7.2). */
const uploadErrorResponses = { 413: errorResponses[400], 415: errorResponses[400] } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (packages/shared endpoints, decision 017). */
    endpoint?: Endpoint;
  }
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * A handler answers the endpoint's answer, or sends its own reply (a cached JSON text, a file) and returns that reply.
 */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E> | FastifyReply>;

/**
 * Registers the route of one endpoint declaration: its method and path (and aliases), its access, its schemas for
 * validation, serialisation and the OpenAPI document, and every route's error answers (CONTRACT.md).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      config: { access: endpoint.access, endpoint },
      ...(endpoint.budget === 'long' || endpoint.upload ? { handlerTimeout: app.config.longRequestBudgetMs } : {}),
      schema: {
        tags: [...endpoint.tags],
        summary: endpoint.summary,
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        // The handler reads the multipart file itself; there is no body schema to validate.
        ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
        response: { ...endpoint.answers, ...(endpoint.upload ? uploadErrorResponses : {}), ...errorResponses },
      },
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  }
}

/**
 * Throws unless every declaration in `endpoints` (aliases included) is routed: a declared endpoint that no module
 * registers would be called by the web app and answered 404.
 */
export function assertEveryEndpointRouted(app: FastifyInstance): void {
  const missing = Object.entries(endpoints).flatMap(([name, endpoint]: [string, Endpoint]) =>
    [endpoint.path, ...(endpoint.aliases ?? [])]
      .filter((url) => !app.hasRoute({ method: endpoint.method, url }))
      .map((url) => `${name} (${endpoint.method} ${url})`),
  );
  if (missing.length > 0) throw new Error(`Endpoints declared but not registered: ${missing.join(', ')}.`);
}
