import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load-client';

export type Round = { rps: number; p50: number; p99: number };

/** One autocannon round against a loopback URL, bounded in time. */
export async function round(url: string, seconds: number, connections = 10, headers: Record<string, string> = {}): Promise<Round> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`benchmarks only target loopback, not ${url}`);
  const result = await autocannon({ url, duration: seconds, connections, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Interleaved rounds (A B A B …) so drift in the machine hits both sides alike; medians of each side. */
export async function compare(
  baseline: () => Promise<Round>,
  subject: () => Promise<Round>,
  rounds = 3,
): Promise<{ ratio: number; baseline: Round; subject: Round }> {
  const a: Round[] = [];
  const b: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await baseline());
    b.push(await subject());
  }
  const pick = (rs: Round[]): Round => ({ rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)) });
  const base = pick(a);
  const subj = pick(b);
  return { ratio: subj.rps / base.rps, baseline: base, subject: subj };
}

/** One line of `npm run bench`: the figure, its unit, the target it is held to, and the figures beside it. */
export type BenchRow = {
  benchmark: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
  /** Nothing to measure yet (an issue-21 report answering 501): printed as "not built", counted neither way. */
  skipped?: boolean;
  detail?: Record<string, number | string>;
};

/** A ratio row: the subject's requests per second over the bare route's, with both sides' p50/p99 beside it. */
export function ratioRow(benchmark: string, result: { ratio: number; baseline: Round; subject: Round }, min: number): BenchRow {
  const ratio = Number(result.ratio.toFixed(2));
  return {
    benchmark,
    value: ratio,
    unit: 'x bare',
    target: `>= ${min}`,
    pass: ratio >= min,
    detail: {
      rps: Math.round(result.subject.rps),
      p50Ms: result.subject.p50,
      p99Ms: result.subject.p99,
      bareRps: Math.round(result.baseline.rps),
      bareP50Ms: result.baseline.p50,
      bareP99Ms: result.baseline.p99,
    },
  };
}

function loopbackOnly(url: string): void {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`benchmarks only target loopback, not ${url}`);
}

let client: ChildProcess | undefined;
let nextJob = 0;
process.on('exit', () => client?.kill('SIGKILL'));

/**
 * The load client (load-client.ts), one process for the whole run and started on first use, so its start-up (tsx,
 * module loading) and its JIT warm-up fall outside every measurement. It does not keep this process alive.
 */
function loadClient(): ChildProcess {
  if (!client || client.exitCode !== null || client.signalCode !== null) {
    client = fork(path.join(import.meta.dirname, 'load-client.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    client.unref();
    client.channel?.unref();
  }
  return client;
}

/** Runs one job on the load client (its own process, as tablets are), bounded in time. */
async function inLoadProcess(job: LoadJob, timeoutMs: number): Promise<LoadResult> {
  loopbackOnly(job.url);
  const child = loadClient();
  const id = nextJob++;
  let timer: NodeJS.Timeout | undefined;
  let onMessage: ((m: unknown) => void) | undefined;
  let onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the load client did not answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      onMessage = (m) => {
        const answer = m as { id: number; result?: LoadResult; error?: string };
        if (answer.id !== id) return;
        if (answer.result) resolve(answer.result);
        else reject(new Error(`load client: ${answer.error}`));
      };
      onExit = (code, signal) => reject(new Error(`load client exited (${code ?? signal}) before answering`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, job });
    });
  } finally {
    clearTimeout(timer);
    if (onMessage) child.off('message', onMessage);
    if (onExit) child.off('exit', onExit);
  }
}

/**
 * A fixed request rate (not as fast as possible) for a bounded time, open loop: request i is sent at start + i / rate
 * from a client process, and its latency counts from that moment. (autocannon's overallRate sends each second's
 * budget back to back at the start of the second, which measures a burst, not a rate.)
 */
export async function openLoopRound(url: string, rate: number, seconds: number, headers: Record<string, string> = {}): Promise<Round & { non2xx: number }> {
  const result = await inLoadProcess({ mode: 'rate', url, headers, rate, seconds }, (seconds + 30) * 1000);
  return {
    rps: result.latencies.length / seconds,
    p50: Number(quantile(result.latencies, 0.5).toFixed(1)),
    p99: Number(quantile(result.latencies, 0.99).toFixed(1)),
    non2xx: result.statuses.filter((s) => s < 200 || s >= 300).length,
  };
}

/**
 * Every request sent at the same moment from a client process; each one's latency from that moment, and its status.
 * With `warmUrl`, each request goes on a connection opened (and kept alive) beforehand.
 */
export async function burstRound(
  method: string,
  headers: Record<string, string>,
  requests: { url: string; body: string }[],
  warmUrl?: string,
): Promise<LoadResult> {
  for (const r of requests) loopbackOnly(r.url);
  if (warmUrl) loopbackOnly(warmUrl);
  return inLoadProcess({ mode: 'burst', url: warmUrl ?? requests[0]!.url, method, headers, requests, warmUrl }, 60_000);
}

/** The q-quantile (0..1) of the samples, nearest rank. */
export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** True when the module is the script node was started with (so a suite can be imported or run alone). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Prints the rows and writes them to bench/results/<name>.json. */
export function report(name: string, meta: Record<string, unknown>, rows: BenchRow[]): void {
  console.table(
    rows.map((r) => ({ benchmark: r.benchmark, value: r.value, unit: r.unit, target: r.target, pass: r.skipped ? 'not built' : r.pass, ...r.detail })),
  );
  const out = path.join(import.meta.dirname, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), ...meta, rows }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}
