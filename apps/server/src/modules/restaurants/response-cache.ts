/**
 * In-process caches of the public read answers (menus, restaurant lists), as ready-to-send JSON
 * bytes with their ETag.
 *
 * Menus: *
 * A menu answer depends on the products (changed only through use cases that publish
 * `menu.changed` on `restaurant:<id>:menu`) and on the clock at minute precision (schedules are
 * HH:mm in the restaurant's zone, and every zone offset is a whole number of minutes). So an
 * entry is keyed by restaurant, UTC minute and filters, and dropped when that restaurant's event
 * reaches this instance (every instance LISTENs, so every instance drops it). Concurrent misses
 * share one computation. A computation that started before an invalidation never lands in the
 * fresh entry, so a change is never masked by an answer read before its commit.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);
/** Below this, compressing costs more than it saves. */
const MIN_GZIP_BYTES = 1024;

export interface CachedBody {
  body: Buffer;
  etag: string;
  /** The gzip form, made on first demand and kept with the entry. */
  gzip?: Promise<Buffer>;
  /** The value the body was serialised from (not for RawJson), read-only. */
  value?: unknown;
}

/** The gzip representation of a cached answer (and its own ETag), or null when not worth it. */
export async function gzipped(cached: CachedBody): Promise<{ body: Buffer; etag: string } | null> {
  if (cached.body.length < MIN_GZIP_BYTES) return null;
  cached.gzip ??= gzipAsync(cached.body);
  return { body: await cached.gzip, etag: `${cached.etag.slice(0, -1)}-gz"` };
}

/** Whether `Accept-Encoding` takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

interface RestaurantEntry {
  minute: number;
  variants: Map<string, Promise<CachedBody>>;
}

export interface MenuCacheOptions {
  maxRestaurants?: number;
  maxVariantsPerRestaurant?: number;
}

/** An answer already serialised as JSON text (sent as is). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export function toCachedBody(value: unknown): CachedBody {
  const raw = value instanceof RawJson;
  const body = Buffer.from(raw ? value.text : JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return raw ? { body, etag } : { body, etag, value };
}

/** `If-None-Match` (a list, possibly weak validators, or `*`) matches `etag`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
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
