import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client';

/**
 * The durable job queue (issue 16, decision 027): pg-boss 10 on the project's own database, PostgreSQL or PGlite.
 * Jobs live in its tables (schema `pgboss`), so they survive a restart; a job is taken by one worker at a time
 * (`FOR UPDATE SKIP LOCKED`), so two server processes on one PostgreSQL run it once; a failed job is retried with
 * exponential backoff. A domain write that causes later work enqueues it in its own transaction (`enqueue`): the job
 * exists exactly when the write committed.
 */

export const JOB_SCHEMA = 'pgboss';

type QueueSpec = Omit<PgBoss.Queue, 'name'> & {
  /** Cron (UTC) on which the queue gets a job; pg-boss sends it once whichever process's clock fires. */
  cron?: string;
};

/** Every queue, its retries and, for the timed ones, when it runs. */
export const QUEUES = {
  /** One outbox row to send (lib/outbox.ts): retried 30 s, 1, 2, 4, 8 and 16 min later. */
  'mail.deliver': { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Issue 16: the series' occurrences made ahead over the rolling window (decision 026), every hour. */
  'schedule.extend': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '7 * * * *' },
  /** Issue 17: one uploaded member file imported in batches (decision 031); a retry goes on after the last committed batch. */
  'athletes.import': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
  /** Issue 18: athlete packages' statuses as of today in each gym's zone (holds starting and ending, packages ending), every hour (a gym's midnight falls on some hour). */
  'packages.daily': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '11 * * * *' },
  /** Issue 17: the uploaded cells of imports finished (done or failed) over 30 days ago are deleted, daily; the import's summary stays. */
  'athletes.import-rows.purge': { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton', cron: '41 3 * * *' },
  /** Issue 19: the billing run (modules/billing/billing-run.ts): due package periods and kiosk charges invoiced once each, overdue invoices marked, every hour and once at boot. */
  'billing.run': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800, policy: 'singleton', cron: '17 * * * *' },
  /** Issue 19: one new invoice charged to the athlete's saved method (idempotent by its key, so a retry charges once). */
  'invoices.charge': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /** Issue 18: a card refund of a package cancelled at once (its unused days), retried until the provider answers (idempotent by its key). */
  'invoices.refund': { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /** Issue 19: failed charges retried on the gym's dunning days, every hour. */
  'invoices.dunning': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800, policy: 'singleton', cron: '47 * * * *' },
  /** Issue 20: reminders to sign documents left unsigned (issued 3+ days ago, not reminded in 7 days, at most 3), daily. */
  'documents.remind': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '13 15 * * *' },
  /** Issue 21: one whole-gym export (a ZIP of CSVs) built, its progress written as it goes. */
  'gym.export': { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800 },
  /** Sessions past their expiry are deleted, every hour. */
  'sessions.purge': { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton', cron: '23 * * * *' },
} as const satisfies Record<string, QueueSpec>;

export type QueueName = keyof typeof QUEUES;
export type JobHandler = (data: Record<string, unknown>, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

/** The raw driver under Drizzle, as pg-boss reads and writes through it. */
function driverExecutor(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as {
    query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
    exec: (text: string) => Promise<{ rows: unknown[] }[]>;
  };
  return {
    // PGlite runs several statements (pg-boss's migrations, its locked maintenance) only without parameters.
    executeSql: async (text, values) => (values && values.length > 0 ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] })),
  };
}

/** pg-boss's one-statement SQL with `$n` placeholders, run through Drizzle (inside a transaction in progress). */
export function placeholderSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql.raw(''),
  );
}

function transactionExecutor(tx: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(placeholderSql(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** Creates or updates pg-boss's tables and the queues (run with the migrations, so every database has them). */
export async function ensureJobSchema(database: Database): Promise<void> {
  const boss = new PgBoss({ db: driverExecutor(database), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const [name, spec] of Object.entries(QUEUES) as [QueueName, QueueSpec][]) {
      const { cron: _cron, ...options } = spec;
      if (existing.has(name)) await boss.updateQueue(name, { name, ...options });
      else await boss.createQueue(name, { name, ...options });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

export type JobsOptions = { log: FastifyBaseLogger; pollingIntervalSeconds?: number };

export class Jobs {
  readonly #boss: PgBoss;
  readonly #handlers = new Map<QueueName, JobHandler>();
  readonly #log: FastifyBaseLogger;
  readonly #pollingIntervalSeconds: number;
  #started = false;

  constructor(database: Database, options: JobsOptions) {
    this.#log = options.log;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.#boss = new PgBoss({
      db: driverExecutor(database),
      schema: JOB_SCHEMA,
      // The schema is made by the migrations (ensureJobSchema); this instance only sends, works and schedules.
      migrate: false,
      supervise: true,
      schedule: true,
    });
    this.#boss.on('error', (err) => this.#log.error({ err }, 'job queue error'));
  }

  /** The work a queue's jobs do: a domain function, the same one an HTTP route calls. */
  handle(name: QueueName, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  /**
   * Enqueues a job inside the write's transaction: it exists exactly when the write commits (never a job for a write
   * that rolled back, never a write whose job was lost).
   */
  async enqueue(tx: DbOrTx, name: QueueName, data: Record<string, unknown>, options: PgBoss.SendOptions = {}): Promise<void> {
    await this.#boss.send(name, data, { ...options, db: transactionExecutor(tx) });
  }

  /** Starts the workers of every queue with a handler, and the timed queues' schedules. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    this.#started = true;
    for (const [name, spec] of Object.entries(QUEUES) as [QueueName, QueueSpec][]) {
      const handler = this.#handlers.get(name);
      if (!handler) continue;
      await this.#boss.work<Record<string, unknown>>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.#pollingIntervalSeconds },
        async ([job]) => {
          if (job) await this.#run(name, handler, job);
        },
      );
      if (spec.cron) await this.#boss.schedule(name, spec.cron, {}, { tz: 'UTC' });
    }
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: 5000 });
  }

  /**
   * Runs here, now, every job in the queues, those waiting for a later start or retry too (tests, whose clock stands
   * still; the workers do this on their own). The first job that fails is recorded as failed (left for its retry) and
   * ends the drain.
   */
  async drain(): Promise<{ done: number; failed: unknown[] }> {
    let done = 0;
    const failed: unknown[] = [];
    for (let round = 0; round < 100; round++) {
      let ran = 0;
      for (const name of Object.keys(QUEUES) as QueueName[]) {
        const handler = this.#handlers.get(name);
        if (!handler) continue;
        const jobs = await this.#boss.fetch<Record<string, unknown>>(name, { includeMetadata: true, batchSize: 50, ignoreStartAfter: true });
        for (const job of jobs ?? []) {
          ran++;
          try {
            await this.#run(name, handler, job);
            await this.#boss.complete(name, job.id);
            done++;
          } catch (err) {
            // A failure ends the drain: the job is left for its retry, as a worker would leave it.
            await this.#boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
            failed.push(err);
            return { done, failed };
          }
        }
      }
      if (ran === 0) break;
    }
    return { done, failed };
  }

  async #run(name: QueueName, handler: JobHandler, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    try {
      await handler(job.data ?? {}, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (err) {
      this.#log.warn({ err, job: name, jobId: job.id, retry: job.retryCount }, 'job failed; it will be retried');
      throw err;
    }
  }
}
