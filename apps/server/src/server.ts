import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { buildApp } from './app';
import { purgeExpiredSessions } from './plugins/session';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    // Migrations and the seed run without the statement timeout of request work (issue 32); the pool that serves has it.
    database = await openDatabase(config.database.kind === 'postgres' ? { database: { ...config.database, statementTimeoutMs: 0 } } : config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  await migrate(database);
  if (config.seedDemoData) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) console.log('Seeded the demo data (accounts in README.md; password Spotter123).');
  }
  await purgeExpiredSessions(database.db);
  if (config.database.kind === 'postgres' && config.database.statementTimeoutMs) {
    await database.close();
    database = await openDatabase(config);
  }

  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // waits for in-flight requests, then closes the database (onClose)
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Spotter is running at ${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${database.kind})`,
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
