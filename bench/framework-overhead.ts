import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { compare, round } from './lib';

/**
 * GET /api/health through the whole plugin chain (request id, session lookup, CSRF, access, zod serialiser)
 * against a bare Fastify hello route in the same process. Target (issue 6): ratio >= 0.6.
 */
async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const database = await openDatabase({ database: { kind: 'memory' } });
  await migrate(database);
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }), database, { logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ status: 'ok' }));
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await compare(() => round(`${bareUrl}/hello`, seconds), () => round(`${appUrl}/api/health`, seconds));
    const row = {
      benchmark: 'framework overhead: /api/health vs bare route',
      ratio: Number(result.ratio.toFixed(2)),
      target: '>= 0.6',
      rps: Math.round(result.subject.rps),
      bareRps: Math.round(result.baseline.rps),
      p50Ms: result.subject.p50,
      p99Ms: result.subject.p99,
    };
    console.table([row]);
    const out = path.join(import.meta.dirname, 'results', 'framework-overhead.json');
    fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), ...row }, null, 2));
  } finally {
    await app.close();
    await bare.close();
  }
}

void main();
