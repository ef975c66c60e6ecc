/**
 * The list answers of this instance, as ready-to-send JSON bytes with their ETag
 * (src/lib/cached-body.ts); see README.md for where it sits in answering a list.
 */
import { toCachedBody, type CachedBody } from '../../../lib/cached-body.ts';

export interface ListCache {
  get(key: string, at: Date, compute: () => Promise<unknown>): Promise<CachedBody>;
  clear(): void;
  size(): number;
}

/**
 * Restaurant lists: an answer depends on every restaurant and its visible products, the clock
 * (minute) and the favourites counts, so the whole cache is emptied on any menu event, any
 * restaurant-list event and at each new minute. Same sharing and no-stale-landing rules as menus.
 *
 * An answer is kept from the second time its query is asked within the minute: lists from a
 * diner's own position are asked once (a new position each time), and keeping each of them for
 * nobody filled the cache with answers that only made the garbage collector work (a full
 * collection every second under load). Concurrent misses of one query still share one
 * computation.
 */
export function createListCache(options: { maxEntries?: number; maxSeenKeys?: number } = {}): ListCache {
  const maxEntries = options.maxEntries ?? 1_000;
  const maxSeenKeys = options.maxSeenKeys ?? 10_000;
  let minute = Number.NaN;
  let entries = new Map<string, Promise<CachedBody>>();
  let underway = new Map<string, Promise<CachedBody>>();
  /** Queries asked once this minute (first in, first out). */
  let seen = new Set<string>();
  const reset = () => {
    entries = new Map();
    underway = new Map();
    seen = new Set();
  };
  return {
    get(key, at, compute) {
      const now = Math.floor(at.getTime() / 60_000);
      if (now !== minute) {
        minute = now;
        reset();
      }
      const cached = entries.get(key) ?? underway.get(key);
      if (cached) {
        if (entries.delete(key)) entries.set(key, cached);
        return cached;
      }
      const pending = compute().then(toCachedBody);
      const computations = underway;
      computations.set(key, pending);
      const done = () => {
        if (computations.get(key) === pending) computations.delete(key);
      };
      pending.then(done, done);
      if (seen.delete(key)) {
        const map = entries;
        map.set(key, pending);
        if (map.size > maxEntries) map.delete(map.keys().next().value!);
        // failures (database down) are not remembered
        pending.catch(() => {
          if (map.get(key) === pending) map.delete(key);
        });
      } else {
        seen.add(key);
        if (seen.size > maxSeenKeys) seen.delete(seen.values().next().value!);
      }
      return pending;
    },
    clear: reset,
    size: () => entries.size,
  };
}
