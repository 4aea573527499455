import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, EndpointAnswer, EndpointBody, EndpointParams, EndpointQuery } from '@spotter/shared';
import { errorResponses } from './openapi';

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
      schema: {
        tags: [...endpoint.tags],
        summary: endpoint.summary,
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { ...endpoint.answers, ...errorResponses },
      },
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  }
}
