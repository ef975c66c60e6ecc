import type { RestaurantSummary } from '@comensal/contracts';
import { describe, expect, it } from 'vitest';
import { createSummaryCache, type FetchedSummary } from './summary-cache.ts';

const NOW = new Date('2026-03-02T15:00:30Z');
const NEXT_MINUTE = new Date('2026-03-02T15:01:00Z');

const summary = (id: string, hasVegan = false): RestaurantSummary => ({
  id,
  slug: id,
  name: `Restaurant ${id}`,
  category: 'cafe',
  description: { es: 'Rico', en: 'Tasty' },
  address: 'Calle 1',
  city: 'Santiago',
  country: 'CL',
  currency: 'CLP',
  timeZone: 'America/Santiago',
  location: { lat: -33.4, lng: -70.6 },
  coverUrl: null,
  hasVegan,
  hasVegetarian: false,
  favoritesCount: 0,
});

/** A fetch that records what it was asked and answers from `known` (unknown ids left out). */
function recordingFetch(known: Record<string, Partial<FetchedSummary>>) {
  const calls: string[][] = [];
  const fetch = async (ids: string[]): Promise<FetchedSummary[]> => {
    calls.push([...ids]);
    return ids
      .filter((id) => id in known)
      .map((id) => ({ summary: summary(id), dependsOnClock: false, ...known[id] }));
  };
  return { calls, fetch };
}

describe('the list item cache', () => {
  it('reads the missing items once, keeps them, and gives their JSON without the closing brace', async () => {
    const cache = createSummaryCache();
    const { calls, fetch } = recordingFetch({ a: {}, b: {} });
    const first = await cache.getMany(['a', 'b'], NOW, fetch);
    expect([...first.keys()]).toEqual(['a', 'b']);
    expect(`${first.get('a')!.openJson}}`).toBe(JSON.stringify(summary('a')));
    expect(JSON.parse(`${first.get('b')!.openJson},"distance":12}`)).toEqual({
      ...summary('b'),
      distance: 12,
    });
    await cache.getMany(['b', 'a'], NEXT_MINUTE, fetch);
    expect(calls).toEqual([['a', 'b']]);
    expect(cache.peek('a', NOW)).toMatchObject({ hasVegan: false, hasVegetarian: false });
    expect(JSON.parse(`${cache.peek('a', NOW)!.openJson}}`)).toEqual(summary('a'));
  });

  it('keeps what the diet filters ask', async () => {
    const cache = createSummaryCache();
    const { fetch } = recordingFetch({ v: { summary: summary('v', true) }, n: {} });
    await cache.getMany(['v', 'n'], NOW, fetch);
    expect(cache.peek('v', NOW)).toMatchObject({ hasVegan: true, hasVegetarian: false });
    expect(cache.peek('n', NOW)).toMatchObject({ hasVegan: false, hasVegetarian: false });
  });

  it('leaves unknown restaurants out', async () => {
    const cache = createSummaryCache();
    const { fetch } = recordingFetch({ a: {} });
    const found = await cache.getMany(['a', 'gone'], NOW, fetch);
    expect([...found.keys()]).toEqual(['a']);
  });

  it('keeps an item that depends on the clock for its minute only', async () => {
    const cache = createSummaryCache();
    const { calls, fetch } = recordingFetch({ timed: { dependsOnClock: true } });
    await cache.getMany(['timed'], NOW, fetch);
    await cache.getMany(['timed'], new Date('2026-03-02T15:00:59.999Z'), fetch);
    expect(calls).toHaveLength(1);
    expect(cache.peek('timed', NEXT_MINUTE)).toBeUndefined();
    await cache.getMany(['timed'], NEXT_MINUTE, fetch);
    expect(calls).toHaveLength(2);
  });

  it('shares one read between concurrent misses', async () => {
    const cache = createSummaryCache();
    const { calls, fetch } = recordingFetch({ a: {}, b: {}, c: {} });
    const [one, two] = await Promise.all([
      cache.getMany(['a', 'b'], NOW, fetch),
      cache.getMany(['b', 'c'], NOW, fetch),
    ]);
    expect(calls).toEqual([['a', 'b'], ['c']]);
    expect([...one.keys()]).toEqual(['a', 'b']);
    expect([...two.keys()].sort()).toEqual(['b', 'c']);
  });

  it('drops an item on invalidate, everything on clear, and never keeps a read that started before', async () => {
    const cache = createSummaryCache();
    const { calls, fetch } = recordingFetch({ a: {}, b: {} });
    await cache.getMany(['a', 'b'], NOW, fetch);
    cache.invalidate('a');
    expect(cache.peek('a', NOW)).toBeUndefined();
    expect(cache.peek('b', NOW)).toBeDefined();
    cache.clear();
    expect(cache.size()).toBe(0);

    // a read under way when the change arrives answers its caller, but is not kept
    let release!: () => void;
    const slow = async (ids: string[]) => {
      await new Promise<void>((resolve) => (release = resolve));
      return fetch(ids);
    };
    const underway = cache.getMany(['a'], NOW, slow);
    await Promise.resolve();
    cache.invalidate('a');
    release();
    expect(`${(await underway).get('a')?.openJson}}`).toBe(JSON.stringify(summary('a')));
    expect(cache.peek('a', NOW)).toBeUndefined();
    expect(calls.length).toBeGreaterThan(1);
  });

  it('forgets a failed read, so the next request reads again', async () => {
    const cache = createSummaryCache();
    let fail = true;
    const fetch = async (ids: string[]) => {
      if (fail) throw new Error('database down');
      return ids.map((id) => ({ summary: summary(id), dependsOnClock: false }));
    };
    await expect(cache.getMany(['a'], NOW, fetch)).rejects.toThrow('database down');
    fail = false;
    expect((await cache.getMany(['a'], NOW, fetch)).has('a')).toBe(true);
  });

  it('stays within its size, the oldest first out', async () => {
    const cache = createSummaryCache({ maxEntries: 2 });
    const { fetch } = recordingFetch({ a: {}, b: {}, c: {} });
    await cache.getMany(['a'], NOW, fetch);
    await cache.getMany(['b'], NOW, fetch);
    await cache.getMany(['c'], NOW, fetch);
    expect(cache.size()).toBe(2);
    expect(cache.peek('a', NOW)).toBeUndefined();
    expect(cache.peek('c', NOW)).toBeDefined();
  });

  it('remembers an item on a memo until the cache drops anything or its minute ends', async () => {
    const cache = createSummaryCache();
    const { fetch } = recordingFetch({ a: {}, timed: { dependsOnClock: true }, b: {} });
    const memo = { item: undefined, itemGeneration: -1 };
    expect(cache.peekMemo(memo, 'a', NOW)).toBeUndefined(); // not known yet: nothing remembered
    await cache.getMany(['a', 'timed'], NOW, fetch);
    const item = cache.peekMemo(memo, 'a', NOW);
    expect(JSON.parse(`${item!.openJson}}`)).toEqual(summary('a'));
    expect(memo.item).toBe(item);

    // dropping another restaurant forgets what every memo holds (it is looked up again)
    cache.invalidate('b');
    expect(cache.peekMemo(memo, 'a', NEXT_MINUTE)).toBe(item);
    cache.invalidate('a');
    expect(cache.peekMemo(memo, 'a', NOW)).toBeUndefined();

    // an item that depends on the clock is remembered for its minute only
    const timedMemo = { item: undefined, itemGeneration: -1 };
    await cache.getMany(['timed'], NOW, fetch);
    expect(cache.peekMemo(timedMemo, 'timed', NOW)).toBeDefined();
    expect(cache.peekMemo(timedMemo, 'timed', NEXT_MINUTE)).toBeUndefined();
  });
});
