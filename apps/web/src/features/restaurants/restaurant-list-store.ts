import type { RestaurantDetail, RestaurantSummary } from '@comensal/contracts';
import { useSyncExternalStore } from 'react';
import { type Coordinates, type LocateFailure, type LocateResult, locate } from '@/lib/geolocation';

/** Where the diner's position stands: asked once per visit, again only on "try again". */
export type PositionStatus = 'idle' | 'locating' | 'located' | LocateFailure;

/**
 * The restaurant list state (docs/product.md#search-and-menu-filters) — related, restaurants,
 * restaurant, isSortedByDistance (default false) and action (default empty) — plus the diner's
 * position it is sorted by.
 *
 * - `restaurants`: the restaurants the list shows now (all loaded pages);
 * - `restaurant`: the restaurant open on the profile page, if any;
 * - `related`: restaurants of the list that share its category;
 * - `isSortedByDistance`: the list is ordered by distance from `position`;
 * - `action`: what last changed the state (`locate`, `located`, `locate-failed`, `list`, `open`).
 */
export interface RestaurantListState {
  related: readonly RestaurantSummary[];
  restaurants: readonly RestaurantSummary[];
  restaurant: RestaurantSummary | RestaurantDetail | null;
  isSortedByDistance: boolean;
  action: string;
  position: Coordinates | null;
  positionStatus: PositionStatus;
}

export const INITIAL_RESTAURANT_LIST_STATE: RestaurantListState = {
  related: [],
  restaurants: [],
  restaurant: null,
  isSortedByDistance: false,
  action: '',
  position: null,
  positionStatus: 'idle',
};

type Locate = () => Promise<LocateResult>;

function relatedTo(
  restaurant: RestaurantListState['restaurant'],
  restaurants: readonly RestaurantSummary[],
): RestaurantSummary[] {
  if (!restaurant) return [];
  return restaurants.filter((r) => r.id !== restaurant.id && r.category === restaurant.category);
}

/** A position from the last five minutes is good enough to sort restaurants. */
const POSITION_MAX_AGE_MS = 5 * 60_000;

export function createRestaurantListStore(
  locateFn: Locate = () => locate({ maximumAge: POSITION_MAX_AGE_MS }),
) {
  let state = INITIAL_RESTAURANT_LIST_STATE;
  const subscribers = new Set<() => void>();
  const set = (patch: Partial<RestaurantListState>) => {
    state = { ...state, ...patch };
    for (const notify of subscribers) notify();
  };

  return {
    getState: () => state,
    subscribe(callback: () => void) {
      subscribers.add(callback);
      return () => subscribers.delete(callback);
    },
    /** Asks the browser for the position (unless it is known or being asked, or `force`). */
    async requestPosition({ force = false }: { force?: boolean } = {}): Promise<void> {
      if (state.positionStatus === 'locating') return;
      if (!force && state.positionStatus !== 'idle') return;
      set({ positionStatus: 'locating', action: 'locate' });
      const result = await locateFn();
      if (result.ok) {
        set({
          position: result.position,
          positionStatus: 'located',
          isSortedByDistance: true,
          action: 'located',
        });
      } else {
        set({
          position: null,
          positionStatus: result.reason,
          isSortedByDistance: false,
          action: 'locate-failed',
        });
      }
    },
    setRestaurants(restaurants: readonly RestaurantSummary[]) {
      if (restaurants === state.restaurants) return;
      set({ restaurants, related: relatedTo(state.restaurant, restaurants), action: 'list' });
    },
    setRestaurant(restaurant: RestaurantListState['restaurant']) {
      if (restaurant === state.restaurant) return;
      set({ restaurant, related: relatedTo(restaurant, state.restaurants), action: 'open' });
    },
    reset() {
      state = INITIAL_RESTAURANT_LIST_STATE;
      for (const notify of subscribers) notify();
    },
  };
}

export type RestaurantListStore = ReturnType<typeof createRestaurantListStore>;

/** The tab's one store (the position is asked once per visit). */
export const restaurantListStore = createRestaurantListStore();

export function useRestaurantListState<T>(select: (state: RestaurantListState) => T): T {
  return useSyncExternalStore(restaurantListStore.subscribe, () => select(restaurantListStore.getState()));
}
