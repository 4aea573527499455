import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema';
import type { Db } from '../db/client';
import { randomToken } from './tokens';

/** A server secret kept in the database, made once: every server on the database shares it. */
export async function loadOrCreateSecret(db: Db, key: string): Promise<string> {
  await db.insert(appSettings).values({ key, value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return row.value;
}
