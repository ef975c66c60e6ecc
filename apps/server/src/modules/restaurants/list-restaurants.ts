import type { ListRestaurantsQuery, RestaurantList } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { UseCaseContext } from '../../lib/context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { toRestaurantSummary } from './mappers.ts';
import { restaurantRepository, type RestaurantKeyset } from './restaurant-repository.ts';

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('name'), name: z.string(), id: z.uuid() }).strict(),
  z.object({ sort: z.literal('distance'), distance: z.number().int().min(0), id: z.uuid() }).strict(),
]);

/**
 * Restaurants by name (folded case and accents) or by distance from lat/lng, with the search
 * filters of SPEC §2 (name, category, vegan, vegetarian = has such a product visible now).
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
    category: query.category || undefined,
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
