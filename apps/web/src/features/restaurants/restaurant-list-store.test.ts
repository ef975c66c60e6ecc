import { describe, expect, it, vi } from 'vitest';
import { restaurantSummary } from '@/testing/fixtures';
import { createRestaurantListStore, INITIAL_RESTAURANT_LIST_STATE } from './restaurant-list-store';

describe('restaurant list store', () => {
  it('starts with the product defaults (not sorted by distance, no action)', () => {
    const store = createRestaurantListStore(() => Promise.resolve({ ok: false, reason: 'unsupported' }));
    expect(store.getState()).toEqual(INITIAL_RESTAURANT_LIST_STATE);
    expect(store.getState()).toMatchObject({
      related: [],
      restaurants: [],
      restaurant: null,
      isSortedByDistance: false,
      action: '',
    });
  });

  it('sorts by distance once located; asks only once unless forced; falls back on failure', async () => {
    const answers = [
      { ok: true as const, position: { lat: 1, lng: 2 } },
      { ok: false as const, reason: 'denied' as const },
    ];
    const locateFn = vi.fn(() => Promise.resolve(answers.shift()!));
    const store = createRestaurantListStore(locateFn);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().action));

    await store.requestPosition();
    expect(store.getState()).toMatchObject({
      position: { lat: 1, lng: 2 },
      positionStatus: 'located',
      isSortedByDistance: true,
    });
    await store.requestPosition();
    expect(locateFn).toHaveBeenCalledTimes(1);

    await store.requestPosition({ force: true });
    expect(store.getState()).toMatchObject({
      position: null,
      positionStatus: 'denied',
      isSortedByDistance: false,
    });
    expect(seen).toEqual(['locate', 'located', 'locate', 'locate-failed']);
  });

  it('keeps the shown restaurants, the open one and its related ones (same category)', () => {
    const store = createRestaurantListStore();
    const tapasA = restaurantSummary({ category: 'tapas' });
    const tapasB = restaurantSummary({ category: 'tapas' });
    const sushi = restaurantSummary({ category: 'japanese' });
    store.setRestaurants([tapasA, tapasB, sushi]);
    store.setRestaurant(tapasA);
    expect(store.getState()).toMatchObject({ restaurant: tapasA, related: [tapasB], action: 'open' });
    store.setRestaurants([sushi, tapasB]);
    expect(store.getState()).toMatchObject({ related: [tapasB], action: 'list' });
  });
});
