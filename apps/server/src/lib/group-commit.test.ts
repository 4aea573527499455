import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

type Item = { key: string; value: number };
const settle = () => new Promise((r) => setImmediate(r));
const item = (key: string, value: number): Item => ({ key, value });

/** A batcher whose run records each batch and answers value * 10, held until `release` is called. */
function recorded(maxBatch = 100, concurrency = 1) {
  const batches: Item[][] = [];
  const releases: (() => void)[] = [];
  const held: (() => void)[] = [];
  const submit = groupCommit<Item, number>({
    keysOf: (i) => i.key.split(' '),
    maxBatch,
    concurrency,
    run: (items) => {
      batches.push(items);
      return new Promise((resolve) => {
        const done = () => resolve(items.map((i) => (i.value < 0 ? undefined : i.value * 10)));
        releases.push(done);
        held.push(done);
      });
    },
  });
  /** Lets the running batch finish, and the next one (if any) start. */
  const release = async () => {
    while (releases.length) releases.shift()!();
    await settle();
    await settle();
  };
  /** Lets the batch started n-th (from 0) finish. */
  const releaseOne = async (n: number) => {
    held[n]!();
    await settle();
    await settle();
  };
  return { submit, batches, release, releaseOne };
}

/** A gathering batcher on a hand clock whose run records each batch and answers each value; `clock.now` is moved by hand. */
function gathering(options: { maxBatch: number; gatherMs: number; maxGatherMs?: number }) {
  const clock = { now: 0 };
  const batches: Item[][] = [];
  const submit = groupCommit<Item, number>({
    keysOf: (i) => [i.key],
    ...options,
    now: () => clock.now,
    run: async (items) => {
      batches.push(items);
      return items.map((i) => i.value);
    },
  });
  return { clock, batches, submit };
}

/** Replaces setTimeout and clearTimeout with a list run by hand for the length of `body`. */
async function withHandTimers(body: (timers: { fn: () => void; ms: number; id: number }[]) => Promise<void>) {
  const timers: { fn: () => void; ms: number; id: number }[] = [];
  const [realSetTimeout, realClearTimeout] = [globalThis.setTimeout, globalThis.clearTimeout];
  let ids = 0;
  globalThis.setTimeout = ((fn: () => void, ms: number) => {
    timers.push({ fn, ms, id: ++ids });
    return ids;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: number) => {
    timers.splice(
      timers.findIndex((t) => t.id === id),
      1,
    );
  }) as unknown as typeof clearTimeout;
  try {
    await body(timers);
  } finally {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
  }
}

describe('groupCommit', () => {
  it('runs the items of one turn as one batch, and everything that arrives while it runs as the next', async () => {
    const { submit, batches, release } = recorded();
    const first = [submit(item('a', 1)), submit(item('b', 2)), submit(item('c', -1))];
    await settle();
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([['a', 'b', 'c']]);
    const later = [submit(item('d', 4)), submit(item('e', 5))];
    await settle();
    // The first batch still runs: nothing else has started.
    expect(batches).toHaveLength(1);
    await release();
    expect(await Promise.all(first)).toEqual([10, 20, undefined]);
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    await release();
    expect(await Promise.all(later)).toEqual([40, 50]);
  });

  it('never puts two items with one key in a batch, and keeps their order', async () => {
    const { submit, batches, release } = recorded();
    const answers = [submit(item('a', 1)), submit(item('a', 2)), submit(item('b', 3)), submit(item('a', 4))];
    await settle();
    for (let i = 0; i < 3; i++) await release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 3], [2], [4]]);
  });

  it('holds at most maxBatch items in one batch', async () => {
    const { submit, batches, release } = recorded(2);
    const answers = [1, 2, 3, 4, 5].map((n) => submit(item(`k${n}`, n)));
    await settle();
    for (let i = 0; i < 3; i++) await release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('fails every item of a failed batch, and runs the next batch as usual', async () => {
    let calls = 0;
    const submit = groupCommit<Item, number>({
      keysOf: (i) => [i.key],
      maxBatch: 10,
      run: async (items) => {
        calls++;
        if (calls === 1) throw new Error('disk full');
        return items.map((i) => i.value);
      },
    });
    const failed = await Promise.allSettled([submit(item('a', 1)), submit(item('b', 2))]);
    expect(failed.map((f) => (f.status === 'rejected' ? (f.reason as Error).message : f.value))).toEqual(['disk full', 'disk full']);
    expect(await Promise.all([submit(item('a', 1)), submit(item('b', 2))])).toEqual([1, 2]);
  });

  it('fails the batch when run answers a different number of results, or throws before its promise', async () => {
    const short = groupCommit<Item, number>({ keysOf: (i) => [i.key], maxBatch: 10, run: async () => [1] });
    const answers = await Promise.allSettled([short(item('a', 1)), short(item('b', 2))]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    const throwing = groupCommit<Item, number>({
      keysOf: (i) => [i.key],
      maxBatch: 10,
      run: () => {
        throw new Error('bad statement');
      },
    });
    await expect(throwing(item('a', 1))).rejects.toThrow('bad statement');
  });

  it('runs up to `concurrency` batches at once, but never two that share a key, and keeps the order of each key', async () => {
    const { submit, batches, releaseOne } = recorded(2, 3);
    // Batches of two: [a, b], [c, d], then a second write of a and one of "b e" (keys b and e) wait for the first.
    const answers = [item('a', 1), item('b', 2), item('c', 3), item('d', 4), item('a', 5), item('b e', 6), item('f', 7)].map(submit);
    await settle();
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 2], [3, 4], [7]]);
    // [c, d] ends first: nothing new may start, both waiting batches hold a key of [a, b].
    await releaseOne(1);
    expect(batches).toHaveLength(3);
    await releaseOne(0);
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 2], [3, 4], [7], [5, 6]]);
    await releaseOne(2);
    await releaseOne(3);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('with gatherMs, waits after a batch ends so the requests queued behind it run together; a lone one on an idle batcher waits a turn only', async () => {
    const { clock, batches, submit } = gathering({ maxBatch: 3, gatherMs: 50 });
    await withHandTimers(async (timers) => {
      // Idle: one turn, as without gatherMs.
      const first = submit(item('a', 1));
      await settle();
      expect(batches).toEqual([[item('a', 1)]]);
      await first;
      await settle();
      // Within 50 ms of that batch's end, the next waits out the rest of the window for others to join it.
      clock.now += 10;
      const queued = [submit(item('b', 2))];
      await settle();
      await settle();
      expect(batches).toHaveLength(1);
      expect(timers.map((t) => t.ms)).toEqual([40]);
      queued.push(submit(item('c', 3)));
      clock.now += 40;
      timers.shift()!.fn();
      expect(await Promise.all(queued)).toEqual([2, 3]);
      expect(batches[1]).toEqual([item('b', 2), item('c', 3)]);
      // A batch that fills up does not wait out the window.
      await settle();
      const full = [submit(item('d', 4)), submit(item('e', 5))];
      expect(timers.map((t) => t.ms)).toEqual([50]);
      full.push(submit(item('f', 6)));
      expect(timers).toEqual([]);
      await settle();
      expect(batches[2]).toEqual([item('d', 4), item('e', 5), item('f', 6)]);
      await Promise.all(full);
      // Once the window has passed, a lone item waits a turn only.
      clock.now += 51;
      const late = submit(item('g', 7));
      await settle();
      expect(batches[3]).toEqual([item('g', 7)]);
      await late;
      expect(timers).toEqual([]);
    });
  });
  it('with maxGatherMs, keeps gathering while items keep arriving, until gatherMs pass without one or maxGatherMs after the last batch', async () => {
    const { clock, batches, submit } = gathering({ maxBatch: 100, gatherMs: 4, maxGatherMs: 25 });
    await withHandTimers(async (timers) => {
      const fire = () => timers.shift()!.fn();
      // Idle: a lone item waits 1 ms to see whether a burst is behind it, then starts.
      const lone = submit(item('a', 1));
      expect(timers.map((t) => t.ms)).toEqual([1]);
      clock.now += 1;
      fire();
      await lone;
      await settle();
      // A burst read slowly: an item every 3 ms after the batch ends. Each timer finds one newer than 4 ms ago.
      const burst = [submit(item('b', 2))];
      expect(timers.map((t) => t.ms)).toEqual([4]);
      for (const [i, key] of ['c', 'd', 'e'].entries()) {
        clock.now += 3;
        burst.push(submit(item(key, 3 + i)));
        clock.now += 1;
        fire();
        expect(batches).toHaveLength(1);
      }
      // Quiet for 4 ms: the batch runs with everything that came.
      clock.now += 4;
      fire();
      expect(await Promise.all(burst)).toEqual([2, 3, 4, 5]);
      expect(batches[1]).toEqual([item('b', 2), item('c', 3), item('d', 4), item('e', 5)]);
      // Never longer than maxGatherMs after the last batch's end, however they keep coming.
      await settle();
      const batchEnd = clock.now;
      const steady = [submit(item('f', 6))];
      for (let n = 0; n < 20 && timers.length > 0; n++) {
        clock.now += 2;
        steady.push(submit(item(`s${n}`, 10 + n)));
        fire();
      }
      expect(timers).toEqual([]);
      expect(clock.now - batchEnd).toBeGreaterThanOrEqual(25);
      expect(clock.now - batchEnd).toBeLessThanOrEqual(27);
      await settle();
      expect(batches).toHaveLength(3);
      await Promise.all(steady);
      // Idle again: items arriving behind the first within its 1 ms are a burst starting, gathered until quiet.
      clock.now += 100;
      const idleBurst = [submit(item('x', 1)), submit(item('y', 2))];
      expect(timers.map((t) => t.ms)).toEqual([1]);
      clock.now += 1;
      fire();
      expect(batches).toHaveLength(3);
      expect(timers.map((t) => t.ms)).toEqual([3]);
      clock.now += 2;
      idleBurst.push(submit(item('z', 3)));
      clock.now += 1;
      fire();
      expect(timers.map((t) => t.ms)).toEqual([3]);
      clock.now += 3;
      fire();
      expect(await Promise.all(idleBurst)).toEqual([1, 2, 3]);
      expect(batches[3]).toEqual([item('x', 1), item('y', 2), item('z', 3)]);
    });
  });
});
