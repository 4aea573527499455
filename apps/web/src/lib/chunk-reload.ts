import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withScreenStyles } from './screen-styles';

/** Spec 2.1 / 9: a page that fails to load reloads the window, at most 3 times, counted in session storage. */
export const CHUNK_RELOAD_LIMIT = 3;
export const CHUNK_RELOAD_STORAGE_KEY = 'spotter:chunkReloads';

type Counts = Record<string, number>;
export type ChunkReloadDeps = { storage: Pick<Storage, 'getItem' | 'setItem'>; reload: () => void };

const browserDeps = (): ChunkReloadDeps => ({ storage: window.sessionStorage, reload: () => window.location.reload() });

function readCounts(storage: ChunkReloadDeps['storage']): Counts {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Counts) : {};
  } catch {
    return {};
  }
}

function writeCounts(storage: ChunkReloadDeps['storage'], counts: Counts): void {
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(counts));
  } catch {
    // Storage may be full or disabled; the reload limit then cannot be kept, so do not reload at all.
  }
}

/**
 * Called when the chunk `name` failed to load. Returns true when a reload was started, false once the
 * limit is reached (the caller then shows the error page). Counted per chunk, so one page that loads
 * fine cannot reset the count of another that keeps failing.
 */
export function reloadAfterChunkError(name: string, deps: ChunkReloadDeps = browserDeps()): boolean {
  const counts = readCounts(deps.storage);
  const done = counts[name] ?? 0;
  if (done >= CHUNK_RELOAD_LIMIT) return false;
  writeCounts(deps.storage, { ...counts, [name]: done + 1 });
  if ((readCounts(deps.storage)[name] ?? 0) !== done + 1) return false;
  deps.reload();
  return true;
}

/** The chunk `name` loaded: its count starts over. */
export function forgetChunkErrors(name: string, deps: ChunkReloadDeps = browserDeps()): void {
  const counts = readCounts(deps.storage);
  if (!(name in counts)) return;
  const { [name]: _removed, ...rest } = counts;
  writeCounts(deps.storage, rest);
}

/**
 * Loads a chunk, with the Mantine stylesheet it needs (screen-styles.ts), under the reload rule: once it has loaded its failure count starts over; when it fails the window
 * reloads (the promise then never settles) until the limit is reached, and after that the error is thrown.
 */
export async function loadWithReloadRule<T>(name: string, factory: () => Promise<T>, deps?: () => ChunkReloadDeps): Promise<T> {
  try {
    const loaded = await withScreenStyles(name, factory);
    forgetChunkErrors(name, deps?.());
    return loaded;
  } catch (error) {
    if (reloadAfterChunkError(name, deps?.())) return new Promise<never>(() => {});
    throw error;
  }
}

/** A lazy page or layout whose chunk can be asked for before React renders it. */
export type PreloadableLazy<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

/**
 * React.lazy with the reload rule; while the window reloads the page stays suspended. `preload()` starts the same
 * one load early (a route's page while its layout still loads), so nested lazy routes do not load one after another.
 */
export function lazyWithReload<P extends object>(
  name: string,
  factory: () => Promise<{ default: ComponentType<P> }>,
  deps?: () => ChunkReloadDeps,
): PreloadableLazy<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => (loading ??= loadWithReloadRule(name, factory, deps));
  // A failed preload is React's to report when it renders the component (the same promise), not an unhandled rejection.
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
}

/** Turns a module's named export into the default export React.lazy expects. */
export function pick<M, K extends keyof M>(load: () => Promise<M>, key: K): () => Promise<{ default: M[K] }> {
  return () => load().then((module) => ({ default: module[key] }));
}
