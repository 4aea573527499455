import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { events, reservations } from '../apps/server/src/db/schema';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed';
import { factories } from '../apps/server/test/factories';
import { athletesOf, ironTemple, makeClass } from './fixtures';
import { login } from './kiosk';
import { statementsOf } from './explain';
import { checkEligibility } from '../apps/server/src/modules/athlete-packages/eligibility';
import { burstRound, isMain, quantile, report, type BenchRow } from './lib';

/**
 * Issue 16: booking under 200 concurrent requests on PostgreSQL. 200 different athletes book at the same moment (the
 * minute a popular week opens), 10 into each of 20 classes of 6 places, asking to join the waitlist when full: each
 * request is the full POST /api/athlete-kilo-classes/ of the front desk (session, CSRF, access, eligibility, the event
 * lock, the booking window, the line's sequence). The bare baseline is a Fastify route on the same database doing the
 * same lock and one INSERT, under the same burst. Target: p99 below 100 ms, and no class over its capacity.
 */
const CLASSES = 20;
const PER_CLASS = 10;
const CAPACITY = 6;

export async function runBooking(databaseUrl: string): Promise<BenchRow[]> {
  const database = await openDatabase({ database: { kind: 'postgres', url: databaseUrl } });
  await migrate(database);
  await seedIfEmpty(database.db);
  const { db } = database;
  const { gym } = await ironTemple(db);
  const make = factories(db);
  const people = await athletesOf(db, gym.id, CLASSES * PER_CLASS);
  for (const extra of await make.athletes(gym.id, CLASSES * PER_CLASS - people.length)) people.push(extra.athleteId);
  const times = Array.from({ length: CLASSES }, (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
  const classes = await Promise.all(times.map((time) => makeClass(db, { capacity: CAPACITY, daysAhead: 2, time })));
  const bareClasses = await Promise.all(times.map((time) => makeClass(db, { capacity: CAPACITY, daysAhead: 3, time })));
  const warmClasses = await Promise.all(times.slice(0, 4).map((time) => makeClass(db, { capacity: CAPACITY, daysAhead: 4, time })));

  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATABASE_URL: databaseUrl, JOBS: 'off' }), database, {
    logger: false,
  });
  const bare = Fastify({ logger: false });
  bare.get('/health', async () => ({ ok: true }));
  bare.post<{ Params: { eventId: string; athleteId: string } }>('/book/:eventId/:athleteId', async (request) =>
    db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, request.params.eventId)).for('no key update');
      const [row] = await tx
        .insert(reservations)
        .values({ id: randomUUID(), gymId: gym.id, eventId: request.params.eventId, athleteId: request.params.athleteId })
        .returning({ id: reservations.id });
      return row;
    }),
  );
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = await login(appUrl, 'staff@example.com');
    const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' };
    const bookings = (list: { id: string }[], perClass: number) =>
      list.flatMap((c, i) =>
        people
          .slice(i * perClass, (i + 1) * perClass)
          .map((athlete) => ({ url: `${appUrl}/api/athlete-kilo-classes/`, body: JSON.stringify({ athlete, kiloClass: c.id, joinWaitlist: true }) })),
      );
    // Warm the pool's connections and their prepared statements first, as a running server's are.
    await burstRound('POST', headers, bookings(warmClasses, PER_CLASS), `${appUrl}/api/health`);
    const burst = await burstRound('POST', headers, bookings(classes, PER_CLASS), `${appUrl}/api/health`);
    const bareBurst = await burstRound(
      'POST',
      { 'content-type': 'application/json' },
      bareClasses.flatMap((c, i) =>
        people.slice(i * PER_CLASS, (i + 1) * PER_CLASS).map((athlete) => ({ url: `${bareUrl}/book/${c.id}/${athlete}`, body: '{}' })),
      ),
      `${bareUrl}/health`,
    );
    const counts = await db
      .select({
        eventId: reservations.eventId,
        reserved: sql<number>`count(*) filter (where ${reservations.isReserved})`.mapWith(Number),
        waiting: sql<number>`count(*) filter (where ${reservations.isWaitlisted})`.mapWith(Number),
      })
      .from(reservations)
      .where(
        and(
          inArray(
            reservations.eventId,
            classes.map((c) => c.id),
          ),
        ),
      )
      .groupBy(reservations.eventId);
    const overCapacity = counts.filter((c) => c.reserved > CAPACITY).length;
    const booked = counts.reduce((n, c) => n + c.reserved + c.waiting, 0);
    const failed = burst.statuses.filter((s) => s < 200 || s >= 300).length;
    // Issue 18: the booking eligibility check asks the same statements whatever the athlete holds (0, 1 or 8 packages).
    const eligibilityStatements: number[] = [];
    const target = classes[0]!;
    for (const held of [0, 1, 8]) {
      const athlete = (await make.athlete(gym.id, { login: false })).athleteId;
      for (let i = 0; i < held; i++)
        await make.athletePackage(gym.id, athlete, { pkg: { kind: 'class_pack', credits: 5, name: `Bench pack ${randomUUID().slice(0, 8)}` } });
      const seen = await statementsOf(db, () => checkEligibility(db, gym.id, athlete, target.id, { lock: true }));
      eligibilityStatements.push(seen.length);
    }
    const p99 = Number(quantile(burst.latencies, 0.99).toFixed(1));
    const bareP99 = Number(quantile(bareBurst.latencies, 0.99).toFixed(1));
    return [
      {
        benchmark: `PostgreSQL: ${CLASSES * PER_CLASS} bookings at once (${PER_CLASS} athletes into each of ${CLASSES} ${CAPACITY}-place classes, the rest waitlisted): p99`,
        value: p99,
        unit: 'ms',
        target: '< 100, none over capacity, every booking answered',
        pass: p99 < 100 && overCapacity === 0 && failed === 0 && booked === CLASSES * PER_CLASS,
        detail: {
          p50Ms: Number(quantile(burst.latencies, 0.5).toFixed(1)),
          bareP99Ms: bareP99,
          xBareP99: Number((p99 / bareP99).toFixed(2)),
          failed,
          reserved: counts.reduce((n, c) => n + c.reserved, 0),
          waitlisted: counts.reduce((n, c) => n + c.waiting, 0),
          overCapacity,
        },
      },
      {
        benchmark: 'PostgreSQL: statements of the booking eligibility check (with its package lock) for an athlete holding 0, 1 and 8 packages',
        value: Math.max(...eligibilityStatements),
        unit: 'statements',
        target: 'the same whatever the athlete holds',
        pass: new Set(eligibilityStatements).size === 1,
        detail: { none: eligibilityStatements[0]!, one: eligibilityStatements[1]!, eight: eligibilityStatements[2]! },
      },
    ];
  } finally {
    await app.close();
    await bare.close();
    await database.close().catch(() => undefined);
  }
}

if (isMain(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a scratch PostgreSQL database (the benchmark writes to it)');
  report('booking-postgres', { database: 'postgres' }, await runBooking(url));
}
