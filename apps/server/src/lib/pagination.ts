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
