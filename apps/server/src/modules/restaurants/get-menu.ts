import { menuItemOf, type GetMenuQuery, type Menu } from '@comensal/contracts';
import { isProductVisible, localWeekdayAndTime, priceProduct } from '@comensal/domain';
import type { RequestContext } from '../../lib/context.ts';
import { findRestaurantOrThrow } from './find-restaurant.ts';
import { toProduct } from './mappers.ts';
import type { CachedBody } from '../../lib/cached-body.ts';
import type { MenuCache } from './menu-cache.ts';
import { productRepository, type ProductRow } from './product-repository.ts';
import type { RestaurantRow } from './restaurant-repository.ts';

/**
 * Product visibility (docs/product.md#product-visibility) at `now` in the restaurant's time zone.
 */
export function visibleAt(restaurant: Pick<RestaurantRow, 'timeZone'>, now: Date) {
  const moment = localWeekdayAndTime(now, restaurant.timeZone);
  return (product: ProductRow) => isProductVisible(product, moment);
}

/** The price a menu card shows for one unit without options: the base price less its discount. */
function shownPrice(product: ProductRow): number {
  const { priceMinor, discount, discountType } = product;
  return priceProduct({ product: { priceMinor, discount, discountType }, quantity: 1 }).totalMinor;
}

/**
 * The menu as a diner sees it now: visible products only (hidden, schedule, weekday, stock),
 * then the menu filters of docs/product.md#search-and-menu-filters (vegan, vegetarian, price range;
 * a 0 bound is no bound). The price range compares the price the card shows (discount taken off): a
 * dish shown at 11,25 € is under a 11,50 € limit even if its price before the discount is 12,50 €.
 * Sections keep the restaurant's order and only those with items are listed. Each dish carries
 * what its card shows (`menuItemOf`); its details are `getProduct`'s.
 */
export async function getMenu(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  restaurantId: string,
  query: GetMenuQuery,
): Promise<Menu> {
  const now = ctx.now();
  const restaurant = await findRestaurantOrThrow(ctx, restaurantId, now);
  const isVisible = visibleAt(restaurant, now);
  const minPrice = query.minPrice || null;
  const maxPrice = query.maxPrice || null;
  const isInRange = (price: number) =>
    (minPrice === null || price >= minPrice) && (maxPrice === null || price <= maxPrice);
  const sectionOrder = new Map(restaurant.sections.map((section, index) => [section.key, index]));
  const items = (await productRepository(ctx.db).listByRestaurant(restaurant.id))
    .filter(isVisible)
    .filter((p) => query.vegan !== 'true' || p.vegan)
    .filter((p) => query.vegetarian !== 'true' || p.vegetarian)
    .filter((p) => isInRange(shownPrice(p)))
    .sort(
      (a, b) =>
        (sectionOrder.get(a.section) ?? Number.MAX_SAFE_INTEGER) -
          (sectionOrder.get(b.section) ?? Number.MAX_SAFE_INTEGER) || a.position - b.position,
    );
  const usedSections = new Set(items.map((p) => p.section));
  return {
    restaurantId: restaurant.id,
    currency: restaurant.currency,
    country: restaurant.country,
    sections: restaurant.sections.filter((s) => usedSections.has(s.key)),
    items: items.map((p) => menuItemOf(toProduct(p, restaurant.currency))),
  };
}

/**
 * {@link getMenu} as ready-to-send JSON bytes with an ETag, from the instance's menu cache
 * (see menu-cache.ts for why a cached answer is never stale past the `menu.changed` event).
 */
export async function getCachedMenu(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  cache: MenuCache,
  restaurantId: string,
  query: GetMenuQuery,
): Promise<CachedBody> {
  const variant = [query.vegan ?? '', query.vegetarian ?? '', query.minPrice || 0, query.maxPrice || 0].join(
    '|',
  );
  const now = ctx.now();
  // the id is part of the key: normalise it the way PostgreSQL compares uuids
  const key = restaurantId.toLowerCase();
  return cache.get(key, now, variant, () => getMenu({ ...ctx, now: () => now }, restaurantId, query));
}
