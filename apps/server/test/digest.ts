import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';

/** A digest of every row of every table: equal digests mean nothing changed. */
export async function databaseDigest(db: Db, except: string[] = []): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: string[] = [];
  for (const row of tables) {
    if (except.includes(row.table_name)) continue;
    const name = sql.identifier(row.table_name);
    const [res] = await queryRows<{ d: string }>(db, sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${name} x`);
    parts.push(`${row.table_name}:${res!.d}`);
  }
  return parts.join('\n');
}
