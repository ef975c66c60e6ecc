import { z } from 'zod';
import { listOf } from './common.ts';
import { currencySchema, productSchema, restaurantSummarySchema } from './restaurants.ts';

/**
 * Favourites of the signed-in diner (guests included; anonymous callers get 401).
 *
 *   GET    /api/me/favorites?type=restaurants|products&cursor=&limit=   → FavoriteList (newest first)
 *   GET    /api/me/favorites/ids                                        → FavoriteIds (hearts on lists)
 *   PUT    /api/me/favorites/restaurants/:restaurantId                  → FavoriteState (idempotent)
 *   DELETE /api/me/favorites/restaurants/:restaurantId                  → FavoriteState (idempotent)
 *   PUT    /api/me/favorites/products/:productId                        → FavoriteState (idempotent)
 *   DELETE /api/me/favorites/products/:productId                        → FavoriteState (idempotent)
 *
 * Unknown restaurant/product → 404 NOT_FOUND. The favourite rows are the single source of truth;
 * `favoritesCount` everywhere is counted from them. The public restaurant/menu answers do not say
 * whether *you* favourited something (so they stay cacheable): read `/api/me/favorites/ids`.
 */

export const FAVORITE_TYPES = ['restaurants', 'products'] as const;
export const favoriteTypeSchema = z.enum(FAVORITE_TYPES);
export type FavoriteType = z.infer<typeof favoriteTypeSchema>;

/** Most favourites one diner may keep per type; one more answers 409 CONFLICT (details.reason FAVORITES_LIMIT). */
export const MAX_FAVORITES_PER_TYPE = 500;

export const listFavoritesQuerySchema = z
  .object({
    type: favoriteTypeSchema,
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type ListFavoritesQuery = z.infer<typeof listFavoritesQuerySchema>;

export const favoriteRestaurantSchema = z.object({
  restaurant: restaurantSummarySchema,
  /** ISO timestamp (UTC) of when it was added. */
  favoritedAt: z.string(),
});
export type FavoriteRestaurant = z.infer<typeof favoriteRestaurantSchema>;

export const favoriteProductSchema = z.object({
  /** The product as the menu shows it (prices in minor units of `product.currency`). */
  product: productSchema,
  /**
   * Enough of its restaurant to label the card and format money (docs/product.md#currency-display).
   */
  restaurant: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    country: z.string().length(2),
    currency: currencySchema,
  }),
  /** Whether the product is on the menu right now (not hidden, in schedule, in stock). */
  isAvailable: z.boolean(),
  favoritedAt: z.string(),
});
export type FavoriteProduct = z.infer<typeof favoriteProductSchema>;

export const favoriteRestaurantListSchema = listOf(favoriteRestaurantSchema);
export const favoriteProductListSchema = listOf(favoriteProductSchema);

/** `GET /api/me/favorites`: `type` echoes the query so the answer narrows by it. */
export const favoriteListSchema = z.discriminatedUnion('type', [
  favoriteRestaurantListSchema.extend({ type: z.literal('restaurants') }),
  favoriteProductListSchema.extend({ type: z.literal('products') }),
]);
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** `GET /api/me/favorites/ids`: every favourite id of the diner (at most MAX_FAVORITES_PER_TYPE each). */
export const favoriteIdsSchema = z.object({
  restaurantIds: z.array(z.uuid()),
  productIds: z.array(z.uuid()),
});
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** Answer of every PUT/DELETE: the state after the call and the count derived from the rows. */
export const favoriteStateSchema = z.object({
  isFavorite: z.boolean(),
  favoritesCount: z.number().int().min(0),
});
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
