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
