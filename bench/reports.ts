import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { addDays, reportTypes, toZoned, type ReportType } from '@spotter/shared';
import { gyms } from '../apps/server/src/db/schema';
import { explainStatements, statementsOf, type Statement } from './explain';
import { ironTemple } from './fixtures';
import { compare, round, type BenchRow } from './lib';
import type { Side } from './scale';

/**
 * Issue 21 (decision 037): the 20 reports and the dashboard at scale, on the scale rows' two databases (bench/scale.ts:
 * the demo data alone, and with 999 more gyms that each have a year of history). Measured as the demo owner of Iron
 * Temple Barbell, whose year of history (payments, invoices, memberships, holds, check-ins) the demo seed gives it
 * (apps/server/src/db/seed/report-history.ts), the same on both databases:
 * - each report over the 12 months ending today: the median latency of REPORT_SAMPLES sequential requests on each
 *   database, and their ratio (large / small), held to within 3x;
 * - the EXPLAIN (ANALYZE, BUFFERS) of every statement a report runs on the large database (captured at the driver):
 *   each plan's top node is printed, and a sequential scan of a table that grows with the gyms fails the report's
 *   plan row; the plans go to results/reports-explain.txt;
 * - the dashboard's p99 under load (autocannon, 10 connections, BENCH_SECONDS a round) on the large database, held to
 *   300 ms, beside a bare single-row SELECT route on the same database (interleaved rounds, as the other rows).
 * A report or the dashboard answering 501 (not built yet) is printed as "not built" and skipped.
 */
const REPORT_SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 5);
const WITHIN = 3;
const DASHBOARD_P99_MS = 300;
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** The large database's gyms (scale.ts GYMS), for the rows' names. */
const GYMS = Number(process.env.BENCH_SCALE_GYMS ?? 1000).toLocaleString('en-US');
const BIG_TABLES = ['payments', 'invoices', 'invoice_lines', 'athlete_packages', 'reservations', 'events', 'credit_ledger', 'athletes'];
const bigSeqScan = new RegExp(`Seq Scan on (${BIG_TABLES.join('|')})\\b`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One GET as the owner; its status and wall time in ms. */
async function timed(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

/** The median of REPORT_SAMPLES sequential requests after one unmeasured (its prepared statements, its code). */
async function medianLatency(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number; text: string }> {
  const first = await timed(url, headers);
  if (first.status !== 200) return first;
  const samples: number[] = [];
  for (let i = 0; i < REPORT_SAMPLES; i++) samples.push((await timed(url, headers)).ms);
  return { status: 200, ms: Number(median(samples).toFixed(1)), text: first.text };
}

/** The path of a report over the 12 months that end on the gym's today. */
export function reportPath(type: ReportType, today: string): string {
  // The day after the same date a year before (28 February for a 29 February).
  const yearBefore = `${Number(today.slice(0, 4)) - 1}${today.slice(4) === '-02-29' ? '-02-28' : today.slice(4)}`;
  const from = addDays(yearBefore, 1);
  return `/api/reports/${type}/?from=${from}&to=${today}`;
}

const notBuilt = (benchmark: string, target: string): BenchRow => ({ benchmark, value: 0, unit: 'not built (501)', target, pass: true, skipped: true });

/** The top node of a plan: its first line, without the costs and timings. */
const topNode = (plan: string) => (plan.split('\n')[0] ?? '').replace(/\s*\(.*$/, '').trim();

export async function runReports(small: Side, large: Side): Promise<BenchRow[]> {
  const { gym } = await ironTemple(large.database.db);
  const today = toZoned(new Date(), gym.timeZone).date;
  const rows: BenchRow[] = [];
  const explained: string[] = [];
  const only = process.env.BENCH_REPORTS_ONLY ? new Set(process.env.BENCH_REPORTS_ONLY.split(',').map((s) => s.trim())) : null;
  for (const type of reportTypes) {
    if (only && !only.has(type)) continue;
    const p = reportPath(type, today);
    const name = `reports: ${type} (12 months, owner), ${GYMS} gyms vs the demo data`;
    const target = `<= ${WITHIN} (within ${WITHIN}x)`;
    const smallRun = await medianLatency(`${small.url}${p}`, small.ownerHeaders);
    if (smallRun.status === 501) {
      rows.push(notBuilt(name, target));
      console.log(`reports: ${type}: not built (501), skipped`);
      continue;
    }
    const largeRun = await medianLatency(`${large.url}${p}`, large.ownerHeaders);
    if (smallRun.status !== 200 || largeRun.status !== 200) {
      rows.push({
        benchmark: name,
        value: 0,
        unit: 'error',
        target,
        pass: false,
        detail: { smallStatus: smallRun.status, largeStatus: largeRun.status, answer: (smallRun.status !== 200 ? smallRun : largeRun).text.slice(0, 200) },
      });
      continue;
    }
    const ratio = Number((largeRun.ms / Math.max(smallRun.ms, 0.1)).toFixed(2));
    rows.push({
      benchmark: name,
      value: ratio,
      unit: 'x small latency',
      target,
      pass: ratio <= WITHIN,
      detail: { largeMedianMs: largeRun.ms, smallMedianMs: smallRun.ms },
    });

    // The statements the report runs on the large database.
    const plans = await explainedStatements(large, p);
    let seqScans = 0;
    for (const [i, plan] of plans.entries()) {
      const scans = `${plan.plan}\n${plan.generic}`.split('\n').filter((line) => bigSeqScan.test(line));
      seqScans += scans.length;
      console.log(
        `reports: ${type} statement ${i + 1}/${plans.length}: ${topNode(plan.plan)}${scans.length ? ` — FAIL: ${scans.map((l) => l.trim()).join('; ')}` : ''}`,
      );
      explained.push(`${type}, statement ${i + 1} of ${plans.length}\n\n${plan.text}\n\n${plan.plan}\n\ngeneric plan:\n${plan.generic}`);
    }
    rows.push({
      benchmark: `reports: ${type}: its ${plans.length} statements on ${GYMS} gyms use indexes (EXPLAIN ANALYZE, BUFFERS in results/reports-explain.txt)`,
      value: seqScans,
      unit: 'seq scans',
      target: `0 on ${BIG_TABLES.join(', ')}`,
      pass: seqScans === 0,
      detail: { statements: plans.length, topNodes: plans.map((pl) => topNode(pl.plan)).join(' | ') },
    });
  }
  const out = path.join(import.meta.dirname, 'results', 'reports-explain.txt');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, explained.length ? `${explained.join('\n\n----\n\n')}\n` : 'No report is built yet (every report answered 501).\n');

  const dashboard = await dashboardRow(large);
  // The dashboard's statements (issue 21: at most a fixed few), each with its plan and execution time at 1,000 gyms.
  if (!dashboard.skipped) {
    const plans = await explainedStatements(large, '/api/dashboard/');
    dashboard.detail = { ...dashboard.detail, statements: plans.length, executionMs: plans.map((pl) => executionMs(pl.plan)).join(' | ') };
    let seqScans = 0;
    for (const [i, plan] of plans.entries()) {
      const scans = `${plan.plan}\n${plan.generic}`.split('\n').filter((line) => bigSeqScan.test(line));
      seqScans += scans.length;
      console.log(
        `reports: dashboard statement ${i + 1}/${plans.length}: ${topNode(plan.plan)}, ${executionMs(plan.plan)} ms${scans.length ? ` — FAIL: ${scans.map((l) => l.trim()).join('; ')}` : ''}`,
      );
      explained.push(`dashboard, statement ${i + 1} of ${plans.length}\n\n${plan.text}\n\n${plan.plan}\n\ngeneric plan:\n${plan.generic}`);
    }
    rows.push({
      benchmark: `reports: dashboard: its ${plans.length} statements on ${GYMS} gyms use indexes (EXPLAIN ANALYZE, BUFFERS in results/reports-explain.txt)`,
      value: seqScans,
      unit: 'seq scans',
      target: `0 on ${BIG_TABLES.join(', ')}`,
      pass: seqScans === 0,
      detail: { statements: plans.length, topNodes: plans.map((pl) => topNode(pl.plan)).join(' | ') },
    });
  }
  rows.push(dashboard);
  fs.writeFileSync(out, explained.length ? `${explained.join('\n\n----\n\n')}\n` : 'No report is built yet (every report answered 501).\n');
  return rows;
}

/** A plan's "Execution Time" in ms (EXPLAIN ANALYZE's summary), or NaN. */
const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);

/** The statements one request of the owner runs on the large database (the session lookup and the job queue's polling aside), explained. */
async function explainedStatements(large: Side, p: string) {
  const captured = (await statementsOf(large.database.db, () => fetch(`${large.url}${p}`, { headers: large.ownerHeaders }).then((r) => r.text()))).filter(
    (st) => !/pgboss/i.test(st.text) && !/from "sessions"/.test(st.text),
  );
  const statements: Statement[] = [...new Map(captured.map((st) => [`${st.text}\u0000${JSON.stringify(st.values)}`, st])).values()];
  return explainStatements(
    large.database.db,
    statements.map((st) => ({ ...st, analyze: true })),
    { buffers: true },
  );
}

/** The dashboard's p99 under load on the large database, beside a bare single-row SELECT route on it. */
async function dashboardRow(large: Side): Promise<BenchRow> {
  const name = `reports: dashboard p99 under load (10 connections), ${GYMS} gyms, vs bare SELECT`;
  const target = `p99 < ${DASHBOARD_P99_MS} ms`;
  const url = `${large.url}/api/dashboard/`;
  const probe = await timed(url, large.ownerHeaders);
  if (probe.status === 501) {
    console.log('reports: dashboard: not built (501), skipped');
    return notBuilt(name, target);
  }
  if (probe.status !== 200)
    return { benchmark: name, value: 0, unit: 'error', target, pass: false, detail: { status: probe.status, answer: probe.text.slice(0, 200) } };
  const { db } = large.database;
  const bare = Fastify({ logger: false });
  bare.get('/select', async () => (await db.select({ id: gyms.id, title: gyms.title }).from(gyms).where(eq(gyms.id, large.gymId)))[0]);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await compare(
      () => round(`${bareUrl}/select`, seconds, 10),
      () => round(url, seconds, 10, large.ownerHeaders),
    );
    const p99 = result.subject.p99;
    return {
      benchmark: name,
      value: p99,
      unit: 'ms p99',
      target,
      pass: p99 < DASHBOARD_P99_MS,
      detail: {
        ratio: Number(result.ratio.toFixed(3)),
        rps: Math.round(result.subject.rps),
        p50Ms: result.subject.p50,
        bareRps: Math.round(result.baseline.rps),
        bareP50Ms: result.baseline.p50,
        bareP99Ms: result.baseline.p99,
      },
    };
  } finally {
    await bare.close();
  }
}
