import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helper';
import { BadJobData, JOBS, parseJobData, type QueueName } from './jobs';

/** Issue 33 (item 6): the job table, like the endpoint table: each job declared once, with the schema of its data. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const jobsWaiting = async (name: QueueName) => {
  const result = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

describe('the job table', () => {
  it('gives every job exactly one handler, registered from the module that owns it', () => {
    expect(t.app.jobs.handled().sort()).toEqual(Object.keys(JOBS).sort());
    expect(() => t.app.jobs.handle('gym.export', async () => undefined)).toThrow('has a handler already');
  });

  it('refuses to send a job whose data does not fit its schema, and sends none', async () => {
    await expect(t.db.transaction((tx) => t.app.jobs.enqueue(tx, 'gym.export', { exportId: 'not-a-uuid' }))).rejects.toBeInstanceOf(BadJobData);
    await expect(t.db.transaction((tx) => t.app.jobs.enqueue(tx, 'invoices.charge', { gymId: crypto.randomUUID() } as never))).rejects.toThrow(/invoiceId/);
    expect(await jobsWaiting('gym.export')).toBe(0);
    expect(await jobsWaiting('invoices.charge')).toBe(0);
  });

  it("reads a timed job's empty data (pg-boss's schedule sends {}) and a boot run's reason", () => {
    expect(parseJobData('billing.run', {})).toEqual({});
    expect(parseJobData('billing.run', { reason: 'boot' })).toEqual({ reason: 'boot' });
    expect(parseJobData('mail.deliver', { outboxId: '00000000-0000-4000-8000-000000000001' })).toEqual({ outboxId: '00000000-0000-4000-8000-000000000001' });
  });

  it('leaves handlers out of route files: a route and a job call the same command', () => {
    const modules = path.resolve(import.meta.dirname, '../modules');
    const offenders: string[] = [];
    for (const dir of fs.readdirSync(modules)) {
      for (const file of fs.readdirSync(path.join(modules, dir))) {
        if (!file.endsWith('.routes.ts')) continue;
        if (/\.jobs\.handle\(/.test(fs.readFileSync(path.join(modules, dir, file), 'utf8'))) offenders.push(`${dir}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
