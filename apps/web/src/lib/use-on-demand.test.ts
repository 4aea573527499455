import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_LIMIT, CHUNK_RELOAD_STORAGE_KEY } from './chunk-reload';
import { onDemand } from './use-on-demand';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('onDemand', () => {
  it('loads once, however often it is asked for, and keeps what it loaded', async () => {
    const factory = vi.fn(async () => 'picker');
    const loader = onDemand('picker', factory, () => ({ storage: memoryStorage(), reload: vi.fn() }));
    expect(loader.current).toBeUndefined();
    expect(await Promise.all([loader.load(), loader.load()])).toEqual(['picker', 'picker']);
    expect(await loader.load()).toBe('picker');
    expect(factory).toHaveBeenCalledTimes(1);
    expect(loader.current).toBe('picker');
  });

  it('reloads the window when the chunk fails, then, past the limit, rejects so the next use tries again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const factory = vi.fn(async (): Promise<string> => {
      throw new Error('chunk failed');
    });
    const loader = onDemand('picker', factory, () => ({ storage, reload }));
    void loader.load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ picker: CHUNK_RELOAD_LIMIT }));
    await expect(loader.load()).rejects.toThrow('chunk failed');
    factory.mockResolvedValueOnce('picker');
    expect(await loader.load()).toBe('picker');
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}')).toEqual({});
  });
});
