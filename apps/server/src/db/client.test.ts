import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { DataDirLockedError, POOL_SIZE, lockDataDir, processStart, queryRows } from './client';
import { openTestDatabase } from '../../test/helper';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('refuses a second holder while the first lives, with a clear message', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    fs.writeFileSync(path.join(dir, 'spotter.lock'), String(other.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Spotter server/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a killed process, and releases its own', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('exit', r));
    fs.writeFileSync(path.join(dir, 'spotter.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'spotter.lock'), 'utf8')).toBe(`${process.pid} ${processStart(process.pid)}`);
    release();
    expect(fs.existsSync(path.join(dir, 'spotter.lock'))).toBe(false);
  });

  it('names its holder by pid and start time: a live process that took the lock refuses, a reused pid does not', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await new Promise((r) => other.once('spawn', r));
      const start = processStart(other.pid!);
      expect(start).toMatch(/^[0-9a-f-]+\/\d+$/);
      fs.writeFileSync(path.join(dir, 'spotter.lock'), `${other.pid} ${start}`);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Spotter server/);
      // The same pid, but not the process that took the lock (a restart handed the pid to someone else).
      fs.writeFileSync(path.join(dir, 'spotter.lock'), `${other.pid} ${start!.replace(/\d+$/, '1')}`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'spotter.lock'), 'utf8')).toBe(`${process.pid} ${processStart(process.pid)}`);
      release();
    } finally {
      other.kill('SIGKILL');
    }
  });
});

describe.runIf(process.env.SPOTTER_TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  // pg closes a connection idle for 10 s by default. After a class start, the connections it opened then closed
  // together while reads went on, and stalled them up to ~130 ms (bench/kiosk.ts, computed reads at 300/s); the next
  // class start then paid for new connections and their prepared statements.
  it('keeps its connections open while idle, ready for the next class start', async () => {
    const { database, drop } = await openTestDatabase();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await Promise.all(Array.from({ length: POOL_SIZE }, () => queryRows(database.db, sql`select pg_sleep(0.05)`)));
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      expect(pool.totalCount).toBe(POOL_SIZE);
      vi.advanceTimersByTime(10 * 60_000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(pool.totalCount).toBe(POOL_SIZE);
      expect(pool.idleCount).toBe(POOL_SIZE);
    } finally {
      vi.useRealTimers();
      await database.close();
      await drop();
    }
  });
});
