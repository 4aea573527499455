import http from 'node:http';

/**
 * A load client in its own process (lib.ts openLoopRound, burstRound), so the requests are sent and timed off the
 * server's event loop, as tablets would send them. It takes jobs from its parent one at a time and answers each with its result.
 *  - `rate`: open loop, request i is due at start + i / rate whatever the answers before it; its latency counts from
 *    the moment it was due, so a stalled server is charged for the requests queued behind it (no coordinated omission).
 *  - `burst`: every request at the same moment; latency from that moment. With `warmUrl`, one connection per request is
 *    opened first (a GET of warmUrl on each, kept alive), as devices that already have the app open hold theirs.
 */
export type LoadJob =
  | { mode: 'rate'; url: string; headers: Record<string, string>; rate: number; seconds: number }
  | { mode: 'burst'; url: string; method: string; headers: Record<string, string>; requests: { url: string; body: string }[]; warmUrl?: string };

export type LoadResult = { latencies: number[]; statuses: number[]; errors: number };

function send(agent: http.Agent, method: string, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function main(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies: number[] = [];
  const statuses: number[] = [];
  if (job.mode === 'burst') {
    if (job.warmUrl) {
      const warm = await Promise.all(job.requests.map(() => send(agent, 'GET', job.warmUrl!, {})));
      if (warm.some((s) => s !== 200)) throw new Error(`warming the connections: ${warm.filter((s) => s !== 200).length} failed`);
      // Let the warm-up's garbage collection and compilation settle before the burst.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const start = performance.now();
    await Promise.all(
      job.requests.map(async ({ url, body }) => {
        statuses.push(await send(agent, job.method, url, job.headers, body));
        latencies.push(performance.now() - start);
      }),
    );
  } else {
    const total = Math.round(job.rate * job.seconds);
    const interval = 1000 / job.rate;
    const pending: Promise<void>[] = [];
    const start = performance.now();
    let next = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (next < total && start + next * interval <= now) {
          const due = start + next * interval;
          next++;
          pending.push(
            send(agent, 'GET', job.url, job.headers).then((status) => {
              statuses.push(status);
              latencies.push(performance.now() - due);
            }),
          );
        }
        if (next >= total) resolve();
        else setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      };
      tick();
    });
    await Promise.all(pending);
  }
  agent.destroy();
  return { latencies, statuses, errors: statuses.filter((s) => s === 0).length };
}

// One job at a time, for as long as the parent lives (lib.ts loadClient).
process.on('message', ({ id, job }: { id: number; job: LoadJob }) => {
  main(job).then(
    (result) => process.send!({ id, result }),
    (error: unknown) => process.send!({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
