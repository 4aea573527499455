import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { toZoned } from '@spotter/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { reservations as reservationsTable } from '../apps/server/src/db/schema';
import { SEED_PASSWORD, seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { athletesOf, ironTemple, makeClass, reserve } from './fixtures';
import { loginCookies } from './server';
import { burstRound, compare, isMain, openLoopRound, quantile, ratioRow, report, type BenchRow, type Round } from './lib';

/**
 * The kiosk's hot paths on a migrated, seeded database, each against a bare Fastify route on the same database:
 *  - GET /api/events/{id}/kiosk-event/ for a class of 100 athletes, and GET /api/events/kiosk-events/ (the day's
 *    list), vs a single-row SELECT route (target 0.5); on PostgreSQL also p99 at a fixed 300 requests/s (target 20 ms);
 *  - PUT /api/athlete-kilo-classes/{id}/ toggling isCheckedIn vs a single-row UPDATE route (target 0.5);
 *  - the class-start burst: 100 athletes checking in at once, each request sent twice (target: exactly 100
 *    check-ins, p99 at most 100 ms): walk-ins on open and on new connections, and reserved athletes.
 * In-memory PGlite without a URL; with one it uses PostgreSQL and WRITES to it (use a scratch database).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 10;

type Headers = Record<string, string>;

/**
 * One bounded autocannon round to loopback. Each request takes the next header set, as that many devices with sessions
 * of their own would (requests of one session that arrive together share its lookup, plugins/session.ts), and, for
 * writes, the next path and body from `next`.
 */
async function rotatingRound(url: string, sets: Headers[], write?: { method: 'PUT'; next: () => { path: string; body: string } }): Promise<Round> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`benchmarks only target loopback, not ${url}`);
  let i = 0;
  const result = await autocannon({
    url,
    duration: seconds,
    connections,
    requests: [
      {
        method: write?.method ?? 'GET',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, ...sets[i++ % sets.length], ...(write ? { 'content-type': 'application/json' } : {}) },
          ...(write ? write.next() : {}),
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors from ${url}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function getRound(url: string, sets: Headers[] = [{}]): Promise<Round> {
  const probe = await fetch(url, { headers: sets[0] });
  if (!probe.ok) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
  return rotatingRound(url, sets);
}

const putRound = (base: string, sets: Headers[], next: () => { path: string; body: string }) => rotatingRound(base, sets, { method: 'PUT', next });

/** Logs in the way a browser does (bench/server.ts loginCookies): the cookie header and the CSRF token to send. */
export async function login(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const cookies = await loginCookies(base, email, SEED_PASSWORD);
  return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrf: cookies.find((c) => c.name === 'csrftoken')!.value };
}

/**
 * The class-start burst: every request twice, as two tablets (or a double tap) would send it, all at once. Walk-ins
 * POST with the same client id; reserved athletes PUT isCheckedIn true to their reservation.
 */
async function classStartBurst(auth: Record<string, string>, method: 'POST' | 'PUT', requests: { url: string; body: string }[], warmUrl?: string) {
  const result = await burstRound(
    method,
    { ...auth, 'content-type': 'application/json' },
    requests.flatMap((r) => [r, r]),
    warmUrl,
  );
  return { timings: result.latencies, failed: result.statuses.filter((s) => s < 200 || s >= 300).length };
}

export async function runKiosk(databaseUrl?: string): Promise<BenchRow[]> {
  const database = await openDatabase({ database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'memory' } });
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  await migrate(database);
  await seedIfEmpty(database.db);
  const { db } = database;
  const configOf = (env: Record<string, string> = {}) =>
    loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  const app = await buildApp(configOf(), database, { logger: false });
  // The same app with the read cache (decision 012) and kept sessions (decision 003) off: what computing every kiosk
  // read costs, its session lookup included. It shares the database, which the first app closes.
  const computed = await buildApp(configOf({ READ_CACHE_MS: '0', SESSION_CACHE_MS: '0' }), { ...database, close: async () => {} }, { logger: false });

  // A class of 100 reserved athletes for the read and the write, and an empty one for the burst.
  const { gym } = await ironTemple(db);
  const today = toZoned(new Date(), gym.timeZone).date;
  const hundred = await athletesOf(db, gym.id, 100);
  if (hundred.length < 100) throw new Error(`the seed has only ${hundred.length} active athletes at Iron Temple`);
  const full = await makeClass(db, { capacity: 100, daysAhead: 0, time: '23:00' });
  const reservations = await reserve(db, full, hundred);
  const burstClass = await makeClass(db, { capacity: 100, daysAhead: 0, time: '22:00' });
  const coldBurstClass = await makeClass(db, { capacity: 100, daysAhead: 0, time: '22:30' });
  // Tomorrow's, so today's list (measured above) reads the same events as before.
  const reservedBurstClass = await makeClass(db, { capacity: 100, daysAhead: 1, time: '21:30' });
  const reservedBurst = await reserve(db, reservedBurstClass, hundred);
  const warmWalkInClass = await makeClass(db, { capacity: 100, daysAhead: 2, time: '21:00' });
  const warmReservedClass = await makeClass(db, { capacity: 100, daysAhead: 2, time: '21:30' });
  const warmReserved = await reserve(db, warmReservedClass, hundred);

  const bare = Fastify({ logger: false });
  bare.get('/select', async () => {
    const [row] = await db
      .select({ id: reservationsTable.id, isCheckedIn: reservationsTable.isCheckedIn })
      .from(reservationsTable)
      .where(eq(reservationsTable.id, reservations[0]!));
    return row;
  });
  bare.put<{ Params: { id: string } }>('/update/:id', async (request) => {
    const [row] = await db
      .update(reservationsTable)
      .set({ isCheckedIn: sql`not ${reservationsTable.isCheckedIn}` })
      .where(eq(reservationsTable.id, request.params.id))
      .returning({ id: reservationsTable.id, isCheckedIn: reservationsTable.isCheckedIn });
    return row;
  });

  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const computedUrl = await computed.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = await login(appUrl, 'staff@example.com');
    const auth = { cookie: session.cookie, 'x-csrftoken': session.csrf };
    const detailPath = `/api/events/${full.id}/kiosk-event/?limit=100&offset=0&eventType=class`;
    const listPath = `/api/events/kiosk-events/?date=${today}`;
    const rows: BenchRow[] = [];
    // Reads and writes come from as many staff sessions as there are connections: ten tablets and screens, not one.
    const devices: Headers[] = [auth];
    while (devices.length < connections) {
      const other = await login(appUrl, 'staff@example.com');
      devices.push({ cookie: other.cookie, 'x-csrftoken': other.csrf });
    }
    const readRow = async (what: string, url: string, target: number | null) => {
      const row = ratioRow(
        what,
        await compare(
          () => getRound(`${bareUrl}/select`),
          () => getRound(url, devices),
        ),
        target ?? 0.5,
      );
      // The computed rows say what the statement costs; the product serves these reads through the cache.
      return target === null ? { ...row, target: 'measured (cache off)', pass: true } : row;
    };
    rows.push(await readRow(`${label}: kiosk-event read (100 athletes) vs bare SELECT`, `${appUrl}${detailPath}`, 0.5));
    rows.push(
      await readRow(`${label}: kiosk-event read (100 athletes), computed every time (READ_CACHE_MS=0) vs bare SELECT`, `${computedUrl}${detailPath}`, null),
    );
    rows.push(await readRow(`${label}: kiosk-events list (today) vs bare SELECT`, `${appUrl}${listPath}`, 0.5));
    rows.push(await readRow(`${label}: kiosk-events list (today), computed every time (READ_CACHE_MS=0) vs bare SELECT`, `${computedUrl}${listPath}`, null));

    // Check-ins and check-outs round-robin over the class's reservations, as a busy front desk would.
    const checkedIn = new Map<string, boolean>();
    let i = 0;
    const nextToggle = (pathOf: (id: string) => string) => () => {
      const id = reservations[i++ % reservations.length]!;
      const value = !(checkedIn.get(id) ?? false);
      checkedIn.set(id, value);
      return { path: pathOf(id), body: JSON.stringify({ isCheckedIn: value }) };
    };
    rows.push(
      ratioRow(
        `${label}: check-in write (PUT isCheckedIn) vs bare UPDATE`,
        await compare(
          () =>
            putRound(
              bareUrl,
              [{}],
              nextToggle((id) => `/update/${id}`),
            ),
          () =>
            putRound(
              appUrl,
              devices,
              nextToggle((id) => `/api/athlete-kilo-classes/${id}/`),
            ),
        ),
        0.5,
      ),
    );

    for (const [what, base] of [
      ['', appUrl],
      [', computed every time (READ_CACHE_MS=0)', computedUrl],
    ] as const) {
      const steady = await openLoopRound(`${base}${detailPath}`, 300, Math.max(seconds, 5), auth);
      rows.push({
        benchmark: `${label}: kiosk-event read (100 athletes)${what} p99 at 300 requests/s`,
        value: steady.p99,
        unit: 'ms',
        // Issue 6 holds this p99 on PostgreSQL. PGlite, one in-process connection, is printed as measured: computed
        // every time it cannot keep up with 300 reads a second (about 150 on 2 cores), and its queue grows for the round.
        target: databaseUrl ? '<= 20' : 'measured (20 ms held on PostgreSQL)',
        pass: (!databaseUrl || steady.p99 <= 20) && steady.non2xx === 0,
        detail: { rps: Math.round(steady.rps), p50Ms: steady.p50, failed: steady.non2xx },
      });
    }

    // Devices that have the app open hold a kept-alive connection; a burst on fresh connections is measured beside it.
    const walkIns = (classId: string) =>
      hundred.map((athlete) => ({
        url: `${appUrl}/api/athlete-kilo-classes/`,
        body: JSON.stringify({ athleteKiloClassId: randomUUID(), kiloClass: classId, athlete, isReserved: false, isCheckedIn: true }),
      }));
    const checkIns = (ids: string[]) => ids.map((id) => ({ url: `${appUrl}/api/athlete-kilo-classes/${id}/`, body: JSON.stringify({ isCheckedIn: true }) }));
    // One unmeasured burst of each kind first, so the routes' code and their prepared statements on every pooled
    // connection are warm, as at a class start after a day of use.
    await classStartBurst(auth, 'POST', walkIns(warmWalkInClass.id), `${appUrl}/api/health`);
    await classStartBurst(auth, 'PUT', checkIns(warmReserved), `${appUrl}/api/health`);
    const bursts = [
      { classId: burstClass.id, what: '100 walk-ins (POST)', method: 'POST', requests: walkIns(burstClass.id), open: true },
      { classId: coldBurstClass.id, what: '100 walk-ins (POST)', method: 'POST', requests: walkIns(coldBurstClass.id), open: false },
      {
        classId: reservedBurstClass.id,
        what: '100 reserved athletes (PUT isCheckedIn)',
        method: 'PUT',
        requests: checkIns(reservedBurst),
        open: true,
      },
    ] as const;
    for (const b of bursts) {
      const burst = await classStartBurst(auth, b.method, [...b.requests], b.open ? `${appUrl}/api/health` : undefined);
      const [made] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(reservationsTable)
        .where(and(eq(reservationsTable.eventId, b.classId), eq(reservationsTable.isCheckedIn, true)));
      const p99 = Number(quantile(burst.timings, 0.99).toFixed(1));
      rows.push({
        benchmark: `${label}: class-start burst, ${b.what} each sent twice, ${b.open ? 'on open connections' : 'each on a new connection'}: p99`,
        value: p99,
        unit: 'ms',
        target: '<= 100, exactly 100 check-ins',
        pass: p99 <= 100 && made!.n === 100 && burst.failed === 0,
        detail: { checkIns: made!.n, requests: burst.timings.length, failed: burst.failed, p50Ms: Number(quantile(burst.timings, 0.5).toFixed(1)) },
      });
    }
    return rows;
  } finally {
    await app.close();
    await computed.close();
    await bare.close();
    await database.close().catch(() => undefined);
  }
}

if (isMain(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  const rows = await runKiosk(url);
  console.log(`${url ? 'PostgreSQL' : 'PGlite (in memory)'}, ${seconds}s rounds, ${connections} connections, median of 3 interleaved rounds`);
  report(`kiosk-${url ? 'postgres' : 'pglite'}`, { database: url ? 'postgres' : 'pglite' }, rows);
}
