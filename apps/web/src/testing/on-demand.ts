import { vi } from 'vitest';

/**
 * For look-alikes loaded on first use: imports a fresh copy of the module under test (nothing loaded yet), in which
 * the on-demand chunk `lazyModule` (a URL, so it resolves from the caller) arrives only once `release()` is called.
 * Call `unmockGatedChunks()` after each test.
 */
export async function importWithGatedChunk<M>(lazyModule: URL, importer: () => Promise<M>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const path = decodeURIComponent(lazyModule.pathname);
  gated.add(path);
  vi.resetModules();
  vi.doMock(path, async (importOriginal) => {
    await gate;
    return importOriginal();
  });
  return { module: await importer(), release };
}

const gated = new Set<string>();

export function unmockGatedChunks() {
  for (const path of gated) vi.doUnmock(path);
  gated.clear();
}
