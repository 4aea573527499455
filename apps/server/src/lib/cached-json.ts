import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GymReadCache } from './gym-read-cache';

const gzipAsync = promisify(gzip);

/** The JSON text of an answer, and its gzip, made once for every caller the entry serves (decision 012). */
export type CachedJson = { text: string; gzipped: () => Promise<Buffer> };

/**
 * Decision 012: the answer of a hot read as JSON text, kept per gym until a write of the gym (gym-read-cache.ts);
 * null when there is nothing to answer. The text is JSON.stringify's, or the build's own when it returns a string; not
 * the zod encode: the routes' tests parse every answer with their response schemas, which stay in the OpenAPI document.
 */
export function cachedJson(cache: GymReadCache, gymId: string, key: string, build: () => Promise<object | string | null>): Promise<CachedJson | null> {
  return cache.read(gymId, key, async () => {
    const answer = await build();
    if (answer === null) return null;
    // A string is the answer's JSON text already (made by the database, toPageJson).
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    let zipped: Promise<Buffer> | undefined;
    return { text, gzipped: () => (zipped ??= gzipAsync(text)) };
  });
}

/** Whether Accept-Encoding allows gzip (named or `*`, with no q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends the text as it is (Fastify serializes only what is not a string yet), or its gzip when the client takes it
 * and the text is over the 1 KB every other answer is compressed from (app.ts): a tablet polling a class of 100 gets
 * about 5 KB instead of 42 KB, compressed once per entry rather than once per request.
 */
export async function sendJson(request: FastifyRequest, reply: FastifyReply, body: CachedJson) {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (body.text.length >= 1024 && acceptsGzip(request.headers['accept-encoding'])) {
    const zipped = await body.gzipped();
    return reply.header('Content-Encoding', 'gzip').send(zipped);
  }
  return reply.send(body.text as never);
}
