import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
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

/** One job kind: its queue (retries, timing) and the data its jobs carry, checked when sent and when run. */
type JobSpec = { queue: QueueSpec; payload: z.ZodType<Record<string, unknown>> };

const uuid = z.string().uuid();
/** The data of a timed job: pg-boss's schedule sends `{}`; a job sent by hand may say why. */
const timed = z.object({ reason: z.string().max(40).optional() });

/**
 * Issue 33 (item 6): every job, declared once, like the endpoint table: its queue and the schema of its data. A job is
 * sent (`Jobs.enqueue`) and handled (`Jobs.handle`, from the owning module's `jobs.ts`) with that type, and its data is
 * checked against the schema on both sides: a job whose data does not fit is refused when sent, and ends
 * with an error in the log, not retried, if one ever reaches a worker.
 */
export const JOBS = {
  /** One outbox row to send (lib/outbox.ts): retried 30 s, 1, 2, 4, 8 and 16 min later. */
  'mail.deliver': { queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 }, payload: z.object({ outboxId: uuid }) },
  /** Issue 16: the series' occurrences made ahead over the rolling window (decision 026), every hour. */
  'schedule.extend': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '7 * * * *' },
    payload: timed,
  },
  /** Issue 17: one uploaded member file imported in batches (decision 031); a retry goes on after the last committed batch. */
  'athletes.import': { queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 }, payload: z.object({ importId: uuid }) },
  /** Issue 18: athlete packages' statuses as of today in each gym's zone (holds starting and ending, packages ending), every hour (a gym's midnight falls on some hour). */
  'packages.daily': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '11 * * * *' },
    payload: timed,
  },
  /** Issue 17: the uploaded cells of imports finished (done or failed) over 30 days ago are deleted, daily; the import's summary stays. */
  'athletes.import-rows.purge': { queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton', cron: '41 3 * * *' }, payload: timed },
  /** Issue 19: the billing run (modules/billing/billing-run.ts): due package periods and kiosk charges invoiced once each, overdue invoices marked, every hour and once at boot. */
  'billing.run': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800, policy: 'singleton', cron: '17 * * * *' },
    payload: timed,
  },
  /** Issue 19: one new invoice charged to the athlete's saved method (idempotent by its key, so a retry charges once). */
  'invoices.charge': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object({ gymId: uuid, invoiceId: uuid }),
  },
  /** Issue 18: a card refund of a package cancelled at once (its unused days), retried until the provider answers (idempotent by its key). */
  'invoices.refund': {
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object({
      gymId: uuid,
      paymentId: uuid,
      amountMinor: z.number().int().positive(),
      reason: z.string(),
      idempotencyKey: z.string(),
      actorUserId: uuid.nullable(),
    }),
  },
  /** Issue 19: failed charges retried on the gym's dunning days, every hour. */
  'invoices.dunning': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800, policy: 'singleton', cron: '47 * * * *' },
    payload: timed,
  },
  /** Issue 20: reminders to sign documents left unsigned (issued 3+ days ago, not reminded in 7 days, at most 3), daily. */
  'documents.remind': {
    queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, policy: 'singleton', cron: '13 15 * * *' },
    payload: timed,
  },
  /** Issue 21: one whole-gym export (a ZIP of CSVs) built, its progress written as it goes. */
  'gym.export': { queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800 }, payload: z.object({ exportId: uuid }) },
  /** Issue 33: the audit trail's consumer of the domain events (modules/audit/audit-trail.ts), every minute: each athlete's events onto their Activity. */
  'audit.trail': { queue: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, policy: 'singleton', cron: '* * * * *' }, payload: timed },
  /** Sessions past their expiry are deleted, every hour. */
  'sessions.purge': { queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300, policy: 'singleton', cron: '23 * * * *' }, payload: timed },
} as const satisfies Record<string, JobSpec>;

export type QueueName = keyof typeof JOBS;
/** What a job of this kind carries. */
export type JobData<N extends QueueName> = z.infer<(typeof JOBS)[N]['payload']>;
export type JobInfo = { id: string; retryCount: number; retryLimit: number };
export type JobHandler<N extends QueueName = QueueName> = (data: JobData<N>, job: JobInfo) => Promise<void>;

/** A job whose data does not fit its schema: no retry would change that. */
export class BadJobData extends Error {
  constructor(name: QueueName, issues: string) {
    super(`job ${name}: its data does not fit the job table (${issues})`);
    this.name = 'BadJobData';
  }
}

export function parseJobData<N extends QueueName>(name: N, data: unknown): JobData<N> {
  const parsed = JOBS[name].payload.safeParse(data ?? {});
  if (!parsed.success) throw new BadJobData(name, parsed.error.issues.map((i) => `${i.path.join('.') || 'data'}: ${i.message}`).join('; '));
  return parsed.data as JobData<N>;
}

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
    for (const [name, { queue }] of Object.entries(JOBS) as [QueueName, JobSpec][]) {
      const { cron: _cron, ...options } = queue;
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
  readonly #handlers = new Map<QueueName, JobHandler<never>>();
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

  /**
   * The work a queue's jobs do: a command, the same one an HTTP route calls. Registered once, from the owning
   * module's `jobs.ts`; a second handler for one job is a mistake.
   */
  handle<N extends QueueName>(name: N, handler: JobHandler<N>): void {
    if (this.#handlers.has(name)) throw new Error(`job ${name} has a handler already`);
    this.#handlers.set(name, handler as JobHandler<never>);
  }

  /** The jobs with a handler (a test checks that every job of the table has one). */
  handled(): QueueName[] {
    return [...this.#handlers.keys()];
  }

  /**
   * Enqueues a job inside the write's transaction: it exists exactly when the write commits (never a job for a write
   * that rolled back, never a write whose job was lost).
   */
  async enqueue<N extends QueueName>(tx: DbOrTx, name: N, data: JobData<N>, options: PgBoss.SendOptions = {}): Promise<void> {
    await this.#boss.send(name, parseJobData(name, data), { ...options, db: transactionExecutor(tx) });
  }

  /** Starts the workers of every queue with a handler, and the timed queues' schedules. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    this.#started = true;
    for (const [name, { queue }] of Object.entries(JOBS) as [QueueName, JobSpec][]) {
      const handler = this.#handlers.get(name);
      if (!handler) continue;
      await this.#boss.work<Record<string, unknown>>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.#pollingIntervalSeconds },
        async ([job]) => {
          if (job) await this.#run(name, handler, job);
        },
      );
      if (queue.cron) await this.#boss.schedule(name, queue.cron, {}, { tz: 'UTC' });
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
      for (const name of Object.keys(JOBS) as QueueName[]) {
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

  async #run(name: QueueName, handler: JobHandler<never>, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    try {
      await (handler as JobHandler)(parseJobData(name, job.data), { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (err) {
      if (err instanceof BadJobData) {
        // No retry can mend it: the job ends here (it is not retried), and the log says what did not fit.
        this.#log.error({ err, job: name, jobId: job.id }, 'job data does not fit the job table; not retried');
        return;
      }
      this.#log.warn({ err, job: name, jobId: job.id, retry: job.retryCount }, 'job failed; it will be retried');
      throw err;
    }
  }
}
