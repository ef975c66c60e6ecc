import type { ListRestaurantsFilters } from './api/list-restaurants';
import type { Coordinates } from '@/lib/geolocation';

/**
 * The restaurant search (docs/product.md#search-and-menu-filters) — name, vegan, vegetarian and
 * categories — kept in the URL (`?q=taco&vegan=true&category=chilean,peruvian`), so a search can be
 * shared and the back button works. A restaurant matches any of the chosen categories.
 */
export interface RestaurantFilters {
  q: string;
  vegan: boolean;
  vegetarian: boolean;
  categories: readonly string[];
}

export const EMPTY_RESTAURANT_FILTERS: RestaurantFilters = {
  q: '',
  vegan: false,
  vegetarian: false,
  categories: [],
};

const FILTER_KEYS = ['q', 'vegan', 'vegetarian', 'category'] as const;
const MAX_CATEGORIES = 10;
const CATEGORY_KEY = /^[a-z0-9_-]{1,50}$/;

export function readRestaurantFilters(search: URLSearchParams): RestaurantFilters {
  const categories = search
    .getAll('category')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => CATEGORY_KEY.test(value));
  return {
    q: search.get('q')?.trim().slice(0, 100) ?? '',
    vegan: search.get('vegan') === 'true',
    vegetarian: search.get('vegetarian') === 'true',
    categories: [...new Set(categories)].slice(0, MAX_CATEGORIES),
  };
}

/** The filters into a copy of `search`; other parameters stay. */
export function writeRestaurantFilters(search: URLSearchParams, filters: RestaurantFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of FILTER_KEYS) next.delete(key);
  if (filters.q) next.set('q', filters.q);
  if (filters.vegan) next.set('vegan', 'true');
  if (filters.vegetarian) next.set('vegetarian', 'true');
  if (filters.categories.length > 0) next.set('category', filters.categories.join(','));
  return next;
}

/** How many filters beyond the name search are on (for the "Filters (2)" link). */
export function countRestaurantFilters(filters: RestaurantFilters): number {
  return Number(filters.vegan) + Number(filters.vegetarian) + filters.categories.length;
}

export function hasRestaurantFilters(filters: RestaurantFilters): boolean {
  return filters.q !== '' || countRestaurantFilters(filters) > 0;
}

/** The API query: the filters, sorted by distance from `position` when there is one. */
export function restaurantQueryOf(
  filters: RestaurantFilters,
  position: Coordinates | null,
): ListRestaurantsFilters {
  return {
    ...(filters.q && { q: filters.q }),
    ...(filters.vegan && { vegan: 'true' as const }),
    ...(filters.vegetarian && { vegetarian: 'true' as const }),
    ...(filters.categories.length > 0 && { category: filters.categories.join(',') }),
    ...(position && {
      // ~1 m precision is plenty, and keeps one cache entry per place rather than per GPS jitter.
      lat: Math.round(position.lat * 1e5) / 1e5,
      lng: Math.round(position.lng * 1e5) / 1e5,
      sort: 'distance' as const,
    }),
  };
}
