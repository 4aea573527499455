import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Drop every table, type and the migration journal: the database is empty again. */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}
