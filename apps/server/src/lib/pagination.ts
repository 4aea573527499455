import type { FastifyRequest } from 'fastify';
import type { Page } from '@spotter/shared';

/** CONTRACT.md lists: count, next, previous (links with the same query), results. */
export function toPage<T>(request: FastifyRequest, limit: number, offset: number, count: number, results: T[]): Page<T> {
  const link = (newOffset: number) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(newOffset));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  };
}

/**
 * toPage's answer as JSON text when the results already are JSON text (an array the database wrote), with `head`'s
 * fields first: what JSON.stringify({ ...head, ...toPage(..., JSON.parse(resultsJson)) }) would give, without the parse.
 */
export function toPageJson(request: FastifyRequest, limit: number, offset: number, count: number, resultsJson: string, head: Record<string, unknown> = {}): string {
  const { results: _, ...links } = toPage(request, limit, offset, count, []);
  const before = JSON.stringify({ ...head, ...links });
  return `${before.slice(0, -1)},"results":${resultsJson}}`;
}
