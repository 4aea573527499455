import { and, asc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import {
  importErrorLabel,
  mapImportRow,
  type AthleteImport,
  type GymCountry,
  type ImportMapping,
  type ImportPreviewRow,
  type ImportRowError,
  type ImportRowOutcome,
  type ImportSummary,
  toZoned,
} from '@spotter/shared';
import { parseAthleteInput, type AthleteFields } from '@spotter/shared/athlete-input';
import type { Db, DbOrTx } from '../../db/client';
import { athleteImportRows, athleteImports, athleteTags, athletes, gyms, tags } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import type { Jobs } from '../../lib/jobs';
import { createAthletes } from '../athletes';
import type { CsvRow } from './csv-file';

/**
 * Issue 32: the pace of an import's long steps. On PGlite every statement runs on this process's event loop and the
 * database runs one transaction at a time, so an import done in long steps (20,000 rows checked at once, read in one
 * statement, written in 500-row transactions back to back) kept every other request waiting, `/api/health` included,
 * for up to half a minute. Each step is now short, and between steps the import gives the event loop a turn
 * (`pause`: a macrotask, so requests that arrived meanwhile are read and answered first).
 */
export const importPace = {
  /** Rows per transaction of the import (decision 031): each batch is written whole or not at all. */
  batchSize: 50,
  /** Rows per statement (and commit) when an upload's rows are stored. */
  uploadChunk: 500,
  /** Rows per statement when the stored rows are read back. */
  readPage: 2000,
  /** Rows checked between two turns of the event loop. */
  evaluateChunk: 250,
  /** Rows per statement when the whole file is matched against the gym's athletes (preview, dry run). */
  matchChunk: 1000,
  /**
   * Between two steps that use the database (a batch, a chunk of the upload), the import waits as long as the step
   * took, and at least this long: requests that came meanwhile run their statements before the import's next step
   * takes PGlite's one connection, and the import never has more than about half of the database's time.
   */
  giveWayMs: 10,
  /** A turn of the event loop (a macrotask); `ms`: not before so many milliseconds. */
  pause: (ms = 0): Promise<void> => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve))),
};

/** Steps that use the database, each followed by giving way for as long as it took (`importPace.giveWayMs` at least). */
function databaseSteps() {
  let lastMs = 0;
  return {
    giveWay: () => importPace.pause(Math.max(importPace.giveWayMs, lastMs)),
    run: async <T>(step: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await step();
      } finally {
        lastMs = performance.now() - started;
      }
    },
  };
}
/** How many invalid rows the import's answer lists (the skipped-rows CSV has them all). */
const ERRORS_SHOWN = 100;

export type ImportGym = { gymId: string; country: GymCountry; today: string };

/** One row of the file as the import sees it. */
export type EvaluatedRow = {
  row: number;
  outcome: ImportRowOutcome;
  messages: string[];
  value: AthleteFields | null;
  tags: string[];
  keys: string[];
  /** Preview only: what was read, valid or not. */
  shown: Omit<ImportPreviewRow, 'row' | 'outcome' | 'messages'>;
};

const lower = (s: string) => s.trim().toLowerCase();

/**
 * Who a row is, for matching (decision 031): its email; its name with its date of birth; its name with its phone;
 * and, for a row with none of these, its bare name. Two records are the same person when they share a key, so a
 * re-import matches every row it created, and an edited email still matches by name and birthday.
 */
export function identityKeys(a: { email: string | null; firstName: string; lastName: string; dob: string | null; phone: string }): string[] {
  const name = `${lower(a.firstName)} ${lower(a.lastName)}`;
  const keys: string[] = [];
  if (a.email) keys.push(`email:${lower(a.email)}`);
  if (a.dob) keys.push(`dob:${name}|${a.dob}`);
  if (a.phone) keys.push(`phone:${name}|${a.phone}`);
  if (!a.email && !a.dob && !a.phone) keys.push(`name:${name}`);
  return keys;
}

const KEY_REASON: Record<string, string> = { email: 'email', dob: 'name and date of birth', phone: 'name and phone', name: 'name' };
const reasonOf = (key: string) => KEY_REASON[key.slice(0, key.indexOf(':'))] ?? 'name';

/**
 * Every row read with the mapping and checked with THE athlete rules (parseAthleteInput, the gym's country and
 * today), then compared with the rows before it: a row sharing a key with an earlier valid row is a duplicate.
 * Pure: no database.
 */
export function evaluateRows(rows: readonly CsvRow[], mapping: ImportMapping, gym: ImportGym): EvaluatedRow[] {
  return rows.map(rowEvaluator(mapping, gym));
}

/** The same, a chunk of rows at a time with a turn of the event loop between chunks (issue 32). */
export async function evaluateRowsPaced(rows: readonly CsvRow[], mapping: ImportMapping, gym: ImportGym): Promise<EvaluatedRow[]> {
  const evaluate = rowEvaluator(mapping, gym);
  const out: EvaluatedRow[] = [];
  for (let start = 0; start < rows.length; start += importPace.evaluateChunk) {
    if (start > 0) await importPace.pause();
    for (const row of rows.slice(start, start + importPace.evaluateChunk)) out.push(evaluate(row));
  }
  return out;
}

/** Checks one row after another, remembering the valid rows seen so far (for duplicates). */
function rowEvaluator(mapping: ImportMapping, gym: ImportGym): (row: CsvRow) => EvaluatedRow {
  const thisYear = Number(gym.today.slice(0, 4));
  const seen = new Map<string, number>();
  return ({ rowNumber, cells }) => {
    const mapped = mapImportRow(cells, mapping, { country: gym.country, thisYear });
    const parsed = parseAthleteInput(mapped.input, gym);
    const fieldErrors: Record<string, string[]> = { ...mapped.errors };
    if (!parsed.ok) for (const [field, messages] of Object.entries(parsed.fields)) (fieldErrors[field] ??= []).push(...messages);
    const messages = Object.entries(fieldErrors).flatMap(([field, list]) => [...new Set(list)].map((m) => `${importErrorLabel(field)}: ${m}`));
    const input = mapped.input;
    const address = input.address ?? { addressLines: [], locality: '', region: '', zipCode: '', country: '' };
    const shown = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? '',
      phone: input.phone ?? '',
      dob: input.dob ?? null,
      gender: input.gender ?? null,
      address: [...(address.addressLines ?? []), address.locality, address.region, address.zipCode, address.country].filter((p) => !!p).join(', '),
      tags: mapped.tags,
    };
    if (messages.length > 0 || !parsed.ok) return { row: rowNumber, outcome: 'invalid' as const, messages, value: null, tags: mapped.tags, keys: [], shown };
    const value = parsed.value;
    const keys = identityKeys(value);
    const earlier = keys.find((k) => seen.has(k));
    if (earlier) {
      return {
        row: rowNumber,
        outcome: 'duplicate' as const,
        messages: [`Same person as row ${seen.get(earlier)} (same ${reasonOf(earlier)}).`],
        value,
        tags: mapped.tags,
        keys,
        shown,
      };
    }
    for (const k of keys) seen.set(k, rowNumber);
    return { row: rowNumber, outcome: 'new' as const, messages: [], value, tags: mapped.tags, keys, shown };
  };
}

/** The gym's athletes that share a key with one of these rows (one query, by the per-gym email and name indexes). */
export async function existingMatches(tx: DbOrTx, gymId: string, rows: readonly EvaluatedRow[]): Promise<Map<string, string>> {
  const candidates = rows.filter((r) => r.outcome === 'new' && r.value);
  if (candidates.length === 0) return new Map();
  const emails = [...new Set(candidates.flatMap((r) => (r.value!.email ? [r.value!.email] : [])))];
  const names = [...new Set(candidates.map((r) => `${lower(r.value!.firstName)} ${lower(r.value!.lastName)}`))];
  const found = await tx
    .select({ email: athletes.email, firstName: athletes.firstName, lastName: athletes.lastName, dob: athletes.dob, phone: athletes.phone })
    .from(athletes)
    .where(
      and(
        eq(athletes.gymId, gymId),
        sql`(lower(${athletes.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
          or lower(${athletes.firstName} || ' ' || ${athletes.lastName}) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)))`,
      ),
    );
  const byKey = new Map<string, string>();
  for (const a of found) for (const k of identityKeys(a)) byKey.set(k, `${a.firstName} ${a.lastName}`.trim());
  return byKey;
}

/** Marks the rows that match an athlete the gym already has as existing (skipped), with whom they match. */
export function applyExisting(rows: EvaluatedRow[], byKey: Map<string, string>): void {
  for (const r of rows) {
    if (r.outcome !== 'new') continue;
    const key = r.keys.find((k) => byKey.has(k));
    if (key) {
      r.outcome = 'existing';
      r.messages = [`Already an athlete: ${byKey.get(key)} (same ${reasonOf(key)}).`];
    }
  }
}

export function summarize(rows: readonly EvaluatedRow[]): ImportSummary {
  const count = (o: ImportRowOutcome) => rows.filter((r) => r.outcome === o).length;
  return {
    totalRows: rows.length,
    toCreate: count('new'),
    existing: count('existing'),
    duplicates: count('duplicate'),
    invalid: count('invalid'),
    errors: rows.filter((r) => r.outcome === 'invalid').map((r) => ({ row: r.row, messages: r.messages })),
  };
}

/** The stored rows of an import after a row number, in order: a page of them per statement, with a turn between pages. */
export async function importRows(db: DbOrTx, importId: string, after = 0): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  const steps = databaseSteps();
  for (let last = after; ;) {
    const page = await steps.run(() =>
      db
        .select({ rowNumber: athleteImportRows.rowNumber, cells: athleteImportRows.cells })
        .from(athleteImportRows)
        .where(and(eq(athleteImportRows.importId, importId), gt(athleteImportRows.rowNumber, last)))
        .orderBy(asc(athleteImportRows.rowNumber))
        .limit(importPace.readPage),
    );
    rows.push(...page);
    if (page.length < importPace.readPage) return rows;
    last = page.at(-1)!.rowNumber;
    await steps.giveWay();
  }
}

/** The whole file checked against the gym as it is now: counts and every invalid row; nothing written. */
export async function dryRun(db: Db, importId: string, mapping: ImportMapping, gym: ImportGym): Promise<{ rows: EvaluatedRow[]; summary: ImportSummary }> {
  const rows = await evaluateRowsPaced(await importRows(db, importId), mapping, gym);
  const steps = databaseSteps();
  for (let start = 0; start < rows.length; start += importPace.matchChunk) {
    await steps.giveWay();
    const chunk = rows.slice(start, start + importPace.matchChunk);
    applyExisting(chunk, await steps.run(() => existingMatches(db, gym.gymId, chunk)));
  }
  return { rows, summary: summarize(rows) };
}

/**
 * An upload's rows stored (decision 031): the import is made first as `receiving` (no route finds it), then its rows,
 * `importPace.uploadChunk` per statement with a turn between (issue 32), then it becomes `uploaded`. An upload that
 * fails half way is deleted with its rows; one cut short by a crash stays `receiving` until the purge job removes it.
 */
export async function storeUpload(db: Db, values: Omit<typeof athleteImports.$inferInsert, 'status'>, rows: readonly CsvRow[]): Promise<ImportRow> {
  const [created] = await db
    .insert(athleteImports)
    .values({ ...values, status: 'receiving' })
    .returning();
  const importId = created!.id;
  try {
    const steps = databaseSteps();
    for (let start = 0; start < rows.length; start += importPace.uploadChunk) {
      if (start > 0) await steps.giveWay();
      const chunk = rows.slice(start, start + importPace.uploadChunk);
      await steps.run(() => db.insert(athleteImportRows).values(chunk.map((r) => ({ importId, gymId: values.gymId, rowNumber: r.rowNumber, cells: r.cells }))));
    }
    await importPace.pause();
    const [done] = await db.update(athleteImports).set({ status: 'uploaded' }).where(eq(athleteImports.id, importId)).returning();
    return done!;
  } catch (err) {
    await db.delete(athleteImports).where(eq(athleteImports.id, importId));
    throw err;
  }
}

type ImportRow = typeof athleteImports.$inferSelect;

/**
 * Starts an uploaded import with its mapping: the `athletes.import` job is queued in the same transaction. Null when it
 * was started already (each upload is imported once).
 */
export async function startImport(deps: { db: Db; jobs: Jobs }, importId: string, mapping: ImportMapping): Promise<ImportRow | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(athleteImports)
      .set({ status: 'queued', mapping })
      .where(and(eq(athleteImports.id, importId), eq(athleteImports.status, 'uploaded')))
      .returning();
    if (!row) return null;
    await deps.jobs.enqueue(tx, 'athletes.import', { importId });
    return row;
  });
}

export function importAnswer(row: ImportRow): AthleteImport {
  return {
    importId: row.id,
    fileName: row.fileName,
    status: row.status as AthleteImport['status'],
    headers: row.headers,
    mapping: row.mapping as ImportMapping,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    existingCount: row.existingCount,
    duplicateCount: row.duplicateCount,
    errorCount: row.errorCount,
    errors: row.errors.slice(0, ERRORS_SHOWN),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** An import of the gym, or nothing (another gym's id reads as unknown). */
export async function importOfGym(db: DbOrTx, gymId: string, importId: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(athleteImports)
    .where(and(eq(athleteImports.id, importId), eq(athleteImports.gymId, gymId), ne(athleteImports.status, 'receiving')));
  return row;
}

/** Gives the batch's new athletes their tags, making the tags the gym does not have yet. */
async function tagAthletes(tx: DbOrTx, gymId: string, tagged: { athleteId: string; tags: string[] }[]): Promise<void> {
  const wanted = new Map<string, string>();
  for (const t of tagged) for (const name of t.tags) if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name);
  if (wanted.size === 0) return;
  await tx
    .insert(tags)
    .values([...wanted.values()].map((name) => ({ gymId, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.gymId, gymId), sql`lower(${tags.name}) in (select jsonb_array_elements_text(${JSON.stringify([...wanted.keys()])}::jsonb))`));
  const idOf = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  const links = tagged.flatMap((t) => t.tags.map((name) => ({ athleteId: t.athleteId, tagId: idOf.get(name.toLowerCase())!, gymId })));
  if (links.length > 0) await tx.insert(athleteTags).values(links).onConflictDoNothing();
}

/**
 * The `athletes.import` job (decision 031): the file's rows after the last committed batch, evaluated against the
 * whole file (duplicates of earlier rows are known), then in batches of `importPace.batchSize`, each in one transaction:
 * the gym locked (its imports run one batch at a time), the rows matched against the gym's athletes as they are now,
 * the new ones created through createAthletes, their tags, and the counters moved on. A batch that fails leaves
 * nothing; the job's retry goes on from the last batch that committed, and matching skips what a batch made.
 */
export async function runImport(ctx: WriteContext, importId: string): Promise<void> {
  const { db } = ctx;
  const [imp] = await db.select().from(athleteImports).where(eq(athleteImports.id, importId));
  if (!imp || imp.status === 'done' || imp.status === 'uploaded') return;
  const [gym] = await db.select({ country: gyms.country, timeZone: gyms.timeZone }).from(gyms).where(eq(gyms.id, imp.gymId));
  if (!gym) return;
  const importGym: ImportGym = { gymId: imp.gymId, country: gym.country as GymCountry, today: toZoned(new Date(), gym.timeZone).date };
  const actor: AuditActor = { profileId: imp.createdByProfileId, name: imp.createdByName };
  const source = `import:${imp.fileName}`;
  const mapping = imp.mapping as ImportMapping;

  if (imp.status !== 'running') await db.update(athleteImports).set({ status: 'running', startedAt: new Date() }).where(eq(athleteImports.id, importId));
  const evaluated = await evaluateRowsPaced(await importRows(db, importId), mapping, importGym);
  const pending = evaluated.filter((r) => r.row > imp.lastRow);

  const steps = databaseSteps();
  for (let start = 0; start < pending.length; start += importPace.batchSize) {
    // Issue 32: other requests go first between two batches (each one transaction, short).
    await steps.giveWay();
    const batch = pending.slice(start, start + importPace.batchSize);
    const firstRow = batch[0]!.row;
    const lastRow = batch[batch.length - 1]!.row;
    await steps.run(() =>
      writeTransaction(ctx, async (tx, publish) => {
        await tx.execute(sql`select 1 from ${gyms} where ${gyms.id} = ${imp.gymId} for update`);
        const [current] = await tx.select({ lastRow: athleteImports.lastRow }).from(athleteImports).where(eq(athleteImports.id, importId)).for('update');
        if (!current || current.lastRow >= firstRow) return; // this batch committed already (a job run twice)
        applyExisting(batch, await existingMatches(tx, imp.gymId, batch));
        const fresh = batch.filter((r) => r.outcome === 'new');
        const created = await createAthletes(
          tx,
          imp.gymId,
          fresh.map((r) => r.value!),
          actor,
          source,
        );
        await tagAthletes(
          tx,
          imp.gymId,
          created.map((c, i) => ({ athleteId: c.athleteId, tags: fresh[i]!.tags })),
        );
        const errors: ImportRowError[] = batch.filter((r) => r.outcome === 'invalid').map((r) => ({ row: r.row, messages: r.messages }));
        await tx
          .update(athleteImports)
          .set({
            lastRow,
            processedRows: sql`${athleteImports.processedRows} + ${batch.length}`,
            createdCount: sql`${athleteImports.createdCount} + ${created.length}`,
            existingCount: sql`${athleteImports.existingCount} + ${batch.filter((r) => r.outcome === 'existing').length}`,
            duplicateCount: sql`${athleteImports.duplicateCount} + ${batch.filter((r) => r.outcome === 'duplicate').length}`,
            errorCount: sql`${athleteImports.errorCount} + ${errors.length}`,
            errors: sql`${athleteImports.errors} || ${JSON.stringify(errors)}::jsonb`,
          })
          .where(eq(athleteImports.id, importId));
        if (created.length > 0) await publish({ kind: 'gym', gymId: imp.gymId });
      }),
    );
  }

  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(athleteImports)
      .set({ status: 'done', finishedAt: new Date() })
      .where(and(eq(athleteImports.id, importId), sql`${athleteImports.status} <> 'done'`))
      .returning();
    if (!done) return;
    await recordAudit(tx, actor, {
      gymId: imp.gymId,
      entityType: 'import',
      entityId: importId,
      action: 'import.completed',
      changes: {
        fileName: imp.fileName,
        rows: done.totalRows,
        created: done.createdCount,
        existing: done.existingCount,
        duplicates: done.duplicateCount,
        invalid: done.errorCount,
      },
    });
  });
}

/** After the job's last retry: the import is marked failed (what its committed batches made stays). */
export async function failImport(db: Db, importId: string): Promise<void> {
  await db
    .update(athleteImports)
    .set({ status: 'failed', finishedAt: new Date() })
    .where(and(eq(athleteImports.id, importId), sql`${athleteImports.status} <> 'done'`));
}

/** How long the uploaded cells of a finished import are kept (they hold members' personal data). */
export const IMPORT_ROWS_KEPT_DAYS = 30;

/**
 * Deletes the uploaded rows of every import that finished (done or failed) more than IMPORT_ROWS_KEPT_DAYS ago, in
 * one statement; the import itself (its counts and errors) stays. Answers how many rows went.
 */
export async function purgeFinishedImportRows(db: DbOrTx, now = new Date()): Promise<number> {
  // An upload a crash cut short (still `receiving` a day later) goes whole, with its rows.
  await db.delete(athleteImports).where(and(eq(athleteImports.status, 'receiving'), lt(athleteImports.createdAt, new Date(now.getTime() - 86_400_000))));
  const cutoff = new Date(now.getTime() - IMPORT_ROWS_KEPT_DAYS * 86_400_000);
  const gone = await db
    .delete(athleteImportRows)
    .where(
      inArray(
        athleteImportRows.importId,
        db
          .select({ id: athleteImports.id })
          .from(athleteImports)
          .where(and(inArray(athleteImports.status, ['done', 'failed']), isNotNull(athleteImports.finishedAt), lt(athleteImports.finishedAt, cutoff))),
      ),
    )
    .returning({ importId: athleteImportRows.importId });
  return gone.length;
}
