import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { toPage, toPageJson } from './pagination';

const request = (url: string) => ({ url }) as FastifyRequest;

describe('toPageJson', () => {
  it('writes what JSON.stringify writes for the head fields and toPage, with the results text as it is', () => {
    const results = [
      { a: 1, b: 'x"y\n' },
      { a: 2, b: null },
    ];
    const resultsJson = JSON.stringify(results);
    for (const [url, limit, offset, count] of [
      ['/api/events/x/kiosk-event/?eventType=class', 2, 0, 5],
      ['/api/events/x/kiosk-event/?limit=2&offset=2', 2, 2, 5],
      ['/api/events/x/kiosk-event/', 100, 0, 2],
    ] as const) {
      const head = { event: { eventId: 'x', name: 'Open "Gym"' } };
      const text = toPageJson(request(url), limit, offset, count, resultsJson, head);
      expect(text).toBe(JSON.stringify({ ...head, ...toPage(request(url), limit, offset, count, results) }));
    }
  });

  it('writes an empty page, and no head when none is given', () => {
    expect(toPageJson(request('/api/x/'), 10, 0, 0, '[]')).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
  });
});
