import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_LIMIT, CHUNK_RELOAD_STORAGE_KEY, forgetChunkErrors, reloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('reloadAfterChunkError', () => {
  it('reloads at most 3 times per chunk, counting in storage', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const results = Array.from({ length: 5 }, () => reloadAfterChunkError('login', { storage, reload }));
    expect(CHUNK_RELOAD_LIMIT).toBe(3);
    expect(results).toEqual([true, true, true, false, false]);
    expect(reload).toHaveBeenCalledTimes(3);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}')).toEqual({ login: 3 });
  });

  it('counts each chunk separately and starts over once a chunk loads', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadAfterChunkError('login', { storage, reload });
    reloadAfterChunkError('login', { storage, reload });
    reloadAfterChunkError('staff-layout', { storage, reload });
    forgetChunkErrors('staff-layout', { storage, reload });
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}')).toEqual({ login: 2 });
    forgetChunkErrors('login', { storage, reload });
    expect(reloadAfterChunkError('login', { storage, reload })).toBe(true);
  });

  it('does not reload when storage cannot keep the count', () => {
    const reload = vi.fn();
    const storage = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    expect(reloadAfterChunkError('login', { storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '{not json');
    expect(reloadAfterChunkError('login', { storage, reload: vi.fn() })).toBe(true);
  });
});
