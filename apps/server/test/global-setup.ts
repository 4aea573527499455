import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { newPglite, openDatabase, openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';

import { randomBytes } from 'node:crypto';

/** Names unique to this run, so concurrent runs on one PostgreSQL server never touch each other's databases. */
const RUN_ID = randomBytes(4).toString('hex');
export const TEMPLATE_DB = `spotter_test_${RUN_ID}_template`;

/**
 * Migrate once; each test file then starts from a copy (STYLE.md example 7):
 * a PGlite data-dir dump, or a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject) {
  const mode = project.config.env.SPOTTER_TEST_DB ?? 'pglite';
  if (mode === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const database = await openDatabase({ database: { kind: 'postgres', url: templateUrl } });
    await migrate(database);
    await database.close();
    project.provide('templateDatabaseUrl', templateUrl);
    project.provide('testRunId', RUN_ID);
    project.provide('pgliteDump', '');
    return async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      const mine = await a.query<{ datname: string }>('select datname from pg_database where datname like $1', [`spotter_test_${RUN_ID}_%`]);
      for (const row of mine.rows) await a.query(`drop database if exists "${row.datname}" with (force)`);
      await a.end();
    };
  }
  const client = newPglite();
  const database = openPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('templateDatabaseUrl', '');
  project.provide('testRunId', RUN_ID);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    templateDatabaseUrl: string;
    testRunId: string;
  }
}
