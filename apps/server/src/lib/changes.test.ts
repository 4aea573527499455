import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiClient, TEST_NOW, countDriverQueries, fixClock, openTestDatabase, testConfig } from '../../test/helper';
import { TEST_PASSWORD, factories } from '../../test/factories';
import { buildApp } from '../app';
import { runBilling } from '../modules/billing';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { ChangeFeed, writeTransaction, type Change } from './changes';

fixClock(TEST_NOW);
/** The server-postgres project: LISTEN/NOTIFY between processes. PGlite is only ever opened by one process. */
const onPostgres = Boolean(inject('templateDatabaseUrl'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds (polled), or fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** What a feed's listeners hear, apart from the 'everything' it applies when it (re)connects. */
function heardBy(feed: ChangeFeed): Change[] {
  const heard: Change[] = [];
  feed.on((change) => {
    if (change.kind !== 'everything') heard.push(change);
  });
  return heard;
}
const gymChange = (gymId: string): Change => ({ kind: 'gym', gymId });

describe('a change feed', () => {
  let database: Database;
  let url: string | null;
  let drop: () => Promise<void>;
  const feeds: ChangeFeed[] = [];
  /** A feed as another process would have it: its own origin, listening (PostgreSQL). */
  const feed = async () => {
    const f = new ChangeFeed(url);
    feeds.push(f);
    await f.start();
    return f;
  };
  beforeAll(async () => {
    ({ database, url, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const f of feeds) await f.close();
    await database.close();
    await drop();
  });

  it("tells this process's listeners only once the transaction has committed, and nothing after a rollback", async () => {
    const writer = await feed();
    // Where this is the only process (PGlite) it hears every change; on PostgreSQL once its LISTEN is in place.
    expect(writer.listening).toBe(true);
    expect(new ChangeFeed(url).listening).toBe(url === null);
    const heard = heardBy(writer);
    const ctx = { db: database.db, changes: writer };
    const result = await writeTransaction(ctx, async (tx, publish) => {
      await publish(gymChange('g1'));
      await tx.execute(sql`select 1`);
      await publish({ kind: 'sessions', userId: 'u1' });
      expect(heard).toEqual([]);
      return 'written';
    });
    expect(result).toBe('written');
    expect(heard).toEqual([gymChange('g1'), { kind: 'sessions', userId: 'u1' }]);

    await expect(
      writeTransaction(ctx, async (_tx, publish) => {
        await publish(gymChange('g2'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toHaveLength(2);

    // A single statement's change: heard at once.
    await writer.published(database.db, [gymChange('g3')]);
    expect(heard.at(-1)).toEqual(gymChange('g3'));
  });

  it.runIf(onPostgres)('reaches another process only when the transaction commits, and never after a rollback', async () => {
    const writer = await feed();
    const other = await feed();
    const heard = heardBy(other);
    const ctx = { db: database.db, changes: writer };
    let inside: Change[] = [];
    await writeTransaction(ctx, async (tx, publish) => {
      await publish(gymChange('committed'));
      await tx.execute(sql`select 1`);
      // Time enough for a notification to arrive, were it sent before the commit.
      await sleep(200);
      inside = [...heard];
    });
    expect(inside).toEqual([]);
    await until(() => heard.length > 0, 'the committed change');
    expect(heard).toEqual([gymChange('committed')]);

    await expect(
      writeTransaction(ctx, async (_tx, publish) => {
        await publish(gymChange('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Notifications arrive in commit order: once a later one is heard, the rolled-back one will never be.
    await writer.published(database.db, [gymChange('later')]);
    await until(() => heard.length > 1, 'the later change');
    expect(heard).toEqual([gymChange('committed'), gymChange('later')]);
  });

  it.runIf(onPostgres)('applies its own changes once, at once, and not again when its notification comes back', async () => {
    const writer = await feed();
    const other = await feed();
    const own = heardBy(writer);
    const theirs = heardBy(other);
    await writer.published(database.db, [gymChange('mine')]);
    expect(own).toEqual([gymChange('mine')]);
    // The other feed's change, sent after: once the writer hears it, its own notification has come back too.
    await other.published(database.db, [gymChange('theirs')]);
    await until(() => own.length > 1, "the other feed's change");
    expect(own).toEqual([gymChange('mine'), gymChange('theirs')]);
    // The other feed heard its own at once, and the writer's when its notification arrived: each once.
    await until(() => theirs.length > 1, 'both changes');
    await sleep(50);
    expect(theirs).toHaveLength(2);
    expect(theirs).toEqual(expect.arrayContaining([gymChange('mine'), gymChange('theirs')]));
  });

  it.runIf(onPostgres)('has heard, once caught up, every change committed by another process before it asked', async () => {
    const writer = await feed();
    const reader = await feed();
    const heard = heardBy(reader);
    for (let i = 0; i < 50; i++) {
      // The write's commit is acknowledged; the reader is asked at once, as a request sent to another process would be.
      await writer.published(database.db, [gymChange(`w${i}`)]);
      await reader.caughtUp();
      expect(heard.at(-1), `round ${i}`).toEqual(gymChange(`w${i}`));
    }
    // Callers of one turn share one barrier; a caller after it was sent gets the next.
    const first = reader.caughtUp();
    expect(reader.caughtUp()).toBe(first);
    await first;
    expect(reader.caughtUp()).not.toBe(first);
  });

  it.runIf(onPostgres)('drops everything kept when its connection is lost, and listens again', async () => {
    const writer = await feed();
    const listener = await feed();
    const everything: number[] = [];
    listener.on((change) => {
      if (change.kind === 'everything') everything.push(performance.now());
    });
    const heard = heardBy(listener);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'spotter_changes'`,
    );
    // Once when the connection is lost, once more when it listens again (a second later); not listening meanwhile.
    await until(() => everything.length >= 1, 'the loss to be noticed');
    expect(listener.listening).toBe(false);
    await until(() => everything.length >= 2, 'the feed to listen again');
    expect(listener.listening).toBe(true);
    await writer.published(database.db, [gymChange('after the loss')]);
    await until(() => heard.length > 0, 'a change after the loss');
    expect(heard).toEqual([gymChange('after the loss')]);
  });
});

describe.runIf(onPostgres)('two server processes on one PostgreSQL database, keeping reads and sessions (decision 018)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: () => Promise<void>;
  const configs: Config[] = [];
  const build = async (database: Database) => {
    const config = testConfig({ READ_CACHE_MS: '10000', SESSION_CACHE_MS: '10000' });
    configs.push(config);
    return buildApp(config, database, { logger: false, mailer: { send: async () => {} } });
  };
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    a = await build(opened.database);
    b = await build(await openDatabase({ database: { kind: 'postgres', url: opened.url! } }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop();
    for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
  });
  const make = () => factories(a.db);
  const clientOf = (app: FastifyInstance, token: string) => {
    const c = new ApiClient(app);
    c.cookies.set('sessionid', token);
    return c;
  };
  /**
   * Resolves when `app` has heard a change matching `match` from the other process. The notification travels on its own
   * connection: a read that B answers in the same instant A answers the write may still be served what B kept (a few
   * milliseconds at most), so each test waits until B has heard it, and B's next read must then show it.
   */
  const hears = (app: FastifyInstance, match: (change: Change) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the change never reached the other process')), 5000);
      const off = app.changes.on((change) => {
        if (!match(change)) return;
        off();
        clearTimeout(timer);
        resolve();
      });
    });

  it("shows a check-in through A in B's very next read of the event", async () => {
    const { gym, staff, members } = await make().kioskGym({ athletes: 3 });
    const event = await make().event(gym, { time: '18:00' });
    const [first] = await make().reserve(
      event,
      members.map((m) => m.athleteId),
    );
    const { token } = await make().session(staff);
    const onA = clientOf(a, token);
    const onB = clientOf(b, token);
    const url = `/api/events/${event.id}/kiosk-event/?eventType=class`;
    const before = await onB.get(url);
    expect(before.statusCode).toBe(200);
    expect(before.json().event).toMatchObject({ attendeeCount: 3, athletesAttended: 0 });
    // B keeps both the session and the answer: a repeated read sends nothing to the database.
    const kept = await countDriverQueries(b.db, () => onB.get(url));
    expect(kept.count).toBe(0);
    expect(kept.result.body).toBe(before.body);

    const heard = hears(b, (change) => change.kind === 'gym' && change.gymId === gym.id);
    expect((await onA.put(`/api/athlete-kilo-classes/${first}/`, { isCheckedIn: true })).statusCode).toBe(200);
    await heard;
    const after = await onB.get(url);
    expect(after.json().event).toMatchObject({ attendeeCount: 3, athletesAttended: 1 });
    expect(after.json().results.find((r: { reservationId: string }) => r.reservationId === first)).toMatchObject({ isCheckedIn: true });
  });

  it("shows the past-due flag of a billing run through A on B's kiosk in its very next read (issue 33 item 8)", async () => {
    const { gym, staff, members } = await make().kioskGym({ athletes: 2 });
    const event = await make().event(gym, { time: '18:00' });
    await make().reserve(
      event,
      members.map((m) => m.athleteId),
    );
    // An open bill whose due date has passed: the billing run (a job, not a route) makes it past due.
    await make().invoice(gym.id, members[0]!.athleteId, { status: 'open', dueDate: '2026-03-01' });
    const { token } = await make().session(staff);
    const onB = clientOf(b, token);
    const url = `/api/events/${event.id}/kiosk-event/?eventType=class`;
    const flags = (body: { results: { athleteId: string; hasPastDueBills: boolean }[] }) =>
      Object.fromEntries(body.results.map((r) => [r.athleteId, r.hasPastDueBills]));
    const before = await onB.get(url);
    expect(flags(before.json())[members[0]!.athleteId]).toBe(false);
    expect((await countDriverQueries(b.db, () => onB.get(url))).count).toBe(0);

    const heard = hears(b, (change) => change.kind === 'gym' && change.gymId === gym.id);
    const run = await runBilling({ db: a.db, changes: a.changes }, null, { gymId: gym.id });
    expect(run.overdue).toBe(1);
    await heard;
    const after = await onB.get(url);
    expect(flags(after.json())).toEqual({ [members[0]!.athleteId]: true, [members[1]!.athleteId]: false });
  });

  it('ends the session B keeps for reads when it is logged out through A', async () => {
    const { staff } = await make().kioskGym({ athletes: 1 });
    const { token } = await make().session(staff);
    const onA = clientOf(a, token);
    const onB = clientOf(b, token);
    expect((await onB.get('/api/auth/session/')).statusCode).toBe(200);
    expect((await countDriverQueries(b.db, () => onB.get('/api/auth/session/'))).count).toBe(0);
    const heard = hears(b, (change) => change.kind === 'sessions');
    expect((await onA.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    await heard;
    expect((await onB.get('/api/auth/session/')).statusCode).toBe(401);
    expect((await onB.get('/api/events/kiosk-events/')).statusCode).toBe(401);
  });

  it('keeps nothing while its feed is down, and keeps again once it listens again', async () => {
    const { gym, staff, members } = await make().kioskGym({ athletes: 2 });
    const event = await make().event(gym, { time: '19:00' });
    const [first] = await make().reserve(
      event,
      members.map((m) => m.athleteId),
    );
    const { token } = await make().session(staff);
    const onA = clientOf(a, token);
    const onB = clientOf(b, token);
    await onA.get('/api/auth/csrf/');
    const url = `/api/events/${event.id}/kiosk-event/?eventType=class`;
    expect((await onB.get(url)).json().event.athletesAttended).toBe(0);
    expect((await countDriverQueries(b.db, () => onB.get(url))).count).toBe(0);

    // B's listening connection is lost (and A's: every listener of the database); B reconnects a second later.
    const lost = hears(b, (change) => change.kind === 'everything');
    await b.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'spotter_changes'`);
    await lost;
    const back = hears(b, (change) => change.kind === 'everything');
    // Meanwhile B hears nothing from A: it keeps no session and no answer it reads, so a check-in through A is seen.
    const before = await countDriverQueries(b.db, () => onB.get(url));
    expect(before.result.json().event.athletesAttended).toBe(0);
    expect((await onA.put(`/api/athlete-kilo-classes/${first}/`, { isCheckedIn: true })).statusCode).toBe(200);
    const during = await countDriverQueries(b.db, () => onB.get(url));
    expect(during.result.json().event.athletesAttended).toBe(1);
    // The session and the answer were read afresh.
    expect(during.count).toBe(before.count);
    expect(during.count).toBeGreaterThan(1);

    await back;
    expect((await onB.get(url)).json().event.athletesAttended).toBe(1);
    expect((await countDriverQueries(b.db, () => onB.get(url))).count).toBe(0);
  });

  it("does not end any gym's kept read for a write with no gym (a login)", async () => {
    const { gym, staff } = await make().kioskGym({ athletes: 2 });
    await make().event(gym, { time: '09:00' });
    const { token } = await make().session(staff);
    const onB = clientOf(b, token);
    const url = '/api/events/kiosk-events/?limit=100';
    expect((await onB.get(url)).json().count).toBe(1);
    expect((await countDriverQueries(b.db, () => onB.get(url))).count).toBe(0);

    // Someone logs in through A in a browser that still held an old session: that session ends (a change of
    // sessions naming it), and no gym's data changed.
    const other = await make().gym();
    const owner = await make().owner(other.id);
    const browser = clientOf(a, (await make().session(owner)).token);
    const heard = hears(b, (change) => change.kind === 'sessions');
    expect((await browser.post('/api/auth/login/', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await heard;
    const still = await countDriverQueries(b.db, () => onB.get(url));
    expect(still.count).toBe(0);
    expect(still.result.json().count).toBe(1);
  });
});
