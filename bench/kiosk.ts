import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { toZoned } from '@spotter/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { athleteClassReservations, classes, gyms } from '../apps/server/src/db/schema';
import { SEED_PASSWORD, seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { compare, round, type Round } from './lib';

/**
 * The kiosk's hot paths on a migrated, seeded database, each against a bare Fastify route on the same database:
 *  - GET /api/events/{id}/kiosk-event/ (session, access, 4 queries, zod serialiser) vs a single-row SELECT route;
 *  - PUT /api/athlete-kilo-classes/{id}/ toggling isCheckedIn (session, CSRF, access, a transaction locking the
 *    class and the reservation, then the record read back) vs a single-row UPDATE route.
 * In-memory PGlite by default; DATABASE_URL=postgres://… uses PostgreSQL and WRITES to it (use a scratch database).
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

/** Log in as the front desk the way a browser does: CSRF cookie, then login with the token. */
async function login(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  keep(await fetch(`${base}/api/auth/csrf/`));
  const res = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken')!, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), csrf: jar.get('csrftoken')! };
}

async function main() {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ database: url ? { kind: 'postgres', url } : { kind: 'memory' } });
  await migrate(database);
  await seedIfEmpty(database.db);
  const { db } = database;
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...(url ? { DATABASE_URL: url } : {}) }), database, { logger: false });

  // Today's Iron Temple class with the most active reservations, and those reservations.
  const [gym] = await db.select().from(gyms).where(eq(gyms.title, 'Iron Temple Barbell'));
  const today = toZoned(new Date(), gym!.timeZone).date;
  const active = and(eq(athleteClassReservations.isLateCancel, false), eq(athleteClassReservations.isNoShow, false));
  const [busiest] = await db
    .select({ id: classes.id, n: sql<number>`count(${athleteClassReservations.id})`.mapWith(Number) })
    .from(classes)
    .innerJoin(athleteClassReservations, and(eq(athleteClassReservations.classId, classes.id), active))
    .where(and(eq(classes.gymId, gym!.id), eq(classes.startDate, today)))
    .groupBy(classes.id)
    .orderBy(desc(sql`count(${athleteClassReservations.id})`), classes.id)
    .limit(1);
  const reservations = (await db.select({ id: athleteClassReservations.id }).from(athleteClassReservations).where(and(eq(athleteClassReservations.classId, busiest!.id), active))).map((r) => r.id);

  const bare = Fastify({ logger: false });
  bare.get('/select', async () => {
    const [row] = await db.select({ id: athleteClassReservations.id, isCheckedIn: athleteClassReservations.isCheckedIn }).from(athleteClassReservations).where(eq(athleteClassReservations.id, reservations[0]!));
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
    const read = await compare(
      () => getRound(`${bareUrl}/select`),
      () => getRound(`${appUrl}/api/events/${busiest!.id}/kiosk-event/?limit=100&offset=0&eventType=class`, auth),
    );

    // Check-ins and check-outs round-robin over the class's reservations, as a busy front desk would.
    const checkedIn = new Map<string, boolean>();
    let i = 0;
    const nextToggle = (pathOf: (id: string) => string) => () => {
      const id = reservations[i++ % reservations.length]!;
      const value = !(checkedIn.get(id) ?? false);
      checkedIn.set(id, value);
      return { path: pathOf(id), body: JSON.stringify({ isCheckedIn: value }) };
    };
    const write = await compare(
      () => putRound(bareUrl, {}, nextToggle((id) => `/update/${id}`)),
      () => putRound(appUrl, auth, nextToggle((id) => `/api/athlete-kilo-classes/${id}/`)),
    );

    const row = (benchmark: string, r: typeof read) => ({
      benchmark,
      ratio: Number(r.ratio.toFixed(2)),
      rps: Math.round(r.subject.rps),
      p50Ms: r.subject.p50,
      p99Ms: r.subject.p99,
      bareRps: Math.round(r.baseline.rps),
      bareP50Ms: r.baseline.p50,
      bareP99Ms: r.baseline.p99,
    });
    const rows = [
      row(`kiosk-event read (${reservations.length} athletes) vs bare SELECT`, read),
      row('check-in write (PUT isCheckedIn) vs bare UPDATE', write),
    ];
    console.log(`database: ${database.kind}${url ? '' : ' (in memory)'}, ${seconds}s rounds, ${connections} connections, median of 3 interleaved rounds`);
    console.table(rows);
    const out = path.join(import.meta.dirname, 'results', `kiosk-${database.kind}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), database: database.kind, rows }, null, 2));
  } finally {
    await app.close();
    await bare.close();
  }
}

void main();
