import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';
import type { Config } from '../config';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What reads and single writes take: the database, or a transaction in progress. */
export type DbOrTx = Db | Tx;

export type Database =
  | { db: Db; kind: 'postgres'; /** The connection string (the change feed opens its own connection). */ url: string; close: () => Promise<void> }
  | { db: Db; kind: 'pglite'; close: () => Promise<void> };

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, as Linux reports it (/proc/<pid>/stat field 22, clock ticks since boot), with the boot's
 * id; null where there is no /proc. A pid alone is not an identity: after a container or machine restart another
 * process can hold the pid a killed server left in its lock.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}/${fields[19]}`;
  } catch {
    return null;
  }
}

/** The lock file's holder: "<pid> <start>" (or a bare pid, as earlier versions wrote it). */
function holderOf(text: string): { pid: number; start: string | null } {
  const [pid, start] = text.trim().split(/\s+/);
  return { pid: Number(pid), start: start ?? null };
}

/** The holder still runs: its pid is alive and, where both are known, it is the same process that took the lock. */
function holderAlive(holder: { pid: number; start: string | null }): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isAlive(holder.pid)) return false;
  const now = holder.start === null ? null : processStart(holder.pid);
  return holder.start === null || now === null || now === holder.start;
}

/**
 * PGlite has no lock of its own: two processes on one directory corrupt it. Hold a lock file naming this process
 * (pid and start time); a stale one (its process is gone, e.g. after kill -9, or its pid now belongs to another
 * process) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'spotter.lock');
  const start = processStart(process.pid);
  const mine = start === null ? String(process.pid) : `${process.pid} ${start}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(fs.readFileSync(lockPath, 'utf8'));
      if (holder.pid !== process.pid && holderAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Spotter server (process ${holder.pid}). Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

/** Connections of the PostgreSQL pool: so many statements of this process run side by side. */
export const POOL_SIZE = 10;

export async function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  if (config.database.kind === 'postgres') {
    // Connections stay open once made (pg closes idle ones after 10 s by default). A class start needs them all at
    // once, each with its prepared statements; and closing several while reads go on stalled those reads ~50 ms.
    // Issue 32 (decision 039): the server cancels a statement that runs longer than the configured time (SQLSTATE
    // 57014, answered 503), so no request holds a connection for long. Migrations and the seed open without it.
    const timeout = config.database.statementTimeoutMs;
    const pool = new pg.Pool({
      connectionString: config.database.url,
      max: POOL_SIZE,
      idleTimeoutMillis: 0,
      ...(timeout ? { statement_timeout: timeout } : {}),
    });
    // An idle connection that the server drops (restart, failover, a dropped database) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', url: config.database.url, close: () => pool.end() };
  }
  const release = config.database.kind === 'pglite' ? lockDataDir(config.database.dataDir) : () => {};
  try {
    const client = newPglite(config.database.kind === 'pglite' ? { dataDir: config.database.dataDir } : {});
    await client.waitReady;
    return openPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * A PGlite with the extensions the migrations create (btree_gist: the exclusion constraints that keep a coach or a room
 * from being booked twice, migration 0008). Every PGlite the project opens is made here.
 */
export function newPglite(options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, extensions: { btree_gist, ...options.extensions } });
}

const soleConnections = new WeakSet<Db>();
/**
 * The database is an in-process PGlite: one connection that runs one query at a time, and (its data directory locked)
 * this process its only writer.
 */
export const isSoleConnection = (db: Db) => soleConnections.has(db);

export function openPglite(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  soleConnections.add(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer with `rows`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The SQLSTATE of a failed query (node-postgres and PGlite both set `code`), or undefined. Drizzle wraps the driver's
 * error in a DrizzleQueryError whose `cause` is the original, so the chain of causes is searched.
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's detail of a failed query (node-postgres and PGlite both set `detail`), searched like sqlState. */
export function detailOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return undefined;
}

/** The constraint a failed query broke (node-postgres and PGlite both set `constraint`), searched like sqlState. */
export function constraintOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
