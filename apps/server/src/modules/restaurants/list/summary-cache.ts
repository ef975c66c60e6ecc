/**
 * Each restaurant's list item (without `distance`), kept in memory for the lists made from the
 * nearby index (nearby-index.ts): a page is then made without the database.
 *
 * An item depends on the restaurant's row, its favourites count and, through "has a vegan /
 * vegetarian product visible now", on its products and, for a restaurant with such a product on
 * a schedule or on some weekdays only, on the clock at minute precision. So an item is dropped on
 * the restaurant's menu and favourite events and when a restaurant change names it (migration
 * 0014; every item when a change names no rows), and an item that depends on the clock is only
 * good for the minute it was read in. Concurrent misses
 * share one read; a read that started before a drop never lands (it may predate the change).
 */
import type { RestaurantSummary } from '@comensal/contracts';

export interface FetchedSummary {
  summary: RestaurantSummary;
  /** Whether `hasVegan` / `hasVegetarian` may change with the clock alone (schedules, weekdays). */
  dependsOnClock: boolean;
}

/** What is kept of an item: its JSON text and what the filters ask (a string is compact). */
export interface CachedSummary {
  /**
   * The item's JSON without the closing brace (members may follow), as UTF-8 bytes: a page copies
   * them into its body as they are (nothing serialised or encoded per request).
   */
  openJson: Buffer;
  hasVegan: boolean;
  hasVegetarian: boolean;
  /** The UTC minute it is good for, or null: good until dropped. */
  minute: number | null;
}

/**
 * Where a caller remembers an item it looked up (the nearby index keeps one on each place), to
 * find it again without a lookup among 100,000 (a hash lookup that misses the processor's caches
 * cost more than measuring the place). Good while the cache has dropped nothing since.
 */
export interface ItemMemo {
  item: CachedSummary | undefined;
  /** The cache's generation when `item` was remembered. */
  itemGeneration: number;
}

export interface SummaryCache {
  /** The item if it is known for `at`'s minute, without reading anything. */
  peek(id: string, at: Date): CachedSummary | undefined;
  /** {@link peek}, remembered on `memo` (the item of `id`, always the same id for one memo). */
  peekMemo(memo: ItemMemo, id: string, at: Date): CachedSummary | undefined;
  /**
   * The items of `ids` at `at` (unknown restaurants are left out), reading the missing ones with
   * one call of `fetch`.
   */
  getMany(
    ids: readonly string[],
    at: Date,
    fetch: (ids: string[]) => Promise<FetchedSummary[]>,
  ): Promise<Map<string, CachedSummary>>;
  invalidate(id: string): void;
  clear(): void;
  size(): number;
  /** The most items it keeps. */
  readonly maxEntries: number;
}

type Entry = CachedSummary;

const toEntry = ({ summary, dependsOnClock }: FetchedSummary, minute: number): Entry => ({
  openJson: ownBytes(JSON.stringify(summary).slice(0, -1)),
  hasVegan: summary.hasVegan,
  hasVegetarian: summary.hasVegetarian,
  minute: dependsOnClock ? minute : null,
});

/**
 * The UTF-8 bytes of `text` in memory of their own: `Buffer.from` would place a small item in
 * Node's shared 8 KB pool, and a pool slab lives as long as any item on it, so items dropped one
 * by one (menu and favourite events) would keep their slabs alive (about 3.5 times the items'
 * bytes under steady churn).
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 0, 'utf8');
  return bytes;
}

const minuteOf = (at: Date) => Math.floor(at.getTime() / 60_000);

export function createSummaryCache(options: { maxEntries?: number } = {}): SummaryCache {
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, Entry>();
  /** Reads under way, by `${minute}:${id}`. */
  let pending = new Map<string, Promise<Entry | undefined>>();
  /** Bumped on every drop: reads started before it do not land. */
  let generation = 0;

  function fresh(id: string, minute: number): Entry | undefined {
    const entry = entries.get(id);
    if (!entry) return undefined;
    if (entry.minute !== null && entry.minute !== minute) {
      entries.delete(id);
      return undefined;
    }
    return entry;
  }

  return {
    peek(id, at) {
      return fresh(id, minuteOf(at));
    },
    peekMemo(memo, id, at) {
      const minute = minuteOf(at);
      const { item } = memo;
      if (item && memo.itemGeneration === generation && (item.minute === null || item.minute === minute)) {
        return item;
      }
      const entry = fresh(id, minute);
      memo.item = entry;
      memo.itemGeneration = generation;
      return entry;
    },
    async getMany(ids, at, fetch) {
      const minute = minuteOf(at);
      const found = new Map<string, CachedSummary>();
      const waits: [string, Promise<Entry | undefined>][] = [];
      const missing: string[] = [];
      for (const id of ids) {
        // first in, first out: the cap is there for memory, far above the usual number of
        // restaurants, and a hit costs no reordering
        const entry = fresh(id, minute);
        if (entry) {
          found.set(id, entry);
          continue;
        }
        const underway = pending.get(`${minute}:${id}`);
        if (underway) waits.push([id, underway]);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const startedAt = generation;
        const reads = pending;
        const read = fetch(missing).then(
          (fetched) => new Map(fetched.map((item) => [item.summary.id, toEntry(item, minute)])),
        );
        for (const id of missing) {
          const one = read.then((entries) => entries.get(id));
          one.catch(() => undefined);
          reads.set(`${minute}:${id}`, one);
          waits.push([id, one]);
        }
        const forget = () => {
          for (const id of missing) reads.delete(`${minute}:${id}`);
        };
        read.then((fetched) => {
          forget();
          if (generation !== startedAt) return;
          for (const [id, entry] of fetched) entries.set(id, entry);
          while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }, forget);
      }
      for (const [id, wait] of waits) {
        const entry = await wait;
        if (entry) found.set(id, entry);
      }
      return found;
    },
    invalidate(id) {
      generation += 1;
      entries.delete(id);
      pending = new Map();
    },
    clear() {
      generation += 1;
      entries.clear();
      pending = new Map();
    },
    size: () => entries.size,
    maxEntries,
  };
}
