/**
 * Group commit (decision 016): items handed in while the batches before them run, or within the same turn of the
 * event loop, wait and then run together as one batch: one statement, one transaction, one commit for all of them.
 *
 * - At most `concurrency` batches run at a time (1, the default, where the database runs one statement at a time).
 *   The first items of an idle batcher wait one turn (setImmediate), so the requests that arrived together are in one
 *   batch; under load a batch gathers everything that arrived while the running ones ran.
 * - Items that share a key never share a batch, nor run in two batches at once: a later one goes to the next batch
 *   that holds none of its keys, and that batch starts only once no running or earlier batch holds them. So a batch
 *   can answer each item by its key, two writes of one row keep their order, and two running batches never wait on
 *   each other's rows.
 * - `run` answers one result per item, in the items' order (undefined: nothing for that item). A failure of `run`
 *   fails every item of that batch, and the next batch runs as usual.
 * - `gatherMs` (PGlite): a batch that would start within gatherMs of the last batch's end waits until then, unless it
 *   is full. PGlite runs in the event loop's thread, so a batch blocks the loop; the connections that arrive meanwhile
 *   wait in the kernel's accept queue, and Node accepts one of them per turn of the loop. Started a turn later, the
 *   next batches would take one request each, and each would block the loop again (a class-start burst on new
 *   connections: 100 walk-ins one after another). The wait lets the loop accept and read them first. A lone request
 *   on an idle batcher still waits one turn only.
 * - `maxGatherMs`: while requests keep arriving (each read and checked by the same thread, a fraction of a millisecond
 *   apiece), the wait goes on until gatherMs pass without one, up to maxGatherMs after the last batch's end: a burst
 *   read slower than gatherMs would otherwise run as many small batches, each paying a transaction's fixed cost. On an
 *   idle batcher, the first item waits 1 ms: alone, it then starts; with others behind it, it is a burst starting,
 *   gathered so (started after one turn, the burst's first request ran alone, a whole transaction before the rest).
 */
/** With maxGatherMs, how long an idle batcher's first item waits to see whether a burst is arriving behind it. */
const IDLE_WAIT_MS = 1;

export type GroupCommit<T, R> = (item: T) => Promise<R | undefined>;

type Waiting<T, R> = { item: T; resolve: (result: R | undefined) => void; reject: (err: unknown) => void };
type Batch<T, R> = { waiting: Waiting<T, R>[]; keys: Set<string> };

export function groupCommit<T, R>(options: {
  run: (items: T[]) => Promise<(R | undefined)[]>;
  keysOf: (item: T) => string[];
  maxBatch: number;
  concurrency?: number;
  gatherMs?: number;
  /** With gatherMs: while items keep arriving, the wait goes on until gatherMs pass without one, up to this long after the last batch's end (default gatherMs). */
  maxGatherMs?: number;
  now?: () => number;
}): GroupCommit<T, R> {
  const concurrency = options.concurrency ?? 1;
  const gatherMs = options.gatherMs ?? 0;
  const maxGatherMs = Math.max(gatherMs, options.maxGatherMs ?? gatherMs);
  const now = options.now ?? (() => performance.now());
  const pending: Batch<T, R>[] = [];
  const running = new Set<Batch<T, R>>();
  let scheduled = false;
  let gathering: ReturnType<typeof setTimeout> | undefined;
  let lastEnd = -Infinity;
  let lastArrival = -Infinity;
  /** When the current wait began (the last batch's end, or an idle batcher's first turn). */
  let gatherFrom = -Infinity;

  const schedule = () => {
    if (pending.length === 0 || running.size >= concurrency) return;
    const full = pending[0]!.waiting.length >= options.maxBatch;
    if (gathering !== undefined && full) {
      clearTimeout(gathering);
      gathering = undefined;
      scheduled = false;
    }
    if (scheduled) return;
    scheduled = true;
    const wait = lastEnd + gatherMs - now();
    if (wait > 0 && !full) {
      gatherFrom = lastEnd;
      gathering = setTimeout(gatherMore, wait);
    } else if (full || maxGatherMs === gatherMs) setImmediate(startReady);
    else gathering = setTimeout(afterFirstWait, IDLE_WAIT_MS);
  };

  /** An idle batcher's first wait is over: a lone item starts; several are a burst arriving, gathered like a queue. */
  const afterFirstWait = () => {
    if ((pending[0]?.waiting.length ?? 0) < 2) return startReady();
    gatherFrom = now();
    gatherMore();
  };

  /** The gathering window is over: start, unless items are still arriving and the longest wait is not reached. */
  const gatherMore = () => {
    const at = now();
    const quietFor = at - lastArrival;
    const more = Math.min(gatherMs - quietFor, gatherFrom + maxGatherMs - at);
    if (more > 0) gathering = setTimeout(gatherMore, more);
    else startReady();
  };

  const heldByRunning = (batch: Batch<T, R>) => {
    for (const other of running) for (const key of batch.keys) if (other.keys.has(key)) return true;
    return false;
  };

  /** Starts the pending batches, in order, that hold no key of a running batch or of an earlier pending one. */
  const startReady = () => {
    scheduled = false;
    gathering = undefined;
    const blocked = new Set<string>();
    for (const batch of [...pending]) {
      if (running.size >= concurrency) break;
      const ready = !heldByRunning(batch) && [...batch.keys].every((key) => !blocked.has(key));
      for (const key of batch.keys) blocked.add(key);
      if (!ready) continue;
      pending.splice(pending.indexOf(batch), 1);
      start(batch);
    }
  };

  const start = (batch: Batch<T, R>) => {
    running.add(batch);
    const items = batch.waiting.map((w) => w.item);
    // run is called in a task of its own, so a synchronous throw is caught here too.
    Promise.resolve()
      .then(() => options.run(items))
      .then((results) => {
        if (results.length !== items.length) throw new Error(`group commit: ${results.length} results for ${items.length} items`);
        batch.waiting.forEach((w, i) => w.resolve(results[i]));
      })
      .catch((err: unknown) => batch.waiting.forEach((w) => w.reject(err)))
      .finally(() => {
        running.delete(batch);
        lastEnd = now();
        schedule();
      });
  };

  return (item) =>
    new Promise<R | undefined>((resolve, reject) => {
      const keys = options.keysOf(item);
      let batch = pending.find((b) => b.waiting.length < options.maxBatch && keys.every((key) => !b.keys.has(key)));
      if (!batch) {
        batch = { waiting: [], keys: new Set() };
        pending.push(batch);
      }
      batch.waiting.push({ item, resolve, reject });
      for (const key of keys) batch.keys.add(key);
      lastArrival = now();
      schedule();
    });
}
