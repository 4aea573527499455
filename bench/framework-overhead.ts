import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { compare, isMain, ratioRow, report, round, type BenchRow } from './lib';

/**
 * GET /api/health through the whole plugin chain (request id, session lookup, CSRF, access, zod serialiser)
 * against a bare Fastify hello route in the same process. Target (issue 6): ratio >= 0.6.
 */
export async function runOverhead(): Promise<BenchRow[]> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const database = await openDatabase({ database: { kind: 'memory' } });
  await migrate(database);
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }), database, { logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ status: 'ok' }));
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await compare(
      () => round(`${bareUrl}/hello`, seconds),
      () => round(`${appUrl}/api/health`, seconds),
    );
    return [ratioRow('framework overhead: /api/health vs bare route', result, 0.6)];
  } finally {
    await app.close();
    await bare.close();
  }
}

if (isMain(import.meta.url)) report('framework-overhead', {}, await runOverhead());
