import { describe, expect, it } from 'vitest';
import { GymReadCache } from './gym-read-cache';

function setup(ttlMs = 1000, maxEntries?: number) {
  let now = 0;
  const cache = new GymReadCache({ ttlMs, maxEntries, now: () => now });
  let loads = 0;
  const read = (gym: string, key = 'k') => cache.read(gym, key, async () => `${gym} ${key} #${++loads}`);
  return { cache, read, tick: (ms: number) => (now += ms), loads: () => loads };
}

describe('GymReadCache', () => {
  it('serves an entry until its gym, or every gym, has a write, or its time is up', async () => {
    const { cache, read, tick, loads } = setup();
    expect(await read('a')).toBe('a k #1');
    expect(await read('a')).toBe('a k #1');
    cache.invalidate('b');
    expect(await read('a')).toBe('a k #1');
    cache.invalidate('a');
    expect(await read('a')).toBe('a k #2');
    cache.invalidateAll();
    expect(await read('a')).toBe('a k #3');
    tick(999);
    expect(await read('a')).toBe('a k #3');
    tick(1);
    expect(await read('a')).toBe('a k #4');
    expect(loads()).toBe(4);
  });

  it('keeps gyms and keys apart', async () => {
    const { read } = setup();
    expect(await read('a', 'x')).toBe('a x #1');
    expect(await read('b', 'x')).toBe('b x #2');
    expect(await read('a', 'y')).toBe('a y #3');
    expect(await read('a', 'x')).toBe('a x #1');
  });

  it('shares one load between identical reads in flight, and drops it when a write comes before it ends', async () => {
    const cache = new GymReadCache({ ttlMs: 1000 });
    let release!: (v: string) => void;
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.read('a', 'k', load);
    const second = cache.read('a', 'k', load);
    expect(loads).toBe(1);
    // A write answered while the read runs: the read may have seen the data before it, so it is not served again.
    cache.invalidate('a');
    release('before the write');
    expect(await Promise.all([first, second])).toEqual(['before the write', 'before the write']);
    const third = cache.read('a', 'k', load);
    expect(loads).toBe(2);
    release('after the write');
    expect(await third).toBe('after the write');
  });

  it('does not keep a failed read', async () => {
    const cache = new GymReadCache({ ttlMs: 1000 });
    await expect(cache.read('a', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('a', 'k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the least recently read', async () => {
    const { cache, read } = setup(1000, 2);
    await read('a', 'x');
    await read('a', 'y');
    await read('a', 'x');
    await read('a', 'z');
    expect(cache.size).toBe(2);
    expect(await read('a', 'x')).toBe('a x #1');
    expect(await read('a', 'y')).toBe('a y #4');
  });

  it('reads every time when turned off (READ_CACHE_MS=0)', async () => {
    const { cache, read } = setup(0);
    expect(await read('a')).toBe('a k #1');
    expect(await read('a')).toBe('a k #2');
    expect(cache.size).toBe(0);
  });
});
