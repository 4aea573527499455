import { describe, expect, it } from 'vitest';
import firstRoutes from 'virtual:endpoints';
import moreRoutes from 'virtual:endpoints-more';
import { endpoints } from '@spotter/shared';
import { endpointRoutesOf } from '../../endpoints.plugin.ts';

const routes = { ...firstRoutes, ...moreRoutes };

/** The app's own code: every source file but the api-client itself, declarations and test code. */
const sources = Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).filter(
  ([file]) => !/(^\.\/api-client\.ts$|\.d\.ts$|\.test\.tsx?$|-test-fixtures\.tsx?$|\/testing\/)/.test(file),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUOTE = `['"\`]`;

/** A string literal holding a declared path (with or without /api; a parameter as `${…}` or as text), or a query after it. */
function pathPattern(path: string): RegExp {
  const body = path
    .replace(/^\/api(?=\/)/, '')
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? `(?:\\$\\{[^}]*\\}|[^/'"\`?$]+)` : escape(part)))
    .join('');
  return new RegExp(`${QUOTE}(?:/api)?${body}(?=${QUOTE}|\\?)`);
}

/** What may not appear outside lib/api-client.ts: an endpoint's path, the API's auth and events folders, or a call by path. */
const forbidden: RegExp[] = [
  ...Object.values(routes).map(({ path }) => pathPattern(path)),
  // The app's own pages /events/attendance (spec 2.4) and /events/classes, /events/appointments, /events/location
  // (spec 2.7) are routes of the app, not of the API.
  new RegExp(`${QUOTE}(?:/api)?/(?:auth/|events/(?!(?:attendance|classes|appointments|location)${QUOTE}))`),
  /\bapi\.(?:get|post|put|patch|delete)\(/,
  /\bapi(?:Request|Upload)\(/,
  /(?<!\w)fetch\(/,
];

function offences(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (forbidden.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('API paths', () => {
  it('virtual:endpoints and virtual:endpoints-more hold the method and path of every declared endpoint (decision 017), and only those', () => {
    expect(routes).toEqual(endpointRoutesOf(endpoints));
    // The first screens' table carries only their endpoints; the rest load on first use.
    expect(firstRoutes).toEqual(endpointRoutesOf(endpoints, 'first'));
    expect(Object.keys(firstRoutes)).toContain('kioskEvents');
    expect(Object.keys(firstRoutes)).not.toContain('calendar');
  });

  it('are spelt only in packages/shared: the app calls endpoints by name (callEndpoint)', () => {
    expect(sources.length).toBeGreaterThan(50);
    const found = Object.fromEntries(sources.map(([file, text]) => [file, offences(text)] as const).filter(([, lines]) => lines.length > 0));
    expect(found).toEqual({});
  });

  it('finds a path however it is written, and leaves the app’s own routes alone', () => {
    for (const line of [
      "api.get('/auth/session/')",
      'const url = `/events/${eventId}/kiosk-event/?${params}`;',
      "apiRequest('/anything/')",
      "'/athlete-kilo-classes/'",
      '`/platform/demo-gyms/${id}/extend/`',
      "'/api/staff/self'",
      "'/kilo-classes/' + id",
      'await fetch(url)',
    ]) {
      expect(offences(line), line).toHaveLength(1);
    }
    for (const line of [
      "to: '/events'",
      '`/gyms/${gym.gymId}/staff`',
      "'/gyms/:gymId/athletes'",
      "p.startsWith('/appointments/')",
      "authEndpoint: string(c.authEndpoint, '/api/auth')",
      'refetch()',
    ]) {
      expect(offences(line), line).toEqual([]);
    }
  });
});
