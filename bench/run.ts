import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runBillingBench } from './billing';
import { runBooking } from './booking';
import { runColdStart } from './cold-start';
import { runOverhead } from './framework-overhead';
import { runImportBench } from './import';
import { runKiosk } from './kiosk';
import { runReports } from './reports';
import { openScale, runScale } from './scale';
import type { BenchRow } from './lib';
import { runWebBench } from './web';

/**
 * `npm run bench`: every suite in one run, one table, bench/results/latest.json. Loopback only. The PostgreSQL
 * suites run on a scratch database created (and dropped) on the server of BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; without a reachable server they are left out and the table says so.
 * BENCH_ONLY=overhead,kiosk,booking,billing,cold,import,web,scale,reports runs a subset (scale and reports share their databases).
 */
const only = new Set((process.env.BENCH_ONLY ?? 'overhead,kiosk,booking,billing,cold,import,web,scale,reports').split(',').map((s) => s.trim()));
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`benchmarks only use a loopback database, not ${host}`);
}

/** A fresh database on the server, dropped again by the returned function; null when no server answers. */
async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  assertLoopback(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const database = `spotter_bench_${name}_${process.pid}`;
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists ${database} with (force)`);
      await again.end();
    },
  };
}

async function withScratch<T>(name: string, run: (url: string | undefined) => Promise<T>): Promise<T> {
  const scratch = await scratchDatabase(name);
  try {
    return await run(scratch?.url);
  } finally {
    await scratch?.drop();
  }
}

async function main() {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const started = Date.now();
  if (only.has('overhead')) rows.push(...(await runOverhead()));
  if (only.has('kiosk')) {
    rows.push(...(await runKiosk()));
    await withScratch('kiosk', async (url) => {
      if (url) rows.push(...(await runKiosk(url)));
      else notes.push(`no PostgreSQL at ${serverUrl}: the PostgreSQL kiosk rows are missing`);
    });
  }
  if (only.has('booking')) {
    await withScratch('booking', async (url) => {
      if (url) rows.push(...(await runBooking(url)));
      else notes.push(`no PostgreSQL at ${serverUrl}: the booking row is missing`);
    });
  }
  if (only.has('billing')) {
    await withScratch('billing', async (url) => {
      if (url) rows.push(...(await runBillingBench(url)));
      else notes.push(`no PostgreSQL at ${serverUrl}: the billing-run row is missing`);
    });
  }
  if (only.has('cold')) {
    await withScratch('cold', async (url) => {
      if (!url) notes.push(`no PostgreSQL at ${serverUrl}: cold start measured on PGlite only`);
      rows.push(...(await runColdStart(url)));
    });
  }
  if (only.has('import')) rows.push(...(await runImportBench()));
  if (only.has('scale') || only.has('reports')) {
    // Issue 21's report rows measure on the scale rows' databases (built once for both).
    await withScratch('small', (small) =>
      withScratch('large', async (large) => {
        if (!small || !large) {
          notes.push(`no PostgreSQL at ${serverUrl}: the scale and report rows are missing`);
          return;
        }
        const scale = await openScale(small, large);
        try {
          if (only.has('scale')) rows.push(...(await runScale(scale.small, scale.large)));
          if (only.has('reports')) rows.push(...(await runReports(scale.small, scale.large)));
        } finally {
          await scale.close();
        }
      }),
    );
  }
  if (only.has('web')) rows.push(...(await runWebBench()));

  console.table(rows.map((r) => ({ benchmark: r.benchmark, value: r.value, unit: r.unit, target: r.target, pass: r.skipped ? 'not built' : r.pass })));
  for (const note of notes) console.log(`note: ${note}`);
  const measured = rows.filter((r) => !r.skipped);
  const failed = measured.filter((r) => !r.pass);
  const skipped = rows.length - measured.length;
  console.log(
    `${measured.length - failed.length} of ${measured.length} within target${skipped ? ` (${skipped} not built)` : ''}, in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  const out = path.join(import.meta.dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, notes, rows }, null, 2),
  );
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}

await main();
