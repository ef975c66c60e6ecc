/**
 * Restaurant categories, by stable key, in the order the search filter offers them
 * (docs/product.md#dietary-tags-and-categories).
 * The seed, the API's filter, the web's labels (`category.<key>` in the catalogs) and the
 * benchmarks all read this one list.
 */
export const RESTAURANT_CATEGORIES = [
  'chilean',
  'peruvian',
  'spanish',
  'venezuelan',
  'seafood',
  'italian',
  'japanese',
  'cafe',
  'vegetarian',
  'tapas',
  'grill',
  'bakery',
  'fusion',
  'burgers',
  'bar',
  'dutch',
  'belgian',
] as const;

export type RestaurantCategory = (typeof RESTAURANT_CATEGORIES)[number];

export const isRestaurantCategory = (value: string): value is RestaurantCategory =>
  (RESTAURANT_CATEGORIES as readonly string[]).includes(value);
