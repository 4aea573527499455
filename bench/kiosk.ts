import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { toZoned } from '@spotter/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { athleteClassReservations, gyms } from '../apps/server/src/db/schema';
import { SEED_PASSWORD, seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { athletesOf, makeClass, reserve } from '../apps/server/src/modules/kiosk/kiosk.fixtures';
import { loginCookies } from './server';
import { compare, fixedRateRound, isMain, quantile, ratioRow, report, round, type BenchRow, type Round } from './lib';

/**
 * The kiosk's hot paths on a migrated, seeded database, each against a bare Fastify route on the same database:
 *  - GET /api/events/{id}/kiosk-event/ for a class of 100 athletes, and GET /api/events/kiosk-events/ (the day's
 *    list), vs a single-row SELECT route (target 0.5); on PostgreSQL also p99 at a fixed 300 requests/s (target 20 ms);
 *  - PUT /api/athlete-kilo-classes/{id}/ toggling isCheckedIn vs a single-row UPDATE route (target 0.5);
 *  - the class-start burst: 100 walk-ins checking in at once, each request sent twice (target: exactly 100
 *    check-ins, p99 at most 100 ms).
 * In-memory PGlite without a URL; with one it uses PostgreSQL and WRITES to it (use a scratch database).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 10;

/** One bounded autocannon round of PUTs to loopback; each request takes the next target from `next`. */
async function putRound(base: string, headers: Record<string, string>, next: () => { path: string; body: string }): Promise<Round> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error(`benchmarks only target loopback, not ${base}`);
  const result = await autocannon({
    url: base,
    duration: seconds,
    connections,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [{ method: 'PUT', setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors from ${base}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function getRound(url: string, headers: Record<string, string> = {}): Promise<Round> {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${url} answered ${probe.status}: ${await probe.text()}`);
  return round(url, seconds, connections, headers);
}

/** Logs in the way a browser does (bench/server.ts loginCookies): the cookie header and the CSRF token to send. */
export async function login(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const cookies = await loginCookies(base, email, SEED_PASSWORD);
  return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrf: cookies.find((c) => c.name === 'csrftoken')!.value };
}

/** 100 walk-ins at once, each POST sent twice with the same client id, as two tablets would. */
async function classStartBurst(appUrl: string, auth: Record<string, string>, classId: string, athleteIds: string[]) {
  const requests = athleteIds.flatMap((athlete) => {
    const body = JSON.stringify({ athleteKiloClassId: randomUUID(), kiloClass: classId, athlete, isReserved: false, isCheckedIn: true });
    return [body, body];
  });
  const timings: number[] = [];
  const statuses = await Promise.all(
    requests.map(async (body) => {
      const start = performance.now();
      const res = await fetch(`${appUrl}/api/athlete-kilo-classes/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      timings.push(performance.now() - start);
      return res.status;
    }),
  );
  return { timings, failed: statuses.filter((s) => s >= 300).length };
}

export async function runKiosk(databaseUrl?: string): Promise<BenchRow[]> {
  const database = await openDatabase({ database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'memory' } });
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  await migrate(database);
  await seedIfEmpty(database.db);
  const { db } = database;
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), database, { logger: false });

  // A class of 100 reserved athletes for the read and the write, and an empty one for the burst.
  const [gym] = await db.select().from(gyms).where(eq(gyms.title, 'Iron Temple Barbell'));
  const today = toZoned(new Date(), gym!.timeZone).date;
  const hundred = (await athletesOf(db, gym!.id, 100)).map((a) => a.id);
  if (hundred.length < 100) throw new Error(`the seed has only ${hundred.length} active athletes at Iron Temple`);
  const full = await makeClass(db, { capacity: 100, daysAhead: 0, time: '23:00' });
  const reservations = await reserve(db, gym!.id, full.id, hundred);
  const burstClass = await makeClass(db, { capacity: 100, daysAhead: 0, time: '22:00' });

  const bare = Fastify({ logger: false });
  bare.get('/select', async () => {
    const [row] = await db
      .select({ id: athleteClassReservations.id, isCheckedIn: athleteClassReservations.isCheckedIn })
      .from(athleteClassReservations)
      .where(eq(athleteClassReservations.id, reservations[0]!));
    return row;
  });
  bare.put<{ Params: { id: string } }>('/update/:id', async (request) => {
    const [row] = await db
      .update(athleteClassReservations)
      .set({ isCheckedIn: sql`not ${athleteClassReservations.isCheckedIn}` })
      .where(eq(athleteClassReservations.id, request.params.id))
      .returning({ id: athleteClassReservations.id, isCheckedIn: athleteClassReservations.isCheckedIn });
    return row;
  });

  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = await login(appUrl, 'staff@example.com');
    const auth = { cookie: session.cookie, 'x-csrftoken': session.csrf };
    const detailUrl = `${appUrl}/api/events/${full.id}/kiosk-event/?limit=100&offset=0&eventType=class`;
    const listUrl = `${appUrl}/api/events/kiosk-events/?date=${today}`;
    const rows: BenchRow[] = [];
    rows.push(ratioRow(`${label}: kiosk-event read (100 athletes) vs bare SELECT`, await compare(() => getRound(`${bareUrl}/select`), () => getRound(detailUrl, auth)), 0.5));
    rows.push(ratioRow(`${label}: kiosk-events list (today) vs bare SELECT`, await compare(() => getRound(`${bareUrl}/select`), () => getRound(listUrl, auth)), 0.5));

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
          () => putRound(bareUrl, {}, nextToggle((id) => `/update/${id}`)),
          () => putRound(appUrl, auth, nextToggle((id) => `/api/athlete-kilo-classes/${id}/`)),
        ),
        0.5,
      ),
    );

    const steady = await fixedRateRound(detailUrl, 300, Math.max(seconds, 5), auth);
    rows.push({
      benchmark: `${label}: kiosk-event read (100 athletes) p99 at 300 requests/s`,
      value: steady.p99,
      unit: 'ms',
      target: databaseUrl ? '<= 20' : '<= 20 (held on PostgreSQL)',
      pass: steady.p99 <= 20 && steady.non2xx === 0,
      detail: { rps: Math.round(steady.rps), p50Ms: steady.p50, failed: steady.non2xx },
    });

    const burst = await classStartBurst(appUrl, auth, burstClass.id, hundred);
    const [made] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(athleteClassReservations)
      .where(and(eq(athleteClassReservations.classId, burstClass.id), eq(athleteClassReservations.isCheckedIn, true)));
    const p99 = Number(quantile(burst.timings, 0.99).toFixed(1));
    rows.push({
      benchmark: `${label}: class-start burst, 100 walk-ins each sent twice: p99`,
      value: p99,
      unit: 'ms',
      target: '<= 100, exactly 100 check-ins',
      pass: p99 <= 100 && made!.n === 100 && burst.failed === 0,
      detail: { checkIns: made!.n, requests: burst.timings.length, failed: burst.failed, p50Ms: Number(quantile(burst.timings, 0.5).toFixed(1)) },
    });
    return rows;
  } finally {
    await app.close();
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
