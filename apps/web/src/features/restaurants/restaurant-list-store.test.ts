import { describe, expect, it, vi } from 'vitest';
import { restaurantSummary } from '@/testing/fixtures';
import { GEOLOCATION_FAILED, GEOLOCATION_UNSUPPORTED, locate } from './geolocation';
import { createRestaurantListStore, INITIAL_RESTAURANT_LIST_STATE } from './restaurant-list-store';

function geolocationThat(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  return { getCurrentPosition: vi.fn(answer) } as unknown as Geolocation;
}

describe('locate', () => {
  it('answers the coordinates', async () => {
    const geolocation = geolocationThat((success) =>
      success({ coords: { latitude: -33.44, longitude: -70.65 } } as GeolocationPosition),
    );
    await expect(locate(geolocation)).resolves.toEqual({ ok: true, position: { lat: -33.44, lng: -70.65 } });
  });

  it('logs the spec message when the browser has no geolocation, or it fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(locate(undefined)).resolves.toEqual({ ok: false, reason: 'unsupported' });
    expect(warn).toHaveBeenCalledWith(GEOLOCATION_UNSUPPORTED);
    const denied = { code: 1, message: 'User denied Geolocation' } as GeolocationPositionError;
    await expect(locate(geolocationThat((_, failure) => failure(denied)))).resolves.toEqual({
      ok: false,
      reason: 'denied',
    });
    expect(warn).toHaveBeenCalledWith(GEOLOCATION_FAILED, denied);
    const timeout = { code: 3, message: 'Timeout' } as GeolocationPositionError;
    await expect(locate(geolocationThat((_, failure) => failure(timeout)))).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });
});

describe('restaurant list store (SPEC §1 state)', () => {
  it('starts with the spec defaults', () => {
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
