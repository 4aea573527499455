import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';

/**
 * Waits until the domain events recorded so far can be read (lib/domain-events.ts readEvents): until no transaction
 * older than the newest event's is still running. On PostgreSQL that horizon is the cluster's, so a transaction of
 * another test file's database, running in parallel, holds it back for a moment; on PGlite it never waits.
 */
export async function eventsSettled(db: DbOrTx, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute(sql`select coalesce((select max(tx_id) from domain_events) < pg_snapshot_xmin(pg_current_snapshot()), true) as settled`);
    const [row] = ((result as { rows?: { settled: boolean }[] }).rows ?? (result as unknown as { settled: boolean }[])) as { settled: boolean }[];
    if (row?.settled) return;
    if (Date.now() > deadline) throw new Error('domain events: a transaction older than the last event is still running');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
