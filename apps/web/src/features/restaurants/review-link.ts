import { getRememberedRestaurantId } from '@/lib/visit-context';
import { getRestaurant } from './api/get-restaurant';

/** A review link the browser may be sent to: http(s) only. */
function safeReviewUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * `/r` (the `reviews` route, docs/product.md#remembered-restaurant-and-table-links): the review
 * link of the remembered restaurant (localStorage `restaurantId`), or null when there is no
 * remembered restaurant, it cannot be loaded (logged) or it has no review link.
 */
export async function findReviewLink(
  loadRestaurant: typeof getRestaurant = getRestaurant,
): Promise<string | null> {
  const restaurantId = getRememberedRestaurantId();
  if (!restaurantId) return null;
  try {
    const restaurant = await loadRestaurant(restaurantId);
    return safeReviewUrl(restaurant.reviewUrl);
  } catch {
    // getRestaurant logged it; the diner goes home.
    return null;
  }
}
