/**
 * Group commit (decision 016): items handed in while a batch is running, or within the same turn of the event loop,
 * wait and then run together as the next batch: one statement, one transaction, one commit for all of them.
 *
 * - One batch runs at a time. The first item of an idle batcher waits one turn (setImmediate), so the requests that
 *   arrived together with it are in its batch; under load a batch gathers everything that arrived while the previous
 *   one ran.
 * - Items that share a key never share a batch (a later one waits for the next), so a batch can answer each item by
 *   its key and two writes of one row keep their order.
 * - `run` answers one result per item, in the items' order (undefined: nothing for that item). A failure of `run`
 *   fails every item of that batch, and the next batch runs as usual.
 */
export type GroupCommit<T, R> = (item: T) => Promise<R | undefined>;

type Waiting<T, R> = { item: T; resolve: (result: R | undefined) => void; reject: (err: unknown) => void };
type Batch<T, R> = { waiting: Waiting<T, R>[]; keys: Set<string> };

export function groupCommit<T, R>(options: {
  run: (items: T[]) => Promise<(R | undefined)[]>;
  keysOf: (item: T) => string[];
  maxBatch: number;
}): GroupCommit<T, R> {
  const pending: Batch<T, R>[] = [];
  let running = false;
  let scheduled = false;

  const schedule = () => {
    if (running || scheduled || pending.length === 0) return;
    scheduled = true;
    setImmediate(runNext);
  };

  const runNext = () => {
    scheduled = false;
    const batch = pending.shift();
    if (!batch) return;
    running = true;
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
        running = false;
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
      schedule();
    });
}
