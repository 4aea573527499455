import { sql } from 'drizzle-orm';
import { DOMAIN_EVENTS, type DomainEvent, type DomainEventPayload, type DomainEventType } from '@spotter/shared';
import type { DbOrTx, Tx } from '../db/client';
import { domainEventConsumers, domainEvents } from '../db/schema';

/**
 * Issue 33 (item 5): domain events, recorded by commands in their own transaction and read by consumers in order, at
 * least once, each consumer with its own cursor (table `domain_event_consumers`).
 *
 * Order. Events are read in (transaction id, event id) order, and only those of transactions older than the oldest
 * one still running (`pg_snapshot_xmin`). A transaction that took its id early but commits late cannot then slip in
 * behind a cursor that has moved past it, as it could with the event id alone; the price is that a long transaction
 * holds back the events of later ones until it ends. On PGlite (one connection) nothing runs concurrently.
 *
 * At least once. `consumeEvents` hands a batch to the consumer and moves its cursor only after the handler returned;
 * a crash in between hands the same events again, so a consumer is idempotent (by event id).
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Records an event in the caller's transaction: it exists exactly when that transaction commits. */
export async function recordEvent<T extends DomainEventType>(
  tx: Tx,
  event: { gymId: string | null; type: T; subjectId: string; payload: DomainEventPayload<T> },
): Promise<void> {
  const spec = DOMAIN_EVENTS[event.type];
  const payload = spec.payload.parse(event.payload) as Record<string, unknown>;
  await tx.insert(domainEvents).values({ gymId: event.gymId, type: event.type, subjectId: event.subjectId, payload, schemaVersion: spec.version });
}

/** Records several events in one statement (an import's athletes, a batch of documents). */
export async function recordEvents(
  tx: Tx,
  events: readonly { gymId: string | null; type: DomainEventType; subjectId: string; payload: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(domainEvents).values(
    events.map((e) => {
      const spec = DOMAIN_EVENTS[e.type];
      return {
        gymId: e.gymId,
        type: e.type,
        subjectId: e.subjectId,
        payload: spec.payload.parse(e.payload) as Record<string, unknown>,
        schemaVersion: spec.version,
      };
    }),
  );
}

type Row = {
  id: string;
  txId: string;
  gymId: string | null;
  type: DomainEventType;
  subjectId: string;
  payload: Record<string, unknown>;
  schemaVersion: number;
  occurredAt: string | Date;
};

/** A consumer's cursor; a consumer never seen before starts at the beginning. */
async function cursorOf(db: DbOrTx, consumer: string): Promise<{ txId: string; id: number }> {
  const [row] = rowsOf<{ txId: string; id: string | number }>(
    await db.execute(sql`select last_tx_id::text as "txId", last_event_id as id from ${domainEventConsumers} where name = ${consumer}`),
  );
  return row ? { txId: row.txId, id: Number(row.id) } : { txId: '0', id: 0 };
}

/** The next events after the consumer's cursor, oldest first, only those no running transaction can still precede. */
export async function readEvents(
  db: DbOrTx,
  consumer: string,
  options: { limit?: number; types?: readonly DomainEventType[] } = {},
): Promise<(DomainEvent & { txId: string })[]> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
  const cursor = await cursorOf(db, consumer);
  const types =
    options.types && options.types.length > 0
      ? sql`and e.type in (${sql.join(
          options.types.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select e.id::text as id, e.tx_id::text as "txId", e.gym_id as "gymId", e.type, e.subject_id as "subjectId", e.payload,
        e.schema_version as "schemaVersion", e.occurred_at as "occurredAt"
      from ${domainEvents} e
      where (e.tx_id, e.id) > (${cursor.txId}::xid8, ${cursor.id}::bigint)
        and e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ${types}
      order by e.tx_id, e.id
      limit ${limit}`),
  );
  return rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt).toISOString() }));
}

/** Moves the consumer's cursor to this event (never back). */
export async function acknowledge(db: DbOrTx, consumer: string, event: { txId: string; id: string }): Promise<void> {
  await db.execute(sql`
    insert into ${domainEventConsumers} (name, last_tx_id, last_event_id, updated_at)
    values (${consumer}, ${event.txId}::xid8, ${event.id}::bigint, now())
    on conflict (name) do update set last_tx_id = excluded.last_tx_id, last_event_id = excluded.last_event_id, updated_at = now()
    where (${domainEventConsumers}.last_tx_id, ${domainEventConsumers}.last_event_id) < (excluded.last_tx_id, excluded.last_event_id)`);
}

/**
 * Hands the consumer its next events one at a time and moves its cursor after each; answers how many it handled. A
 * handler that throws stops the batch there: that event comes again next time.
 */
export async function consumeEvents(
  db: DbOrTx,
  consumer: string,
  handle: (event: DomainEvent) => Promise<void>,
  options: { limit?: number; types?: readonly DomainEventType[] } = {},
): Promise<number> {
  const events = await readEvents(db, consumer, options);
  let handled = 0;
  for (const event of events) {
    const { txId, ...rest } = event;
    await handle(rest);
    await acknowledge(db, consumer, { txId, id: event.id });
    handled += 1;
  }
  return handled;
}

/**
 * Hands the consumer its next batch of events at once and moves its cursor past the batch after the handler returned
 * (answers how many): for a consumer that writes a batch in one statement (the audit trail). A crash between the two
 * hands the whole batch again, so the handler is idempotent by event id, as every consumer's is.
 */
export async function consumeEventBatch(
  db: DbOrTx,
  consumer: string,
  handle: (events: DomainEvent[]) => Promise<void>,
  options: { limit?: number; types?: readonly DomainEventType[] } = {},
): Promise<number> {
  const events = await readEvents(db, consumer, options);
  if (events.length === 0) return 0;
  await handle(events.map(({ txId: _txId, ...rest }) => rest));
  const last = events.at(-1)!;
  await acknowledge(db, consumer, { txId: last.txId, id: last.id });
  return events.length;
}
