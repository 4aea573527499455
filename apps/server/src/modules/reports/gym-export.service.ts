import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { gymExportFiles, localeOf, toZoned, type GymCountry, type GymExport } from '@spotter/shared';
import type { Db } from '../../db/client';
import { constraintOf, sqlState } from '../../db/client';
import { gymExports, gyms } from '../../db/schema';
import { csvRows, toCsv } from '../../lib/csv';
import { conflict } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { exportFiles, type Cursor, type ExportGym, type Page } from './gym-export-files';

/**
 * Issue 21 (decision 037): the whole-gym export. Starting one inserts its row (queued) and its `gym.export` job in one
 * transaction; the job writes each file of `gymExportFiles` as CSV into a ZIP, a page of rows at a time (keyset pages
 * along an indexed order, never a whole table in memory), and stores the ZIP in the row.
 */

export const GYM_EXPORT_PAGE = 2000;
export const EXPORT_RUNNING_MESSAGE = 'An export is already being prepared. Wait for it to finish, then download it.';

type ExportRow = typeof gymExports.$inferSelect;

export function exportAnswer(row: ExportRow): GymExport {
  return {
    exportId: row.id,
    state: row.state as GymExport['state'],
    progress: row.progress,
    step: row.step,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/** The columns the answers read (the ZIP itself stays in the database). */
const summaryColumns = {
  id: gymExports.id,
  gymId: gymExports.gymId,
  requestedByUserId: gymExports.requestedByUserId,
  state: gymExports.state,
  progress: gymExports.progress,
  step: gymExports.step,
  fileName: gymExports.fileName,
  data: sql<null>`null`,
  sizeBytes: gymExports.sizeBytes,
  requestedAt: gymExports.requestedAt,
  finishedAt: gymExports.finishedAt,
};

export async function latestExport(db: Db, gymId: string): Promise<ExportRow | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(gymExports)
    .where(eq(gymExports.gymId, gymId))
    .orderBy(desc(gymExports.requestedAt), desc(gymExports.id))
    .limit(1);
  return row ?? null;
}

/** The finished ZIP of one of the gym's exports, or null (another gym's, unknown, not done). */
export async function exportFile(db: Db, gymId: string, exportId: string): Promise<{ fileName: string; data: Buffer } | null> {
  const [row] = await db
    .select({ fileName: gymExports.fileName, data: gymExports.data })
    .from(gymExports)
    .where(and(eq(gymExports.id, exportId), eq(gymExports.gymId, gymId), eq(gymExports.state, 'done')));
  return row?.data ? { fileName: row.fileName, data: row.data } : null;
}

/** `spotter-export-iron-temple-barbell-2026-03-14.zip` (the gym's local date). */
export function exportFileName(title: string, localDate: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `spotter-export-${slug || 'gym'}-${localDate}.zip`;
}

/** Queues an export of the gym; one at a time (the partial unique index gym_exports_one_running_key decides a race). */
export async function startExport(db: Db, jobs: Jobs, gym: { gymId: string; title: string; timeZone: string }, userId: string): Promise<ExportRow> {
  const fileName = exportFileName(gym.title, toZoned(new Date(), gym.timeZone).date);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(gymExports).values({ gymId: gym.gymId, requestedByUserId: userId, fileName }).returning();
      await jobs.enqueue(tx, 'gym.export', { exportId: row!.id });
      return row!;
    });
  } catch (err) {
    if (sqlState(err) === '23505' && constraintOf(err) === 'gym_exports_one_running_key') throw conflict(EXPORT_RUNNING_MESSAGE, 'export_running');
    throw err;
  }
}

/** The ZIP's bytes, built as the deflate stream hands them out. */
class ZipSink {
  readonly #chunks: Uint8Array[] = [];
  readonly #zip: Zip;
  #done!: Promise<void>;
  #error: Error | null = null;

  constructor() {
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    this.#done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.#zip = new Zip((err, chunk, final) => {
      if (err) {
        this.#error = err;
        reject(err);
        return;
      }
      this.#chunks.push(chunk);
      if (final) resolve();
    });
  }

  file(name: string): { push: (text: string, final?: boolean) => void } {
    const entry = new ZipDeflate(name, { level: 6 });
    this.#zip.add(entry);
    return {
      push: (text, final = false) => {
        if (this.#error) throw this.#error;
        entry.push(strToU8(text), final);
      },
    };
  }

  async end(): Promise<Buffer> {
    this.#zip.end();
    await this.#done;
    return Buffer.concat(this.#chunks);
  }
}

/**
 * The `gym.export` job: writes every file, then stores the ZIP. A retry starts over from the first file (the ZIP is
 * built in memory and only the finished one is stored).
 */
export async function runExport(db: Db, exportId: string, pageSize = GYM_EXPORT_PAGE): Promise<void> {
  const [row] = await db
    .select({ id: gymExports.id, state: gymExports.state, gymId: gymExports.gymId, timeZone: gyms.timeZone, country: gyms.country })
    .from(gymExports)
    .innerJoin(gyms, eq(gyms.id, gymExports.gymId))
    .where(eq(gymExports.id, exportId));
  // Done, or failed for good (its retries used up): nothing to do.
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
  const gym: ExportGym = { gymId: row.gymId, timeZone: row.timeZone, currency: localeOf(row.country as GymCountry).currency };
  await db.update(gymExports).set({ state: 'running', progress: 0, step: exportFiles[gymExportFiles[0]].title }).where(eq(gymExports.id, exportId));

  const zip = new ZipSink();
  for (const [index, name] of gymExportFiles.entries()) {
    const spec = exportFiles[name];
    await db.update(gymExports).set({ step: spec.title }).where(eq(gymExports.id, exportId));
    const out = zip.file(`${name}.csv`);
    // A byte-order mark, so that Excel reads the UTF-8 (names with accents) as UTF-8.
    out.push(`\uFEFF${toCsv(spec.header(gym), [])}\r\n`);
    let cursor: Cursor | null = null;
    do {
      const page: Page = await spec.page(db, gym, cursor, pageSize);
      if (page.rows.length > 0) out.push(csvRows(page.rows));
      cursor = page.cursor;
    } while (cursor);
    out.push('', true);
    await db
      .update(gymExports)
      .set({ progress: Math.round(((index + 1) / gymExportFiles.length) * 100) })
      .where(eq(gymExports.id, exportId));
  }
  const data = await zip.end();
  await db
    .update(gymExports)
    .set({ state: 'done', progress: 100, step: 'Done', data, sizeBytes: data.length, finishedAt: new Date() })
    .where(eq(gymExports.id, exportId));
}

/** The export's last failure (its retries used up): the row says why, and frees the gym for another export. */
export async function failExport(db: Db, exportId: string, err: unknown): Promise<void> {
  // Drizzle wraps a database error in one whose message is the statement: the cause says what went wrong.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const message = cause instanceof Error && cause.message ? cause.message : 'unknown error';
  await db
    .update(gymExports)
    .set({ state: 'failed', step: `The export failed (${message}). Please try again.`.slice(0, 500), finishedAt: new Date() })
    .where(and(eq(gymExports.id, exportId), inArray(gymExports.state, ['queued', 'running'])));
}
