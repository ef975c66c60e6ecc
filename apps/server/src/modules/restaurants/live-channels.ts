/** The public live topic of a restaurant's menu (see @comensal/contracts `menuTopic`). */
export const MENU_TOPIC_PATTERN = 'restaurant:{id}:menu';

/**
 * A channel nobody can subscribe to (it is not a registered topic): changes that alter the
 * cached menu answers without being news for the diners reading it, e.g. a product's
 * favourites count. Instances drop their cached menu of the restaurant on it.
 */
export const menuCacheChannel = (restaurantId: string) => `internal:restaurant:${restaurantId}:menu`;

const MENU_CHANNEL = /^(?:internal:)?restaurant:([^:]+):menu$/;

/** The restaurant whose cached menu an event on `channel` makes stale, if any. */
export function restaurantIdOfMenuChannel(channel: string): string | null {
  return MENU_CHANNEL.exec(channel)?.[1]?.toLowerCase() ?? null;
}

/**
 * Internal channel: something shown in restaurant lists changed without a menu event. A
 * restaurant's favourites count (`favorites.changed`, data `{ restaurantId }`), or any insert,
 * delete or change of what a list shows of a restaurant, announced by PostgreSQL itself
 * (`restaurants.changed`, data `{ restaurantIds, index }` for up to 40 rows, null for more or a
 * TRUNCATE; migrations 0005 and 0014). Instances drop their cached list answers on it, and the
 * named list items (the nearby index too when `index`), or every item and the index on null.
 */
export const RESTAURANT_LIST_CACHE_CHANNEL = 'internal:restaurants';
