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
