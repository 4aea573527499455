import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { newPglite, openDatabase, openPglite, type Database, type Db } from '../src/db/client';
import type { WriteContext } from '../src/lib/changes';
import type { Mail } from '../src/lib/mailer';
import { sessions } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/tokens';
import { TEST_PASSWORD, factories, type Factories } from './factories';

export const APP_URL = 'http://localhost:3000';

/** A fresh copy of the migrated (empty) database for one test file. */
export async function openTestDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const templateUrl = inject('templateDatabaseUrl');
  if (templateUrl) {
    const name = `spotter_test_${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${new URL(templateUrl).pathname.slice(1)}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ database: { kind: 'postgres', url: u.toString() } });
    return {
      database,
      url: u.toString(),
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists "${name}" with (force)`);
        await a.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const client = newPglite({ loadDataDir: new Blob([dump]) });
  await client.waitReady;
  return { database: openPglite(client), url: null, drop: async () => {} };
}

/**
 * Sessions are looked up for every request unless a test turns keeping them on (SESSION_CACHE_MS, decision 003), so
 * tests that count statements count the same whichever request comes first; plugins/session.test.ts tests keeping.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-data-'));
  // FAST_WRITES=off from the environment runs a file on the locked path only (write-paths.differential.test.ts compares both).
  const fastWrites = process.env.FAST_WRITES ?? 'on';
  // Jobs are run by the test itself (t.drainJobs), so it knows when they have run; jobs.test.ts runs the workers.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL,
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    SESSION_CACHE_MS: '0',
    FAST_WRITES: fastWrites,
    JOBS: 'off',
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** What a command needs (the database and the app's change feed), for tests that call a command directly. */
  ctx: WriteContext;
  kind: Database['kind'];
  mail: Mail[];
  client: () => ApiClient;
  /** Logs in through POST /api/auth/login/ (the login's own tests; others use `as`). */
  login: (email: string, password?: string) => Promise<ApiClient>;
  /** A client with a session of the person's user, their profile chosen (made in the database: no argon2 per test). */
  as: (person: { userId: string; profileId?: string | null }) => Promise<ApiClient>;
  /** Factories of test data in this test's database. */
  make: Factories;
  /** Runs every job waiting in the durable queue (mail delivery…), here and now; fails the test if one fails. */
  drainJobs: () => Promise<number>;
  close: () => Promise<void>;
};

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mail: Mail[] = [];
  const config = testConfig(overrides);
  // TEST_LOG=1 prints the server's errors (what is behind a 500 the fuzz finds, say).
  const logger = process.env.TEST_LOG ? { level: 'error' } : false;
  const app = await buildApp(config, database, { logger, mailer: { send: async (m) => void mail.push(m) } });
  const client = () => new ApiClient(app);
  return {
    app,
    db: database.db,
    ctx: { db: database.db, changes: app.changes },
    kind: database.kind,
    mail,
    client,
    make: factories(database.db),
    drainJobs: async () => {
      const { done, failed } = await app.jobs.drain();
      if (failed.length > 0) throw failed[0];
      return done;
    },
    as: async (person) => {
      const token = randomToken();
      const now = new Date();
      await database.db.insert(sessions).values({
        tokenHash: sha256(token),
        userId: person.userId,
        profileId: person.profileId ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + config.sessionTtlMs),
      });
      const c = client();
      c.cookies.set('sessionid', token);
      return c;
    },
    login: async (email, password = TEST_PASSWORD) => {
      const c = client();
      const res = await c.post('/api/auth/login/', { email, password });
      if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
      return c;
    },
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, fetches the CSRF token and sends X-CSRFToken on unsafe methods. */
export class ApiClient {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  /** `remoteAddress`: the address the request comes from (request.ip; 127.0.0.1 when not given). */
  async request(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string>; remoteAddress?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    if (unsafe && opts.csrf !== false && !this.csrfToken) await this.request('GET', '/api/auth/csrf/');
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (unsafe && opts.csrf !== false && this.csrfToken) headers['x-csrftoken'] = this.csrfToken;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now()) || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body ?? {});
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
  async session() {
    const res = await this.get('/api/auth/session/');
    return res.statusCode === 200 ? res.json() : null;
  }
}

/**
 * Every statement sent to the database driver (node-postgres pool or PGlite) passes `hook` with its SQL text until
 * the returned restore() is called. The hook may answer a statement itself (a fault, say) or return undefined to
 * send it on. Prepared statements are built once, so watching drizzle's builders would miss them.
 */
export function interceptDriverQueries(db: Db, hook: (text: string) => Promise<unknown> | undefined): () => void {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    return hook(text) ?? original.apply(this, args);
  };
  return () => {
    client.query = original;
  };
}

/** Statements sent to the database driver while `run` runs. */
export async function countDriverQueries<T>(db: Db, run: () => Promise<T>): Promise<{ count: number; result: T }> {
  let count = 0;
  const restore = interceptDriverQueries(db, () => {
    count++;
    return undefined;
  });
  try {
    const result = await run();
    return { count, result };
  } finally {
    restore();
  }
}

/**
 * Fixes the clock of this test file at an instant (Date only: timers run as usual), and puts it back after the file.
 * Server tests never depend on the hour they run at; `set` moves the clock on within a test.
 */
export function fixClock(at: string | Date): { set: (next: string | Date) => void } {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  afterAll(() => {
    vi.useRealTimers();
  });
  return { set: (next) => vi.setSystemTime(new Date(next)) };
}

/** The instant most server tests run at: a Wednesday afternoon in Chicago (2026-03-04 14:30 CST). */
export const TEST_NOW = '2026-03-04T20:30:00.000Z';
