/**
 * Work already running under the same key is joined instead of started again; the key is forgotten once the work
 * settles, so nothing is kept (a failure reaches everyone who joined it, and the next call starts afresh).
 */
export function joinRunning<T>(running: Map<string, Promise<T>>, key: string, start: () => Promise<T>): { result: Promise<T>; joined: boolean } {
  const found = running.get(key);
  if (found) return { result: found, joined: true };
  const result = start();
  running.set(key, result);
  const done = () => {
    if (running.get(key) === result) running.delete(key);
  };
  result.then(done, done);
  return { result, joined: false };
}

/**
 * joinRunning with one map of running work per owner (a database: the same request on another database is other
 * work), made on first use and dropped with its owner.
 */
export function runningPer<O extends object, T>(): (owner: O, key: string, start: () => Promise<T>) => { result: Promise<T>; joined: boolean } {
  const byOwner = new WeakMap<O, Map<string, Promise<T>>>();
  return (owner, key, start) => {
    let running = byOwner.get(owner);
    if (!running) {
      running = new Map();
      byOwner.set(owner, running);
    }
    return joinRunning(running, key, start);
  };
}
