import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateMessages } from '@spotter/shared';
import { sql } from 'drizzle-orm';
import { TEST_NOW, createTestApp, fixClock, interceptDriverQueries, openTestDatabase, type ApiClient, type TestApp } from './helper';
import { TOO_LONG_MESSAGE } from '../src/plugins/errors';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows, sqlState } from '../src/db/client';

/**
 * Issue 32 items 1 and 2 (decision 039): dates at the edges of what JavaScript and PostgreSQL hold are refused with a
 * 400 on the field, a report over the last representable day answers at once, a failed CSV export is plain JSON, and
 * a request past its time budget answers 503 while others are served.
 */
fixClock(TEST_NOW);

const EDGES = ['0000-01-01', '0001-01-01', '9999-12-31', '10000-01-01'];
/** Within this a refusal must come (the fuzzer's bound too); the old report loop never answered. */
const BOUND_MS = 2_000;

let t: TestApp;
let owner: ApiClient;
let athleteId: string;
let classTypeId: string;
let packageId: string;
beforeAll(async () => {
  t = await createTestApp();
  const gym = await t.make.kioskGym({ athletes: 2 });
  owner = await t.as(gym.owner);
  athleteId = gym.members[0]!.athleteId;
  classTypeId = gym.classType.id;
  packageId = (await t.make.package(gym.gym.id)).id;
});
afterAll(async () => {
  await t.close();
});

/** The request's answer, failing when it takes longer than BOUND_MS. */
async function timed(run: () => Promise<{ statusCode: number; json: () => unknown; headers: Record<string, unknown> }>) {
  const started = performance.now();
  const res = await run();
  expect(performance.now() - started, 'answered within the bound').toBeLessThan(BOUND_MS);
  return res;
}

const fieldsOf = (res: { json: () => unknown }) => (res.json() as { fields?: Record<string, string[]> }).fields ?? {};
const expectedMessage = (edge: string) => (edge.length > 10 ? dateMessages.format : dateMessages.outOfBounds);

describe('dates past the bounds (issue 32 item 2)', () => {
  const reads = (edge: string) => [
    { url: `/api/invoices/?from=${edge}`, field: 'from' },
    { url: `/api/invoices/export.csv?from=${edge}`, field: 'from' },
    { url: `/api/documents/?from=${edge}`, field: 'from' },
    { url: `/api/documents/export.csv?to=${edge}`, field: 'to' },
    { url: `/api/messages/?from=${edge}`, field: 'from' },
    { url: `/api/messages/csv/?from=${edge}`, field: 'from' },
    { url: `/api/kilo-classes/?start=${edge}`, field: 'start' },
    { url: `/api/events/kiosk-events/?date=${edge}`, field: 'date' },
    { url: `/api/calendar/?start=${edge}&end=${edge}`, field: 'start' },
    { url: `/api/athletes/${athleteId}/bookable-classes/?date=${edge}`, field: 'date' },
    { url: `/api/reports/total-revenue/?from=${edge}&to=${edge}`, field: 'from' },
    { url: `/api/reports/total-members/?from=${edge}&to=${edge}`, field: 'from' },
    { url: `/api/reports/athlete-birthdays/?from=${edge}&to=${edge}`, field: 'to' },
    { url: `/api/reports/total-revenue/details/?from=${edge}&to=${edge}&key=9999-12-26`, field: 'from' },
    { url: `/api/reports/total-revenue/csv/?from=${edge}&to=${edge}`, field: 'from' },
    { url: `/api/workouts/?start=${edge}`, field: 'start' },
  ];

  it.each(EDGES)('%s: every list, report and CSV refuses it with a 400 on its field, at once', async (edge) => {
    for (const { url, field } of reads(edge)) {
      const res = await timed(() => owner.request('GET', url, undefined, { headers: { 'accept-encoding': 'gzip' } }));
      expect([url, res.statusCode, fieldsOf(res)[field]?.[0]]).toEqual([url, 400, expectedMessage(edge)]);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it.each(EDGES)('%s: every write refuses it with a 400 on its field', async (edge) => {
    const instant = edge.length > 10 ? `${edge}T00:00:00Z` : `${edge}T00:00:00Z`;
    const writes = [
      { method: 'POST', url: '/api/athletes/', body: { firstName: 'Ada', lastName: 'Edge', dob: edge }, field: 'dob' },
      { method: 'POST', url: `/api/athletes/${athleteId}/packages/`, body: { packageId, startDate: edge }, field: 'startDate' },
      { method: 'PUT', url: '/api/workouts/', body: { classTypeId, date: edge, content: '<p>Squat</p>' }, field: 'date' },
      { method: 'POST', url: '/api/classes/', body: { classTypeId, date: edge, startTime: '09:00' }, field: 'date' },
      {
        method: 'POST',
        url: '/api/gym-banners/',
        body: { title: 'Edge', message: '<p>x</p>', audiences: ['staff'], startsAt: instant, endsAt: null },
        field: 'startsAt',
      },
    ] as const;
    for (const w of writes) {
      const res = await timed(() => owner.request(w.method, w.url, w.body));
      const message = w.field === 'startsAt' ? (edge.length > 10 ? dateMessages.dateTimeFormat : dateMessages.outOfBounds) : expectedMessage(edge);
      expect([w.url, res.statusCode, fieldsOf(res)[w.field]?.[0]]).toEqual([w.url, 400, message]);
    }
  });

  it('a list range over 10 years is a 400 on its end, 10 years is served', async () => {
    const tooLong = await owner.get('/api/invoices/?from=2010-01-01&to=2026-01-01');
    expect([tooLong.statusCode, fieldsOf(tooLong).to]).toEqual([400, [dateMessages.rangeTooLong]]);
    expect((await owner.get('/api/invoices/?from=2016-03-05&to=2026-03-04')).statusCode).toBe(200);
    expect((await owner.get('/api/messages/?from=2010-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await owner.get('/api/documents/?from=2010-01-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('the bounds themselves are served: a report of 2200-12-31 and of 1900-01-01 answers 200 at once', async () => {
    for (const day of ['1900-01-01', '2200-12-31']) {
      const res = await timed(() => owner.get(`/api/reports/total-revenue/?from=${day}&to=${day}`));
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('a CSV export that fails (issue 32 item 2)', () => {
  it('answers plain JSON: never a gzip Content-Encoding over an uncompressed body, nor the download’s name', async () => {
    const restore = interceptDriverQueries(t.db, (text) =>
      /from "invoices"/i.test(text) && !/sessions/i.test(text) ? Promise.reject(new Error('boom')) : undefined,
    );
    try {
      const res = await owner.request('GET', '/api/invoices/export.csv', undefined, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-disposition']).toBeUndefined();
      expect((res.json() as { code: string }).code).toBe('internal_error');
    } finally {
      restore();
    }
  });
});

describe('the request budget (issue 32)', () => {
  it('answers 503 with a message past the budget while other requests are served; a long route keeps its larger budget', async () => {
    const slow = await createTestApp({ REQUEST_BUDGET_MS: '300', LONG_REQUEST_BUDGET_MS: '10000' });
    try {
      const gym = await slow.make.kioskGym({ athletes: 1 });
      const client = await slow.as(gym.owner);
      // Every read of invoices waits 1.5 s before it runs (a slow statement, without holding the event loop).
      const driver = (slow.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const original = driver.query;
      driver.query = async function (this: unknown, ...args: unknown[]) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        if (/from "invoices"/i.test(text)) await new Promise((resolve) => setTimeout(resolve, 1_500));
        return original.apply(this, args);
      };
      const restore = () => {
        driver.query = original;
      };
      try {
        const started = performance.now();
        const pending = client.get('/api/invoices/');
        const health = await slow.client().get('/api/health');
        expect(health.statusCode).toBe(200);
        const res = await pending;
        expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([503, TOO_LONG_MESSAGE]);
        expect(performance.now() - started).toBeLessThan(1_400);
        // The CSV export is a long route: it waits for the slow statement and answers in full.
        const csv = await client.get('/api/invoices/export.csv');
        expect([csv.statusCode, csv.body.split('\r\n')[0]]).toEqual([200, expect.stringContaining('Number')]);
      } finally {
        restore();
      }
    } finally {
      await slow.close();
    }
  });
});

describe('the statement timeout (issue 32)', () => {
  it.runIf(process.env.SPOTTER_TEST_DB === 'postgres')('PostgreSQL cancels a statement of the pool after STATEMENT_TIMEOUT_MS', async () => {
    const { url, drop } = await openTestDatabase();
    const config = loadConfig({ DATABASE_URL: url!, STATEMENT_TIMEOUT_MS: '200' });
    const timed = await openDatabase(config);
    try {
      await expect(queryRows(timed.db, sql`select pg_sleep(0.01)`)).resolves.toHaveLength(1);
      const started = performance.now();
      const err = await queryRows(timed.db, sql`select pg_sleep(2)`).catch((e: unknown) => e);
      expect(sqlState(err)).toBe('57014');
      expect(performance.now() - started).toBeLessThan(1_500);
    } finally {
      await timed.close();
      await drop();
    }
  });

  it('a cancelled statement answers 503 with the message', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const restore = interceptDriverQueries(t.db, (text) => (/from "invoices"/i.test(text) ? Promise.reject(cancelled) : undefined));
    try {
      const res = await owner.get('/api/invoices/');
      expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([503, TOO_LONG_MESSAGE]);
    } finally {
      restore();
    }
  });
});
