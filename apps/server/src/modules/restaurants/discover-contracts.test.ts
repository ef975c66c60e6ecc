// The shapes of packages/contracts this issue added (contracts may import nothing but zod, so
// their tests live here).
import { describe, expect, it } from 'vitest';
import {
  favoriteListSchema,
  listFavoritesQuerySchema,
  listRestaurantsQuerySchema,
  liveClientMessageSchema,
  liveServerMessageSchema,
  menuTopic,
  parseCategoryList,
  priceProductInputSchema,
  reservationTopic,
} from '@comensal/contracts';

describe('the category filter', () => {
  it.each([
    ['chilean', 'chilean'],
    ['Chilean,PERUVIAN', 'chilean,peruvian'],
    [['cafe', 'grill,cafe'], 'cafe,grill'],
    [' cafe , ,grill ', 'cafe,grill'],
    ['', ''],
  ])('normalises %j to %j', (category, expected) => {
    const parsed = listRestaurantsQuerySchema.parse({ category });
    expect(parsed.category).toBe(expected);
    expect(parseCategoryList(parsed.category)).toEqual(expected ? expected.split(',') : []);
  });

  it.each([
    ['chi lean'],
    ['a;b'],
    [Array.from({ length: 11 }, (_, i) => `c${i}`).join(',')],
    ['x'.repeat(51)],
  ])('refuses %j', (category) => {
    expect(listRestaurantsQuerySchema.safeParse({ category }).success).toBe(false);
  });
});

describe('live messages', () => {
  it('builds topics', () => {
    expect(menuTopic('r1')).toBe('restaurant:r1:menu');
    expect(reservationTopic('x')).toBe('reservation:x');
  });

  it('accepts the three client messages only, strictly', () => {
    expect(liveClientMessageSchema.safeParse({ op: 'subscribe', topic: 't' }).success).toBe(true);
    expect(liveClientMessageSchema.safeParse({ op: 'unsubscribe', topic: 't' }).success).toBe(true);
    expect(liveClientMessageSchema.safeParse({ op: 'ping' }).success).toBe(true);
    expect(liveClientMessageSchema.safeParse({ op: 'subscribe', topic: 't', x: 1 }).success).toBe(false);
    expect(liveClientMessageSchema.safeParse({ op: 'publish', topic: 't' }).success).toBe(false);
  });

  it('reads every server message', () => {
    for (const message of [
      { op: 'subscribed', topic: 't' },
      { op: 'unsubscribed', topic: 't' },
      { op: 'pong' },
      { op: 'error', topic: 't', code: 'FORBIDDEN' },
      { op: 'error', code: 'BAD_MESSAGE', message: 'no' },
      { topic: 't', event: 'menu.changed', data: { productId: 'p' } },
    ]) {
      expect(liveServerMessageSchema.parse(message)).toEqual(message);
    }
  });
});

describe('favourites and price', () => {
  it('needs a favourite type, and narrows the list by it', () => {
    expect(listFavoritesQuerySchema.safeParse({}).success).toBe(false);
    expect(listFavoritesQuerySchema.parse({ type: 'products', limit: '5' })).toEqual({
      type: 'products',
      limit: 5,
    });
    expect(favoriteListSchema.safeParse({ type: 'restaurants', items: [], nextCursor: null }).success).toBe(
      true,
    );
    expect(favoriteListSchema.safeParse({ type: 'users', items: [], nextCursor: null }).success).toBe(false);
  });

  it('takes quantity and selections, strictly', () => {
    expect(priceProductInputSchema.safeParse({ quantity: 1, selections: [] }).success).toBe(true);
    expect(priceProductInputSchema.safeParse({ quantity: 0, selections: [] }).success).toBe(false);
    expect(
      priceProductInputSchema.safeParse({
        quantity: 1,
        selections: [{ preferenceKey: 'a', optionKey: 'b', quantity: 1, priceMinor: 0 }],
      }).success,
    ).toBe(false);
  });
});
