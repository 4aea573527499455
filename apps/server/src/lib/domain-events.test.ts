import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../test/helper';
import { eventsSettled } from '../../test/domain-events';
import { domainEvents } from '../db/schema';
import { runBilling } from '../modules/billing/billing-run';
import { createInvoice } from '../modules/invoices/invoices.service';
import { acknowledge, consumeEventBatch, consumeEvents, readEvents, recordEvent, recordEvents } from './domain-events';

/** Issue 33 (item 5): domain events recorded by commands, read by consumers in order, at least once, each with a cursor. */
fixClock(TEST_NOW);
const onPostgres = Boolean(inject('templateDatabaseUrl'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const consumerName = () => `test-${crypto.randomUUID()}`;
/** Moves a new consumer past everything recorded so far. */
async function freshConsumer(): Promise<string> {
  const name = consumerName();
  await eventsSettled(t.db);
  for (;;) {
    const batch = await readEvents(t.db, name, { limit: 1000 });
    if (batch.length === 0) return name;
    await acknowledge(t.db, name, batch.at(-1)!);
  }
}

describe('domain events', () => {
  it('are read in the order they were recorded, each consumer with its own cursor, at least once', async () => {
    const gym = await t.make.gym();
    const consumer = await freshConsumer();
    const other = await freshConsumer();
    const subjects = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const subjectId of subjects) {
      await t.db.transaction((tx) => recordEvent(tx, { gymId: gym.id, type: 'athlete.archived', subjectId, payload: {} }));
    }
    await eventsSettled(t.db);
    const seen: string[] = [];
    // The handler fails on the second event: the first is acknowledged, the second comes again.
    let failOnce = true;
    await expect(
      consumeEvents(t.db, consumer, async (e) => {
        if (e.subjectId === subjects[1] && failOnce) {
          failOnce = false;
          throw new Error('down');
        }
        seen.push(e.subjectId);
      }),
    ).rejects.toThrow('down');
    expect(seen).toEqual([subjects[0]]);
    expect(await consumeEvents(t.db, consumer, async (e) => void seen.push(e.subjectId))).toBe(2);
    expect(seen).toEqual(subjects);
    expect(await consumeEvents(t.db, consumer, async () => undefined)).toBe(0);
    // The other consumer has its own cursor: it gets all three.
    const theirs: string[] = [];
    await consumeEvents(t.db, other, async (e) => void theirs.push(e.subjectId));
    expect(theirs).toEqual(subjects);
    const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.subjectId, subjects[0]!));
    expect(event).toMatchObject({ gymId: gym.id, type: 'athlete.archived', schemaVersion: 1, payload: {} });
  });

  it('are handed a batch at a time, the cursor moved past the batch only after its handler returned', async () => {
    const gym = await t.make.gym();
    const consumer = await freshConsumer();
    const subjects = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await t.db.transaction((tx) =>
      recordEvents(
        tx,
        subjects.map((subjectId) => ({ gymId: gym.id, type: 'athlete.archived' as const, subjectId, payload: {} })),
      ),
    );
    await eventsSettled(t.db);
    await expect(consumeEventBatch(t.db, consumer, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const batches: string[][] = [];
    expect(await consumeEventBatch(t.db, consumer, async (events) => void batches.push(events.map((e) => e.subjectId)), { limit: 2 })).toBe(2);
    expect(await consumeEventBatch(t.db, consumer, async (events) => void batches.push(events.map((e) => e.subjectId)), { limit: 2 })).toBe(1);
    expect(await consumeEventBatch(t.db, consumer, async () => undefined)).toBe(0);
    expect(batches).toEqual([subjects.slice(0, 2), subjects.slice(2)]);
  });

  it('are recorded with their transaction: none for a write that rolled back, and a payload that does not fit is refused', async () => {
    const gym = await t.make.gym();
    const consumer = await freshConsumer();
    const subjectId = crypto.randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(tx, { gymId: gym.id, type: 'athlete.archived', subjectId, payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(
      t.db.transaction((tx) => recordEvent(tx, { gymId: gym.id, type: 'invoice.past_due', subjectId, payload: { athleteId: 'nope' } as never })),
    ).rejects.toThrow();
    expect(await readEvents(t.db, consumer)).toEqual([]);
  });

  it('come from the commands themselves: an invoice issued, and past due by the billing run', async () => {
    const gym = await t.make.gym();
    const w = { gym };
    const consumer = await freshConsumer();
    const athlete = await t.make.athlete(w.gym.id, { login: false });
    const made = await t.db.transaction((tx) =>
      createInvoice(tx, w.gym.id, {
        athleteId: athlete.athleteId,
        source: 'manual',
        lines: [{ description: 'Towel', itemPriceMinor: 500, quantity: 1, taxRateValue: null }],
        actorUserId: null,
      }),
    );
    // Due today; the hourly run two days later finds it past due.
    await runBilling(t.ctx, null, { gymId: w.gym.id, now: new Date('2026-03-06T20:30:00Z') });
    await eventsSettled(t.db);
    const events = (await readEvents(t.db, consumer)).filter((e) => e.gymId === w.gym.id && e.subjectId === made.invoiceId);
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ['invoice.issued', { athleteId: athlete.athleteId, number: made.number, totalMinor: 500, dueDate: '2026-03-04' }],
      ['invoice.past_due', { athleteId: athlete.athleteId }],
    ]);
  });

  it.runIf(onPostgres)('never passes over an event whose transaction began first and committed last (PostgreSQL)', async () => {
    const gym = await t.make.gym();
    const consumer = await freshConsumer();
    const url = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${url.rows[0]!.name}`;
    const slow = new pg.Client({ connectionString: u.toString() });
    await slow.connect();
    try {
      const early = crypto.randomUUID();
      const late = crypto.randomUUID();
      // The slow transaction takes its transaction id first...
      await slow.query('begin');
      await slow.query('select pg_current_xact_id()');
      // ...a quick one records its event and commits...
      await t.db.transaction((tx) => recordEvent(tx, { gymId: gym.id, type: 'athlete.archived', subjectId: late, payload: {} }));
      // ...and is not handed out while the slow one may still record an event before it in order.
      expect((await readEvents(t.db, consumer)).map((e) => e.subjectId)).toEqual([]);
      await slow.query(`insert into domain_events (gym_id, type, subject_id, payload, schema_version) values ($1, 'athlete.archived', $2, '{}', 1)`, [
        gym.id,
        early,
      ]);
      await slow.query('commit');
      await eventsSettled(t.db);
      const seen: string[] = [];
      await consumeEvents(t.db, consumer, async (e) => void seen.push(e.subjectId));
      expect(seen).toEqual([early, late]);
    } finally {
      await slow.end();
    }
  });
});
