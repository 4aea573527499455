import { Component, createElement, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_LIMIT, CHUNK_RELOAD_STORAGE_KEY, forgetChunkErrors, lazyWithReload, reloadAfterChunkError } from './chunk-reload';

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
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadAfterChunkError('login', { storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '{not json');
    expect(reloadAfterChunkError('login', { storage, reload: vi.fn() })).toBe(true);
  });
});

describe('lazyWithReload', () => {
  const Page = () => createElement('p', null, 'The page');

  it('loads once whether preloaded, rendered, or both, and renders what was preloaded', async () => {
    const factory = vi.fn(async () => ({ default: Page }));
    const Lazy = lazyWithReload('page', factory, () => ({ storage: memoryStorage(), reload: vi.fn() }));
    Lazy.preload();
    Lazy.preload();
    expect(factory).toHaveBeenCalledTimes(1);
    render(createElement(Suspense, { fallback: 'loading' }, createElement(Lazy)));
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed preload for React to report when it renders, not as an unhandled rejection', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ broken: CHUNK_RELOAD_LIMIT }));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const Lazy = lazyWithReload(
        'broken',
        (): Promise<{ default: typeof Page }> => Promise.reject(new Error('chunk gone')),
        () => ({ storage, reload }),
      );
      Lazy.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
        override state = { error: null };
        static getDerivedStateFromError(error: Error) {
          return { error: error.message };
        }
        override render() {
          return this.state.error ?? this.props.children;
        }
      }
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      render(createElement(Boundary, null, createElement(Suspense, { fallback: 'loading' }, createElement(Lazy))));
      expect(await screen.findByText('chunk gone')).toBeTruthy();
      // The reload limit was reached, so the failure shows rather than reloading again.
      expect(reload).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      vi.restoreAllMocks();
    }
  });
});
