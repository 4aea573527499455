import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { gyms } from './gyms';

/** PostgreSQL's 64-bit transaction id (PostgreSQL 13+), compared as a number; read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Issue 33 (item 5): every domain event (the catalogue: packages/shared domain-events.ts), written in the transaction
 * of the command that caused it. `txId` is that transaction's id: consumers read in (txId, id) order and only below the
 * oldest transaction still running, so an event committed late is never passed over (lib/domain-events.ts).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txId: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** Null for an event of no gym (none yet). */
    gymId: uuid().references(() => gyms.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    subjectId: uuid().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    schemaVersion: integer().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_order_idx').on(t.txId, t.id),
    index('domain_events_gym_idx').on(t.gymId, t.occurredAt),
    index('domain_events_subject_idx').on(t.subjectId, t.id),
  ],
);

/** Each consumer's cursor: the (txId, id) of the last event it has handled. */
export const domainEventConsumers = pgTable('domain_event_consumers', {
  name: text().primaryKey(),
  lastTxId: xid8()
    .notNull()
    .default(sql`'0'::xid8`),
  lastEventId: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
