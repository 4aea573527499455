import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts';
import { gyms } from './gyms';

/**
 * Issue 17: an upload of another gym software's member export (decision 031). Its rows wait in athlete_import_rows
 * until the import job reads them in batches; the counters move with each batch's own transaction, so a job that
 * stops resumes after the last batch that committed.
 */
export const athleteImports = pgTable(
  'athlete_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** uploaded → queued → running → done (or failed after the job's last retry). */
    status: text().notNull().default('uploaded'),
    headers: jsonb().$type<string[]>().notNull(),
    /** { columns: (field | null)[], dateOrder }: the guess at upload, the chosen one once started. */
    mapping: jsonb().notNull(),
    totalRows: integer().notNull(),
    processedRows: integer().notNull().default(0),
    /** The last row number whose batch has committed: a resumed job goes on after it. */
    lastRow: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    existingCount: integer().notNull().default(0),
    duplicateCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    /** [{ row, messages }] of every invalid row. */
    errors: jsonb()
      .$type<{ row: number; messages: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdByProfileId: uuid().references(() => profiles.id, { onDelete: 'set null' }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('athlete_imports_gym_idx').on(t.gymId, t.createdAt)],
);

/** The data rows of an uploaded file, as their cells, numbered as a spreadsheet numbers them (the header is row 1). */
export const athleteImportRows = pgTable(
  'athlete_import_rows',
  {
    importId: uuid()
      .notNull()
      .references(() => athleteImports.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    gymId: uuid()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    cells: jsonb().$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
