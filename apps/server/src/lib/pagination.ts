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
export function toPageJson(
  request: FastifyRequest,
  limit: number,
  offset: number,
  count: number,
  resultsJson: string,
  head: Record<string, unknown> = {},
): string {
  const { results: _, ...links } = toPage(request, limit, offset, count, []);
  const before = JSON.stringify({ ...head, ...links });
  return `${before.slice(0, -1)},"results":${resultsJson}}`;
}

/** What a list query gives: how many rows match, and one page of them. */
export type ListResult<T> = { count: number; results: T[] };

/**
 * A list in two queries whatever the page size: the count of the matching rows and one page of them. Drizzle's
 * queries run when awaited, so both are built by the caller and run here, one after the other (a transaction or
 * PGlite's one connection runs one statement at a time).
 */
export async function listPage<T>(q: { count: PromiseLike<{ n: number }[]>; rows: PromiseLike<T[]> | (() => PromiseLike<T[]>) }): Promise<ListResult<T>> {
  const [total] = await q.count;
  return { count: total?.n ?? 0, results: await (typeof q.rows === 'function' ? q.rows() : q.rows) };
}

/** The answer of a list route (CONTRACT.md) from its list result and the request's paging. */
export function pageOf<T>(request: FastifyRequest, q: { limit: number; offset: number }, list: ListResult<T>): Page<T> {
  return toPage(request, q.limit, q.offset, list.count, list.results);
}
