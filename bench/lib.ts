import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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
export type BenchRow = { benchmark: string; value: number; unit: string; target: string; pass: boolean; detail?: Record<string, number | string> };

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

/** A fixed request rate (not as fast as possible) for a bounded time: the latency people see at that load. */
export async function fixedRateRound(url: string, rate: number, seconds: number, headers: Record<string, string> = {}): Promise<Round & { non2xx: number }> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`benchmarks only target loopback, not ${url}`);
  const result = await autocannon({ url, duration: seconds, connections: 20, overallRate: rate, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
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
  console.table(rows.map((r) => ({ benchmark: r.benchmark, value: r.value, unit: r.unit, target: r.target, pass: r.pass, ...r.detail })));
  const out = path.join(import.meta.dirname, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), ...meta, rows }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}
