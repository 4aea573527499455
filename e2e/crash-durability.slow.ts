import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, killServerHard, portAcceptsConnections, processExists, serverPid } from './support/hard-kill';
import { HttpSession, exitOf, startServer, type ServerProcess } from './support/server-process';

/**
 * Crash durability: the server is killed with SIGKILL at a random moment while several kiosk sessions write
 * (walk-in check-ins with client-made ids, check-in toggles), then restarted on the same data. Every write the server
 * acknowledged (2xx) must be there after the restart with the state it acknowledged; a write that got no answer may
 * or may not have landed. Every restart must be clean, and a second server on a running server's PGlite directory
 * must be refused. Runs in `npm run test:slow` (vitest.slow.config.ts), not in `npm test`.
 *
 * CRASH_CYCLES (default 20) and CRASH_SEED (the kill delays and choices; printed) make a failure reproducible enough
 * to investigate; the interleaving of the writers is the operating system's.
 */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WRITERS = 4;
const KILL_AFTER_MS = { min: 50, max: 1500 };
const PASSWORD = 'Spotter123';
/** Cycles in which a second server is started on the running server's PGlite directory, in the middle of the writes. */
const REFUSAL_CYCLES = new Set([0, Math.floor(CYCLES / 2)]);
const TEST_TIMEOUT_MS = 300_000;

/** mulberry32: a small seeded generator, so a run's kill delays can be repeated. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type StoredReservation = { classId: string; athleteId: string; isCheckedIn: boolean };

/** One database the server runs on, kept across the restarts of a run. */
type Store = {
  /** Added to the environment of every server start on this store. */
  env: Record<string, string | undefined>;
  dataDir: string;
  /** The PGlite pid lock file; null on PostgreSQL. */
  lockPath: string | null;
  /** Reads reservations straight from the database, bypassing the server; only while no server runs on it. */
  readReservations: (ids: string[]) => Promise<Map<string, StoredReservation>>;
  dispose: () => Promise<void>;
};

/** The pid in the PGlite lock file ("<pid> <start time>", apps/server/src/db/client.ts lockDataDir). */
const lockHolder = (lockPath: string) => fs.readFileSync(lockPath, 'utf8').split(' ')[0];

const RESERVATIONS_SQL = 'select id, event_id as class_id, athlete_id, is_checked_in from reservations where id = any($1::uuid[])';
type ReservationRow = { id: string; class_id: string; athlete_id: string; is_checked_in: boolean };
const toStored = (rows: ReservationRow[]) => new Map(rows.map((r) => [r.id, { classId: r.class_id, athleteId: r.athlete_id, isCheckedIn: r.is_checked_in }]));
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

function openPgliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-crash-'));
  return {
    // A DATABASE_URL in the environment running the tests must not switch this half to PostgreSQL.
    env: { DATABASE_URL: undefined },
    dataDir,
    lockPath: path.join(dataDir, 'pglite', 'spotter.lock'),
    readReservations: async (ids) => {
      const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { btree_gist } });
      try {
        return toStored((await db.query<ReservationRow>(RESERVATIONS_SQL, [uuidArray(ids)])).rows);
      } finally {
        await db.close();
      }
    },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh scratch database on the server of TEST_DATABASE_URL (the test database itself is left alone). */
async function openPostgresStore(adminUrl: string): Promise<Store> {
  const name = `spotter_crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-crash-'));
  return {
    env: { DATABASE_URL: databaseUrl },
    dataDir,
    lockPath: null,
    readReservations: async (ids) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return toStored((await client.query<ReservationRow>(RESERVATIONS_SQL, [uuidArray(ids)])).rows);
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

type Target = { name: string; open: () => Promise<Store> };
// The test list is built from the databases at hand: PGlite always, PostgreSQL only when TEST_DATABASE_URL names a
// server (CI sets it). Without it there is no PostgreSQL case at all rather than a skipped one.
const targets: Target[] = [{ name: 'PGlite', open: async () => openPgliteStore() }];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) targets.push({ name: 'PostgreSQL', open: () => openPostgresStore(adminUrl) });

/** A walk-in the test made: one writer owns it, so its writes are ordered. */
type Reservation = {
  id: string;
  classId: string;
  athleteId: string;
  writer: number;
  /** isCheckedIn as last acknowledged (or read back after a restart); undefined while no create was acknowledged. */
  state: boolean | undefined;
  /** isCheckedIn of a write that got no answer: it may or may not have landed. */
  pending: boolean | undefined;
  /** A create that got no answer and did not land: the record does not exist. */
  gone: boolean;
  /** The cycle of its last write. */
  cycle: number;
};
type Write = {
  cycle: number;
  op: 'walk-in' | 'check-in' | 'check-out';
  reservationId: string;
  isCheckedIn: boolean;
  status?: number;
  error?: string;
  afterKill: boolean;
};
type Pair = { classId: string; athleteId: string };

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function loginStaff(url: string): Promise<HttpSession> {
  const http = new HttpSession(url);
  await json(await http.request('POST', '/api/auth/login/', { email: 'staff@example.com', password: PASSWORD }), 'staff login');
  return http;
}

type Page<T> = { count: number; next: string | null; results: T[] };
async function allPages<T>(http: HttpSession, url: string, what: string): Promise<T[]> {
  const items: T[] = [];
  for (let next: string | null = url; next;) {
    const page: Page<T> = await json<Page<T>>(await http.request('GET', next), what);
    items.push(...page.results);
    next = page.next;
  }
  return items;
}

/** (class, athlete) pairs without a reservation: today's classes, then the next days', until there are enough. */
async function freePairs(http: HttpSession, wanted: number, random: () => number): Promise<Pair[]> {
  type Event = { eventId: string; startDate: string };
  const pairs: Pair[] = [];
  let date: string | null = null;
  for (let day = 0; day < 7 && pairs.length < wanted; day++) {
    const events: Event[] = await allPages<Event>(http, `/api/events/kiosk-events/?eventType=class${date ? `&date=${date}` : ''}`, 'kiosk events');
    for (const event of events) {
      const athletes = await allPages<{ athleteId: string; reservationId: string | null }>(
        http,
        `/api/athletes/eligible-athletes/?class=${event.eventId}&limit=100`,
        'eligible athletes',
      );
      for (const a of athletes) if (a.reservationId === null) pairs.push({ classId: event.eventId, athleteId: a.athleteId });
    }
    const today: string | undefined = date ?? events[0]?.startDate;
    if (!today) break;
    date = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  return pairs;
}

/** Reservations of a class as the kiosk shows them, late-cancelled and unchecked walk-ins included. */
async function classReservations(http: HttpSession, classId: string): Promise<Map<string, StoredReservation>> {
  const athletes = await allPages<{ athleteId: string; reservationId: string; isCheckedIn: boolean }>(
    http,
    `/api/events/${classId}/kiosk-event/?eventType=class&includeCancelled=true&limit=100`,
    'kiosk event',
  );
  return new Map(athletes.map((a) => [a.reservationId, { classId, athleteId: a.athleteId, isCheckedIn: a.isCheckedIn }]));
}

/** Lines of a server's output that a clean start or run must not have: error-level log lines, crashes, recovery failures. */
function troubleIn(output: string): string[] {
  return output
    .split('\n')
    .filter((line) =>
      /"level":\s*(50|60)\b|\b(error|panic|fatal|corrupt\w*|abort(ed)?|invalid (page|record|checkpoint))\b|could not (read|write|open|locate)|recovery/i.test(
        line,
      ),
    );
}

/**
 * A run's bookkeeping: every reservation the test made, and the log of its writes, split by answer.
 * `acknowledged` writes were answered 2xx; `unanswered` ones got no answer or a 5xx; `refused` ones a 4xx.
 */
class Ledger {
  readonly reservations: Reservation[] = [];
  readonly acknowledged: Write[] = [];
  readonly unanswered: Write[] = [];
  readonly refused: Write[] = [];
  readonly lost: string[] = [];
  /** Unanswered writes whose state was found after the restart. */
  unansweredLanded = 0;

  /** Compares what the database holds with the log; returns the reservations checked. */
  check(stored: Map<string, StoredReservation>, which: Reservation[], where: string): number {
    for (const r of which) {
      const found = stored.get(r.id);
      const allowed = new Set<boolean | undefined>([r.state]);
      if (r.pending !== undefined) allowed.add(r.pending);
      const actual = found?.isCheckedIn;
      if (!allowed.has(actual)) {
        this.lost.push(
          `${where}: reservation ${r.id} (cycle ${r.cycle}) is ${found ? `isCheckedIn=${actual}` : 'missing'}, expected ${[...allowed].map((s) => (s === undefined ? 'missing' : `isCheckedIn=${s}`)).join(' or ')}; writes: ${JSON.stringify(this.writesOf(r.id))}`,
        );
        continue;
      }
      if (found && (found.athleteId !== r.athleteId || found.classId !== r.classId)) {
        this.lost.push(`${where}: reservation ${r.id} belongs to ${JSON.stringify(found)}, expected ${r.athleteId} in ${r.classId}`);
        continue;
      }
      if (r.pending !== undefined && r.pending !== r.state && actual === r.pending) this.unansweredLanded++;
      // What the database holds after a restart is durable from now on: it is the state to expect from here.
      r.state = actual;
      r.pending = undefined;
      r.gone = actual === undefined;
    }
    return which.length;
  }

  writesOf(id: string): Write[] {
    return [...this.acknowledged, ...this.unanswered, ...this.refused].filter((w) => w.reservationId === id);
  }
}

/** One kiosk session writing until the server is killed. */
async function writer(
  http: HttpSession,
  index: number,
  run: { cycle: number; ledger: Ledger; pool: Pair[]; random: () => number; isKilled: () => boolean },
): Promise<void> {
  const { ledger } = run;
  const write = async (r: Reservation, op: Write['op'], isCheckedIn: boolean) => {
    const entry: Write = { cycle: run.cycle, op, reservationId: r.id, isCheckedIn, afterKill: false };
    r.pending = isCheckedIn;
    r.cycle = run.cycle;
    let res: Response;
    try {
      res =
        op === 'walk-in'
          ? await http.request('POST', '/api/athlete-kilo-classes/', {
              athleteKiloClassId: r.id,
              kiloClass: r.classId,
              athlete: r.athleteId,
              isReserved: false,
              isCheckedIn: true,
            })
          : await http.request('PUT', `/api/athlete-kilo-classes/${r.id}/`, { isCheckedIn });
    } catch (err) {
      ledger.unanswered.push({ ...entry, error: String((err as Error).cause ?? err), afterKill: run.isKilled() });
      return false;
    }
    entry.status = res.status;
    entry.afterKill = run.isKilled();
    if (res.ok) {
      // Acknowledged: from here on it must survive, whatever follows.
      r.state = isCheckedIn;
      r.pending = undefined;
      ledger.acknowledged.push(entry);
      const body = (await res.json().catch(() => null)) as { athleteKiloClassId?: string; isCheckedIn?: boolean } | null;
      if (body && (body.athleteKiloClassId !== r.id || body.isCheckedIn !== isCheckedIn)) {
        ledger.lost.push(`cycle ${run.cycle}: ${op} of ${r.id} answered ${JSON.stringify(body)}`);
      }
      return true;
    }
    if (res.status < 500) {
      r.pending = undefined;
      ledger.refused.push({ ...entry, error: await res.text() });
      return true;
    }
    ledger.unanswered.push({ ...entry, error: await res.text().catch(() => '') });
    return false;
  };

  while (!run.isKilled()) {
    const own = ledger.reservations.filter((r) => r.writer === index && r.state !== undefined && r.pending === undefined && !r.gone);
    const pair = own.length > 0 && run.random() < 0.5 ? undefined : run.pool.pop();
    let ok: boolean;
    if (pair) {
      const r: Reservation = { id: randomUUID(), ...pair, writer: index, state: undefined, pending: undefined, gone: false, cycle: run.cycle };
      ledger.reservations.push(r);
      ok = await write(r, 'walk-in', true);
    } else if (own.length > 0) {
      const r = own[Math.floor(run.random() * own.length)]!;
      ok = await write(r, r.state ? 'check-out' : 'check-in', !r.state);
    } else {
      return;
    }
    // An unanswered write means the server is gone (or failing): stop rather than guess.
    if (!ok) return;
  }
}

describe.each(targets)('crash durability on $name', ({ name, open }) => {
  let store: Store | undefined;
  const started: ServerProcess[] = [];
  const start = async (opts: { port?: number; waitForHealth?: boolean } = {}) => {
    const server = await startServer({ dataDir: store!.dataDir, env: { ...store!.env, LOG_LEVEL: 'warn' }, ...opts });
    started.push(server);
    return server;
  };

  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) killQuietly(server);
    }
    for (const server of started) await exitOf(server, 15_000).catch(() => undefined);
    await store?.dispose();
  }, 60_000);

  it(
    `keeps every acknowledged write through ${CYCLES} kill -9s during concurrent writes, and restarts cleanly`,
    async () => {
      const random = seededRandom(SEED + (name === 'PGlite' ? 0 : 1));
      const began = Date.now();
      store = await open();
      const ledger = new Ledger();
      let server = await start();
      const port = server.port;
      const setup = await loginStaff(server.url);
      // About 40 walk-ins a writer per cycle at most, with headroom; the seed has ~120 athletes and ~11 classes a day.
      const pool = await freePairs(setup, CYCLES * WRITERS * 60, random);
      expect(pool.length).toBeGreaterThan(500);
      const kills: number[] = [];
      let refusals = 0;

      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const sessions = await Promise.all(Array.from({ length: WRITERS }, () => loginStaff(server.url)));
        const pid = serverPid(server);
        let killed = false;
        const run = { cycle, ledger, pool, random, isKilled: () => killed };
        const writes = sessions.map((http, i) => writer(http, i, run));

        if (store.lockPath && REFUSAL_CYCLES.has(cycle)) {
          // A second server on the same PGlite directory, while the first one is writing: refused, and harmless.
          const second = await start({ waitForHealth: false });
          expect(await exitOf(second, 60_000)).toBe(1);
          expect(second.output()).toContain(`is in use by another Spotter server (process ${pid})`);
          expect(lockHolder(store.lockPath)).toBe(String(pid));
          expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
          refusals++;
        }

        const delay = Math.round(KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
        kills.push(delay);
        await new Promise((r) => setTimeout(r, delay));
        killed = true;
        await killServerHard(server, pid);
        await Promise.all(writes);
        expect(processExists(pid)).toBe(false);
        expect(await portAcceptsConnections(port)).toBe(false);
        expect(troubleIn(server.output()), `cycle ${cycle}: the killed server's log`).toEqual([]);
        // The kill left the PGlite lock behind; the restart has to take it over.
        if (store.lockPath) expect(lockHolder(store.lockPath)).toBe(String(pid));

        server = await start({ port });
        expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
        const restartLog = server.output();
        expect(restartLog, `cycle ${cycle}: restart`).toMatch(/Spotter is running at/);
        expect(restartLog, `cycle ${cycle}: restart`).not.toMatch(/Seeded the demo data/);
        expect(troubleIn(restartLog), `cycle ${cycle}: the restarted server's log`).toEqual([]);
        if (store.lockPath) expect(lockHolder(store.lockPath)).toBe(String(serverPid(server)));

        // The writers' logins were acknowledged too: their sessions still hold.
        for (const http of sessions)
          expect((await http.request('GET', '/api/auth/session/')).status, `cycle ${cycle}: a session from before the kill`).toBe(200);
        const touched = ledger.reservations.filter((r) => r.cycle === cycle);
        const stored = new Map<string, StoredReservation>();
        for (const classId of new Set(touched.map((r) => r.classId))) {
          for (const [id, reservation] of await classReservations(sessions[0]!, classId)) stored.set(id, reservation);
        }
        ledger.check(stored, touched, `cycle ${cycle} (killed after ${delay} ms)`);
        expect(ledger.lost).toEqual([]);
      }

      // All cycles' reservations, straight from the database with the server stopped: nothing a later crash undid,
      // and no unanswered walk-in that was missing after its restart turned up later.
      expect(await server.stop()).toBe(0);
      if (store.lockPath) expect(fs.existsSync(store.lockPath)).toBe(false);
      const all = ledger.reservations;
      ledger.check(await store.readReservations(all.map((r) => r.id)), all, 'final read from the database');
      expect(ledger.lost).toEqual([]);

      const byOp = (op: Write['op']) => ledger.acknowledged.filter((w) => w.op === op).length;
      const summary = {
        database: name,
        seed: SEED,
        cycles: CYCLES,
        killDelaysMs: kills,
        acknowledgedWrites: ledger.acknowledged.length,
        walkIns: byOp('walk-in'),
        checkIns: byOp('check-in'),
        checkOuts: byOp('check-out'),
        unanswered: ledger.unanswered.length,
        unansweredThatLanded: ledger.unansweredLanded,
        refused: ledger.refused.length,
        reservationsCheckedAtTheEnd: all.length,
        missingAtTheEnd: all.filter((r) => r.gone).length,
        secondServerRefusals: refusals,
        lost: ledger.lost.length,
        seconds: Math.round((Date.now() - began) / 1000),
      };
      console.log(`crash durability: ${JSON.stringify(summary)}`);

      // Nothing may go wrong while the server is up: no 4xx (the test's model of the data would be wrong) and no
      // failed write before the kill.
      expect(ledger.refused).toEqual([]);
      expect(ledger.unanswered.filter((w) => !w.afterKill)).toEqual([]);
      if (store.lockPath) expect(refusals).toBe(REFUSAL_CYCLES.size);
    },
    TEST_TIMEOUT_MS,
  );
});
