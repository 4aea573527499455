import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Db, DbOrTx, Tx } from '../db/client';

/**
 * What a committed write changed, as every server process must hear of it (decision 018):
 * - `gym`: the gym's data changed, so its kept reads (lib/gym-read-cache.ts) are not served again;
 * - `sessions`: sessions of a user, of a gym's profiles, or one session changed, so kept sessions
 *   (plugins/session.ts) are looked up again.
 * A write with no gym (a login, a platform search) changes no gym's data, and publishes no `gym` change.
 */
export type Change =
  | { kind: 'gym'; gymId: string }
  | { kind: 'sessions'; sessionId?: string; userId?: string; gymId?: string }
  /** The feed lost its connection: anything may have changed meanwhile. */
  | { kind: 'everything' };

export type ChangeListener = (change: Change) => void;

const CHANNEL = 'spotter_changes';
export const LISTENER_NAME = 'spotter_changes';

/**
 * The domain's write functions tell it what they changed, whoever called them (an HTTP route, a job, a webhook). It
 * tells this process's listeners at once, after the commit, and, on PostgreSQL, every other server process through
 * LISTEN/NOTIFY: the notification is sent inside the write's transaction, so it goes out exactly when the write
 * commits, and never for one that rolls back. PGlite is only ever opened by one process (its data directory's lock),
 * so there it stays in the process.
 */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();
  /** Notifications carry this process's id, so its own are not applied twice. */
  readonly origin = randomUUID();
  #listener: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #barrier: Promise<void> | null = null;
  /** The last barrier sent on the listening connection (the next is sent once it is answered). */
  #lastBarrier: Promise<void> = Promise.resolve();

  constructor(private readonly url: string | null) {}

  /** Starts listening to the other processes (PostgreSQL); resolves once LISTEN is in place. */
  async start(): Promise<void> {
    if (this.url) await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#listener;
    this.#listener = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * Whether this process hears every change: always where it is the only one (PGlite), on PostgreSQL while its LISTEN
   * is in place. Otherwise another process's change may go unheard, so nothing kept may be served.
   */
  get listening(): boolean {
    return this.url === null || this.#listening;
  }

  /**
   * Resolves once this process has heard every change that other processes committed before the call (on PostgreSQL),
   * so something kept may be served. The notification of a commit can still be on its way when the next request
   * arrives (a write answered by one process, the read sent at once to another); PostgreSQL sends a listening
   * session's pending notifications before it answers that session's next statement, so one `select 1` on the
   * listening connection is a barrier. The callers of one turn of the event loop share one; a caller that comes once
   * it is sent waits for the next (the one in flight may have left before the commit it must see).
   */
  caughtUp(): Promise<void> {
    const client = this.#listener;
    if (!this.url || !client || !this.#listening) return Promise.resolve();
    this.#barrier ??= Promise.resolve().then(() => {
      this.#barrier = null;
      // Sent once the barrier before it is answered (one statement at a time on the connection: pg 9 refuses a query
      // sent while one runs). A failed barrier means a lost connection: `lost` has told every listener that anything
      // may have changed.
      const sent = this.#lastBarrier
        .then(() => client.query('select 1'))
        .then(
          () => undefined,
          () => undefined,
        );
      this.#lastBarrier = sent;
      return sent;
    });
    return this.#barrier;
  }

  on(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells the other processes, when `tx` commits (inside a transaction) or at once (outside one). */
  async notify(db: DbOrTx, changes: readonly Change[]): Promise<void> {
    if (!this.url || changes.length === 0) return;
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ origin: this.origin, changes })})`);
  }

  /**
   * For a single statement that writes rows of gyms: an expression for its RETURNING that tells the other processes
   * each row's gym changed, sent when the statement commits (no extra round trip). Null where there are none (PGlite).
   * The payload is what `notify` sends; PostgreSQL delivers identical ones of a transaction once.
   */
  gymChangeSql(gymId: SQL | AnyPgColumn): SQL | null {
    if (!this.url) return null;
    return sql`pg_notify(${CHANNEL}, json_build_object('origin', ${this.origin}::text, 'changes', json_build_array(json_build_object('kind', 'gym', 'gymId', ${gymId})))::text)`;
  }

  /** Tells this process's listeners (after the write committed). */
  apply(changes: readonly Change[]): void {
    for (const change of changes) for (const listener of this.#listeners) listener(change);
  }

  /** A write outside a transaction (one statement) has committed: this process and the others hear of it now. */
  async published(db: Db, changes: readonly Change[]): Promise<void> {
    this.apply(changes);
    await this.notify(db, changes);
  }

  async #connect(): Promise<void> {
    // Named, so an operator (and a test) can tell the listening connection in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.url!, application_name: LISTENER_NAME });
    const lost = () => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#listening = false;
      // What was kept may be stale by now and stays so until the feed is back: nothing kept is served.
      this.apply([{ kind: 'everything' }]);
      if (!this.#closed) this.#retry = setTimeout(() => void this.#connect().catch(lost), 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { origin, changes } = JSON.parse(message.payload) as { origin: string; changes: Change[] };
      if (origin !== this.origin) this.apply(changes);
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      lost();
      throw err;
    }
    // Anything may have changed while no feed listened (a reconnect, or writes before the first connect).
    this.#listening = true;
    this.apply([{ kind: 'everything' }]);
  }
}

export function createChangeFeed(database: Database): ChangeFeed {
  return new ChangeFeed(database.kind === 'postgres' ? database.url : null);
}

/** What a domain write needs: the database and the feed its changes go to. */
export type WriteContext = { db: Db; changes: ChangeFeed };

/** The `publish` of a write transaction: the change goes out when the transaction commits. */
export type Publish = (change: Change) => Promise<void>;

/**
 * One transaction of a domain write. What it publishes reaches the other processes with its commit and this process's
 * listeners right after it; nothing is published if it rolls back.
 */
export async function writeTransaction<T>(ctx: WriteContext, fn: (tx: Tx, publish: Publish) => Promise<T>): Promise<T> {
  const published: Change[] = [];
  const result = await ctx.db.transaction(async (tx) =>
    fn(tx, async (change) => {
      published.push(change);
      await ctx.changes.notify(tx, [change]);
    }),
  );
  ctx.changes.apply(published);
  return result;
}
