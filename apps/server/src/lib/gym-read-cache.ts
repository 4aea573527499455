/**
 * Decision 012: answers of hot reads (the kiosk's event and day list), kept per gym until a write could have changed
 * them. The domain's writes publish their gym's change when they commit (lib/changes.ts, decision 018), in this process
 * and every other one, which moves the gym's generation on; an entry is served only while both the gym's and the
 * global generation are the ones it was read under, and for at most `ttlMs` (SQL run by hand).
 *
 * Entries hold the promise of the read, so concurrent identical misses share one query. The key always starts with
 * the caller's gym, so one gym's entry is never another's.
 */
export type GymReadCacheOptions = {
  /** How long an entry may be served at most; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
};

type Entry = { global: number; gym: number; at: number; value: Promise<unknown> };

export class GymReadCache {
  readonly ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #global = 0;
  readonly #gyms = new Map<string, number>();
  readonly #entries = new Map<string, Entry>();

  constructor(options: GymReadCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 500;
    this.#now = options.now ?? (() => performance.now());
  }

  /** A write of this gym has committed: what was read before it is not served. */
  invalidate(gymId: string): void {
    if (this.ttlMs <= 0) return;
    this.#gyms.set(gymId, (this.#gyms.get(gymId) ?? 0) + 1);
  }

  /** Anything may have changed (the change feed lost its connection): nothing read before is served. */
  invalidateAll(): void {
    if (this.ttlMs <= 0) return;
    this.#global++;
  }

  /** The answer read under the current generations, or `load()`'s (stored unless it fails). */
  read<T>(gymId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const id = `${gymId} ${key}`;
    const global = this.#global;
    const gym = this.#gyms.get(gymId) ?? 0;
    const now = this.#now();
    const found = this.#entries.get(id);
    this.#entries.delete(id);
    if (found && found.global === global && found.gym === gym && now - found.at < this.ttlMs) {
      this.#entries.set(id, found);
      return found.value as Promise<T>;
    }
    const entry: Entry = { global, gym, at: now, value: load() };
    this.#entries.set(id, entry);
    entry.value.catch(() => {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
    });
    // Least recently used first: Map keeps insertion order and every hit is re-inserted.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
    return entry.value as Promise<T>;
  }

  get size(): number {
    return this.#entries.size;
  }
}
