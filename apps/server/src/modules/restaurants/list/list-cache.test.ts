import { describe, expect, it } from 'vitest';
import { createListCache } from './list-cache.ts';

const NOW = new Date('2026-03-02T15:00:00Z');

function counting() {
  let computed = 0;
  const compute = (value: unknown) => async () => {
    computed += 1;
    return value;
  };
  return { compute, count: () => computed };
}

describe('the list answer cache', () => {
  it('keeps an answer from the second time its query is asked in the minute', async () => {
    const cache = createListCache();
    const { compute, count } = counting();
    await cache.get('once', NOW, compute({ n: 1 }));
    expect(cache.size()).toBe(0);
    await cache.get('once', NOW, compute({ n: 1 }));
    expect(cache.size()).toBe(1);
    const third = await cache.get('once', NOW, compute({ n: 2 }));
    expect(count()).toBe(2);
    expect(JSON.parse(third.body.toString())).toEqual({ n: 1 });
    // a new minute forgets answers and sightings
    await cache.get('once', new Date(NOW.getTime() + 60_000), compute({ n: 3 }));
    expect(count()).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('shares one computation between concurrent requests, even the first time', async () => {
    const cache = createListCache();
    const { compute, count } = counting();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('q', NOW, compute({ ok: true }))));
    expect(count()).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
  });

  it('forgets everything on clear (answers, sightings, computations under way)', async () => {
    const cache = createListCache();
    const { compute, count } = counting();
    await cache.get('q', NOW, compute(1));
    await cache.get('q', NOW, compute(1));
    cache.clear();
    await cache.get('q', NOW, compute(2));
    expect(count()).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('does not keep failures', async () => {
    const cache = createListCache();
    await cache.get('q', NOW, async () => 1);
    await expect(
      cache.get('q', NOW, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(cache.size()).toBe(0);
    const answer = await cache.get('q', NOW, async () => 2);
    expect(answer.body.toString()).toBe('2');
  });
});
