import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { gyms } from './gyms';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Issue 21 (decision 037): a whole-gym export, a ZIP of CSVs built by the `gym.export` job. The row holds its progress
 * and, once done, the file itself (so any server process can hand it out). One export at a time per gym.
 */
export const gymExports = pgTable(
  'gym_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, done, failed (shared api/reports.ts gymExportStates). */
    state: text().notNull().default('queued'),
    progress: integer().notNull().default(0),
    step: text().notNull().default(''),
    fileName: text().notNull(),
    data: bytea(),
    sizeBytes: integer(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('gym_exports_gym_idx').on(t.gymId, t.requestedAt),
    uniqueIndex('gym_exports_one_running_key')
      .on(t.gymId)
      .where(sql`${t.state} in ('queued', 'running')`),
    check('gym_exports_state', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check('gym_exports_progress', sql`${t.progress} between 0 and 100`),
  ],
);
