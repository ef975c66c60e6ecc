import { parseCategoryList, type ListRestaurantsQuery, type RestaurantList } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { UseCaseContext } from '../../lib/context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { toRestaurantSummary } from './mappers.ts';
import type { CachedBody, ListCache } from './response-cache.ts';
import { restaurantRepository, type RestaurantKeyset } from './restaurant-repository.ts';

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('name'), name: z.string(), id: z.uuid() }).strict(),
  z.object({ sort: z.literal('distance'), distance: z.number().int().min(0), id: z.uuid() }).strict(),
]);

/**
 * Restaurants by name (folded case and accents) or by distance from lat/lng, with the search
 * filters of SPEC §2 (name, categories — any of them —, vegan, vegetarian = has such a product
 * visible now).
 * Keyset pagination: `nextCursor` continues after the last item of this page.
 */
export async function listRestaurants(
  ctx: UseCaseContext,
  query: ListRestaurantsQuery,
): Promise<RestaurantList> {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    throw new AppError('VALIDATION_FAILED', 'lat and lng go together');
  }
  const origin =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const sort = query.sort ?? 'name';
  if (sort === 'distance' && !origin)
    throw new AppError('VALIDATION_FAILED', 'sort=distance needs lat and lng');
  const after: RestaurantKeyset | null = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  if (after && after.sort !== sort)
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor: it belongs to another sort');
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;

  const rows = await restaurantRepository(ctx.db).list({
    q: query.q || undefined,
    categories: parseCategoryList(query.category),
    vegan: query.vegan === 'true',
    vegetarian: query.vegetarian === 'true',
    origin,
    sort,
    after,
    limit: limit + 1,
    now: ctx.now(),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > limit && last) {
    nextCursor = encodeCursor(
      sort === 'distance'
        ? { sort, distance: last.distance ?? 0, id: last.id }
        : { sort, name: last.nameSearch, id: last.id },
    );
  }
  return { items: page.map(toRestaurantSummary), nextCursor };
}

/**
 * {@link listRestaurants} as ready-to-send JSON bytes with an ETag, from the instance's list
 * cache (shared by everyone asking the same query within the same minute; emptied by menu and
 * favourite events, see response-cache.ts).
 */
export async function getCachedRestaurantList(
  ctx: UseCaseContext,
  cache: ListCache,
  query: ListRestaurantsQuery,
): Promise<CachedBody> {
  const key = JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const now = ctx.now();
  return cache.get(key, now, () => listRestaurants({ ...ctx, now: () => now }, query));
}
