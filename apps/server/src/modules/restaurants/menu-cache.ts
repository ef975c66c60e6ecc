/**
 * The menu answers of this instance, as ready-to-send JSON bytes with their ETag
 * (src/lib/cached-body.ts).
 *
 * A menu answer depends on the products (changed only through use cases that publish
 * `menu.changed` on `restaurant:<id>:menu`) and on the clock at minute precision (schedules are
 * HH:mm in the restaurant's zone, and every zone offset is a whole number of minutes). So an
 * entry is keyed by restaurant, UTC minute and filters, and dropped when that restaurant's event
 * reaches this instance (every instance LISTENs, so every instance drops it). Concurrent misses
 * share one computation. A computation that started before an invalidation never lands in the
 * fresh entry, so a change is never masked by an answer read before its commit.
 */
import { toCachedBody, type CachedBody } from '../../lib/cached-body.ts';

interface RestaurantEntry {
  minute: number;
  variants: Map<string, Promise<CachedBody>>;
}

export interface MenuCacheOptions {
  maxRestaurants?: number;
  maxVariantsPerRestaurant?: number;
}

export interface MenuCache {
  get(restaurantId: string, at: Date, variant: string, compute: () => Promise<unknown>): Promise<CachedBody>;
  invalidate(restaurantId: string): void;
  clear(): void;
  size(): number;
}

export function createMenuCache(options: MenuCacheOptions = {}): MenuCache {
  const maxRestaurants = options.maxRestaurants ?? 2_000;
  const maxVariants = options.maxVariantsPerRestaurant ?? 64;
  const entries = new Map<string, RestaurantEntry>();

  return {
    get(restaurantId, at, variant, compute) {
      const minute = Math.floor(at.getTime() / 60_000);
      let entry = entries.get(restaurantId);
      if (!entry || entry.minute !== minute) {
        entry = { minute, variants: new Map() };
      }
      // least recently used last out: re-insert on every access
      entries.delete(restaurantId);
      entries.set(restaurantId, entry);
      if (entries.size > maxRestaurants) entries.delete(entries.keys().next().value!);

      const cached = entry.variants.get(variant);
      if (cached) return cached;
      const { variants } = entry;
      const pending = compute().then(toCachedBody);
      if (variants.size >= maxVariants) variants.delete(variants.keys().next().value!);
      variants.set(variant, pending);
      // failures (unknown restaurant, database down) are not remembered
      pending.catch(() => {
        if (variants.get(variant) === pending) variants.delete(variant);
      });
      return pending;
    },
    invalidate(restaurantId) {
      entries.delete(restaurantId);
    },
    clear() {
      entries.clear();
    },
    size: () => entries.size,
  };
}
