import type { GetMenuQuery } from '@comensal/contracts';

/**
 * The menu filter (docs/product.md#search-and-menu-filters) — vegan, vegetarian and a price range —
 * kept in the page's URL (`?vegan=true&vegetarian=true&minPrice=500&maxPrice=2000`) and sent as is
 * to the API. Prices are integer minor units of the restaurant's currency; the initial range is 0
 * to 0, and a 0 bound means "no bound".
 */
export interface MenuFilters {
  vegan: boolean;
  vegetarian: boolean;
  minPrice: number;
  maxPrice: number;
}

export const EMPTY_MENU_FILTERS: MenuFilters = { vegan: false, vegetarian: false, minPrice: 0, maxPrice: 0 };

const MAX_PRICE_MINOR = 1_000_000_000;
const MENU_FILTER_KEYS = ['vegan', 'vegetarian', 'minPrice', 'maxPrice'] as const;

/** A price bound from the URL: a whole number of minor units, else 0 (no bound). */
function readBound(value: string | null): number {
  if (value === null || !/^\d{1,10}$/.test(value)) return 0;
  const number = Number(value);
  return number <= MAX_PRICE_MINOR ? number : 0;
}

export function readMenuFilters(search: URLSearchParams): MenuFilters {
  return {
    vegan: search.get('vegan') === 'true',
    vegetarian: search.get('vegetarian') === 'true',
    minPrice: readBound(search.get('minPrice')),
    maxPrice: readBound(search.get('maxPrice')),
  };
}

/** The filters into a copy of `search`, other parameters (table, room…) untouched. */
export function writeMenuFilters(search: URLSearchParams, filters: MenuFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of MENU_FILTER_KEYS) next.delete(key);
  if (filters.vegan) next.set('vegan', 'true');
  if (filters.vegetarian) next.set('vegetarian', 'true');
  if (filters.minPrice > 0) next.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice > 0) next.set('maxPrice', String(filters.maxPrice));
  return next;
}

/** The API query: only what is set. */
export function menuQueryOf(filters: MenuFilters): GetMenuQuery {
  return {
    ...(filters.vegan && { vegan: 'true' as const }),
    ...(filters.vegetarian && { vegetarian: 'true' as const }),
    ...(filters.minPrice > 0 && { minPrice: filters.minPrice }),
    ...(filters.maxPrice > 0 && { maxPrice: filters.maxPrice }),
  };
}

export function hasMenuFilters(filters: MenuFilters): boolean {
  return filters.vegan || filters.vegetarian || filters.minPrice > 0 || filters.maxPrice > 0;
}

export function countMenuFilters(filters: MenuFilters): number {
  return (
    Number(filters.vegan) + Number(filters.vegetarian) + Number(filters.minPrice > 0 || filters.maxPrice > 0)
  );
}
