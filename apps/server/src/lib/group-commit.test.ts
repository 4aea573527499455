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
    expect(batches.map((b) => b.map((i) => i.key))).toEqual([['a', 'b', 'c'], ['d', 'e']]);
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
});
