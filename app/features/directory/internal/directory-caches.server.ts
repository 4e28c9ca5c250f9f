import { singleton } from "../../../lib/singleton.server";

/**
 * What the directory's results pages share for every visitor, kept in this process for a short time (ADR 27):
 * the facet counts a search draws its sidebar from, the planner's estimates of a text, and whether a typed word
 * exists. Each cache is bounded (oldest out first) and each entry lives at most DIRECTORY_CACHE_TTL_MS;
 * clearDirectoryCaches() (app/features/directory/clear-directory-caches.server.ts) empties them all, for the
 * events that change what a listing shows (approval, featuring, suspension).
 */

/** The longest an entry is served (the bound: 60 s). */
export const DIRECTORY_CACHE_TTL_MS = 60_000;

/** A map with a size bound and a time to live: the oldest entry leaves first when full. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs = DIRECTORY_CACHE_TTL_MS,
  ) {
    singleton("directory.caches", () => new Set<TtlCache<unknown>>()).add(this as TtlCache<unknown>);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The cached value, or load's (cached when it resolves; a failure is not cached, nor a value whose load began
   * before the cache was emptied: it may predate the change that emptied it).
   */
  async through(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.set(key, value);
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private generation = 0;
}

/**
 * Every cache of this process, on globalThis (ADR 1): the server's source copy of this module and the app build's
 * bundled copy are two instances, and clearing from either must empty the caches the routes use.
 */
const caches = singleton("directory.caches", () => new Set<TtlCache<unknown>>());

/** Empties every directory cache of this process. */
export function clearAllDirectoryCaches(): void {
  for (const cache of caches) cache.clear();
}
