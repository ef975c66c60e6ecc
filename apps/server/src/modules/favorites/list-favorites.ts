import {
  MAX_FAVORITES_PER_TYPE,
  type FavoriteIds,
  type FavoriteList,
  type ListFavoritesQuery,
} from '@comensal/contracts';
import { z } from 'zod';
import type { RequestContext } from '../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { listRestaurantSummaries, toProduct, visibleAt } from '../restaurants/index.ts';
import { favoriteRepository } from './favorite-repository.ts';

export const DEFAULT_FAVORITES_PAGE = 20;

const cursorSchema = z
  .object({
    at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    id: z.uuid(),
  })
  .strict();

/**
 * The diner's favourite restaurants or products, newest first, in keyset pages. Products come
 * with their restaurant and whether they are on the menu right now (a favourite stays listed
 * while hidden or out of schedule, so it can be removed).
 */
export async function listFavorites(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  userId: string,
  query: ListFavoritesQuery,
): Promise<FavoriteList> {
  const limit = query.limit ?? DEFAULT_FAVORITES_PAGE;
  const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  const now = ctx.now();
  const favorites = favoriteRepository(ctx.db);
  if (query.type === 'restaurants') {
    const refs = keysetPage(
      await favorites.listRestaurants(userId, after, limit + 1),
      limit,
      (last) => last.keyset,
    );
    const summaries = await listRestaurantSummaries(
      { ...ctx, now: () => now },
      refs.items.map((ref) => ref.restaurantId),
    );
    const byId = new Map(summaries.map((summary) => [summary.id, summary]));
    return {
      type: 'restaurants',
      items: refs.items.flatMap((ref) => {
        const restaurant = byId.get(ref.restaurantId);
        return restaurant ? [{ restaurant, favoritedAt: ref.favoritedAt.toISOString() }] : [];
      }),
      nextCursor: refs.nextCursor,
    };
  }
  const rows = keysetPage(
    await favorites.listProducts(userId, after, limit + 1),
    limit,
    (last) => last.keyset,
  );
  return {
    type: 'products',
    items: rows.items.map(({ product, restaurant, favoritedAt }) => ({
      product: toProduct(product, restaurant.currency),
      restaurant: {
        id: restaurant.id,
        slug: restaurant.slug,
        name: restaurant.name,
        country: restaurant.country,
        currency: restaurant.currency,
      },
      isAvailable: visibleAt(restaurant, now)(product),
      favoritedAt: favoritedAt.toISOString(),
    })),
    nextCursor: rows.nextCursor,
  };
}

/** Every favourite id of the diner (hearts on lists and pages), newest first. */
export async function listFavoriteIds(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  userId: string,
): Promise<FavoriteIds> {
  const favorites = favoriteRepository(ctx.db);
  const [restaurantIds, productIds] = await Promise.all([
    favorites.listIds('restaurants', userId, MAX_FAVORITES_PER_TYPE),
    favorites.listIds('products', userId, MAX_FAVORITES_PER_TYPE),
  ]);
  return { restaurantIds, productIds };
}
