import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, testConfig } from '../../test/helper';
import { buildApp } from '../app';
import { openDatabase, queryRows, type Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mail } from './mailer';
import { queueMail } from './outbox';

/**
 * Issue 16 (decision 027): the durable queue and the mail outbox. No fixed clock here: pg-boss starts a job when the
 * database's clock passes the job's start, so these tests run on the real clock and wait for the workers.
 */
const onPostgres = Boolean(inject('templateDatabaseUrl'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let database: Database;
let url: string | null;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];
const extraPools: Database[] = [];

beforeAll(async () => {
  ({ database, url, drop } = await openTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const pool of extraPools) await pool.close();
  await database.close();
  await drop();
});

/** The database as one server process sees it; closing the app leaves it open, as a restart leaves the data. */
const kept = (db: Database): Database => ({ ...db, close: async () => {} });

/** A server process on the database: its workers running (JOBS on) or not, sending through `mailer`. */
async function serverProcess(jobs: 'on' | 'off', mailer: (mail: Mail) => Promise<void>, db: Database = database): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ JOBS: jobs }), kept(db), { logger: false, mailer: { send: mailer } });
  apps.push(app);
  return app;
}

/** Queues mails as a domain write would: the rows and their jobs in one transaction. */
async function queue(app: FastifyInstance, to: string[], kind = 'test'): Promise<string[]> {
  return app.db.transaction((tx) =>
    queueMail(
      tx,
      app.jobs,
      to.map((address) => ({ kind, to: address, subject: `Hello ${address}`, text: 'Hi.' })),
    ),
  );
}

const outbox = (id: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .then((rows) => rows[0]!);

describe('the durable job queue and the mail outbox (decision 027)', () => {
  it('a worker delivers a queued mail, once, and the outbox row says so', async () => {
    const sent: Mail[] = [];
    const app = await serverProcess('on', async (m) => void sent.push(m));
    const [id] = await queue(app, ['one@test.example.com']);
    await until(() => sent.length === 1, 'the mail');
    await sleep(1500);
    expect(sent.map((m) => m.to)).toEqual(['one@test.example.com']);
    expect(await outbox(id!)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    await app.close();
  });

  it('a mail committed before the process stopped goes out after the restart, once; a rolled-back write queues nothing', async () => {
    const sent: Mail[] = [];
    const before = await serverProcess('off', async (m) => void sent.push(m));
    const [id] = await queue(before, ['restart@test.example.com']);
    await expect(
      before.db.transaction(async (tx) => {
        await queueMail(tx, before.jobs, { kind: 'test', to: 'never@test.example.com', subject: 'x', text: 'x' });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    await before.close();
    expect(sent).toEqual([]);

    const after = await serverProcess('on', async (m) => void sent.push(m));
    await until(() => sent.length === 1, 'the mail after the restart');
    await after.close();
    const again = await serverProcess('on', async (m) => void sent.push(m));
    await sleep(2500);
    await again.close();
    expect(sent.map((m) => m.to)).toEqual(['restart@test.example.com']);
    expect((await outbox(id!)).status).toBe('sent');
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'never@test.example.com'))).toEqual([]);
  });

  it('a failed send is retried later with a growing delay, then sent once', async () => {
    const sent: Mail[] = [];
    let smtpUp = false;
    const app = await serverProcess('off', async (m) => {
      if (!smtpUp) throw new Error('SMTP is down');
      sent.push(m);
    });
    const [id] = await queue(app, ['retry@test.example.com']);
    const first = await app.jobs.drain();
    expect(first.failed).toHaveLength(1);
    expect(await outbox(id!)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    // pg-boss holds the job back before its retry (30 s, doubling each time: JOBS['mail.deliver'].queue).
    const [job] = await queryRows<{ state: string; wait: number }>(
      app.db,
      sql`select state, extract(epoch from start_after - now())::float as wait from pgboss.job where name = 'mail.deliver' and data->>'outboxId' = ${id}`,
    );
    expect(job!.state).toBe('retry');
    expect(job!.wait).toBeGreaterThan(20);
    smtpUp = true;
    const second = await app.jobs.drain();
    expect([second.done, second.failed]).toEqual([1, []]);
    expect(sent.map((m) => m.to)).toEqual(['retry@test.example.com']);
    expect(await outbox(id!)).toMatchObject({ status: 'sent', attempts: 2 });
    await app.close();
  });

  it.runIf(onPostgres)('two server processes on one PostgreSQL deliver each of 30 mails once', async () => {
    const sent: Mail[] = [];
    const second = await openDatabase({ database: { kind: 'postgres', url: url! } });
    extraPools.push(second);
    const a = await serverProcess('on', async (m) => void sent.push(m));
    const b = await serverProcess('on', async (m) => void sent.push(m), second);
    const addresses = Array.from({ length: 30 }, (_, i) => `pair${i}@test.example.com`);
    await queue(a, addresses.slice(0, 15));
    await queue(b, addresses.slice(15));
    await until(() => sent.length >= 30, 'thirty mails', 30_000);
    await sleep(2500);
    expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
    await a.close();
    await b.close();
  });
});
