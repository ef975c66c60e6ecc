import { isRestaurantCategory, RESTAURANT_CATEGORIES } from '@comensal/domain';
import type { MessageId } from '@/lib/i18n';
import type { DietaryTag, RestaurantSummary } from '@comensal/contracts';

/**
 * The dietary badge of a restaurant: "vegan" when its menu has vegan dishes, else "vegetarian"
 * when it has vegetarian ones. Vegan dishes are vegetarian too, so a second badge would say
 * nothing more.
 */
export function restaurantDietaryTags(
  restaurant: Pick<RestaurantSummary, 'hasVegan' | 'hasVegetarian'>,
): DietaryTag[] {
  if (restaurant.hasVegan) return ['vegan'];
  return restaurant.hasVegetarian ? ['vegetarian'] : [];
}

/** OpenStreetMap link centred on the restaurant, with a marker. */
export function mapsLink({ lat, lng }: { lat: number; lng: number }): string {
  const params = new URLSearchParams({ mlat: String(lat), mlon: String(lng) });
  return `https://www.openstreetmap.org/?${params.toString()}#map=17/${lat}/${lng}`;
}

/**
 * Restaurant category keys, in the order the search filter offers them
 * (docs/product.md#dietary-tags-and-categories); the catalogs translate each (`category.<key>`);
 * others show as sent.
 */
export const CATEGORY_KEYS = RESTAURANT_CATEGORIES;

export function categoryMessageId(category: string): MessageId | null {
  return isRestaurantCategory(category) ? `category.${category}` : null;
}

/** Distances the diner reads: metres below 1 km (rounded to 10 m), then km with one decimal below 100 km. */
export function formatDistance(meters: number, locale: string): string {
  const unit = (unit: 'meter' | 'kilometer', maximumFractionDigits: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits });
  if (meters < 1000) return unit('meter', 0).format(Math.max(10, Math.round(meters / 10) * 10));
  const km = meters / 1000;
  return unit('kilometer', km < 100 ? 1 : 0).format(km);
}
