import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMain, report, type BenchRow } from './lib';
import { freePort, serverCommand } from '../e2e/support/server-process';
import { stopChild } from './server';

/**
 * Cold start: from spawning the server exactly as `npm run start:server` does (node with tsx's loader included) to its first 200 on
 * /api/health, on an existing PGlite directory and on an existing PostgreSQL database (the first start, which
 * migrates and seeds, is not measured). Median of 3 starts each.
 */
const STARTS = 3;

async function startOnce(env: NodeJS.ProcessEnv): Promise<number> {
  const { cwd, command, args } = serverCommand();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent' };
  // The database is exactly the one asked for: never a DATABASE_URL inherited from the shell.
  delete childEnv.DATABASE_URL;
  const child = spawn(command, args, {
    cwd,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (Date.now() > deadline) throw new Error(`server did not answer within 120 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stopChild(child);
  }
}

async function medianStart(env: NodeJS.ProcessEnv): Promise<{ median: number; all: number[] }> {
  await startOnce(env); // migrates and seeds: not a cold start of an existing database
  const all: number[] = [];
  for (let i = 0; i < STARTS; i++) all.push(Math.round(await startOnce(env)));
  return { median: [...all].sort((a, b) => a - b)[Math.floor(all.length / 2)]!, all };
}

export async function runColdStart(databaseUrl?: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-cold-'));
  try {
    const pglite = await medianStart({ DATA_DIR: dataDir });
    rows.push({
      benchmark: 'cold start: existing PGlite directory to first 200',
      value: pglite.median,
      unit: 'ms',
      target: 'measured',
      pass: true,
      detail: { starts: pglite.all.join(' ') },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (databaseUrl) {
    const postgres = await medianStart({ DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() });
    rows.push({
      benchmark: 'cold start: PostgreSQL to first 200',
      value: postgres.median,
      unit: 'ms',
      target: 'measured',
      pass: true,
      detail: { starts: postgres.all.join(' ') },
    });
  }
  return rows;
}

if (isMain(import.meta.url)) report('cold-start', {}, await runColdStart(process.env.DATABASE_URL));
