import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

type Item = { key: string; value: number };
const settle = () => new Promise((r) => setImmediate(r));
const item = (key: string, value: number): Item => ({ key, value });

/** A batcher whose run records each batch and answers value * 10, held until `release` is called. */
function recorded(maxBatch = 100) {
  const batches: Item[][] = [];
  const releases: (() => void)[] = [];
  const submit = groupCommit<Item, number>({
    keysOf: (i) => [i.key],
    maxBatch,
    run: (items) => {
      batches.push(items);
      return new Promise((resolve) => releases.push(() => resolve(items.map((i) => (i.value < 0 ? undefined : i.value * 10)))));
    },
  });
  /** Lets the running batch finish, and the next one (if any) start. */
  const release = async () => {
    while (releases.length) releases.shift()!();
    await settle();
    await settle();
  };
  return { submit, batches, release };
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
});
