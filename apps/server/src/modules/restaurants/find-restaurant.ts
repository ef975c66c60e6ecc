import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { restaurantRepository, type RestaurantRow } from './restaurant-repository.ts';

/** The restaurant, or NOT_FOUND for an unknown or malformed id. */
export async function findRestaurantOrThrow(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
  now: Date,
): Promise<RestaurantRow> {
  const row = isUuid(id) ? await restaurantRepository(ctx.db).findById(id, now) : null;
  if (!row) throw AppError.notFound('Restaurant');
  return row;
}

/**
 * Whether the restaurant exists (false for a malformed id); cheap, for authorisation checks. Inside
 * another module's transaction, give it `tx`.
 */
export async function restaurantExists(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
  tx?: DbExecutor,
): Promise<boolean> {
  return isUuid(id) && (await restaurantRepository(ctx.db).exists(id, tx));
}

/** The restaurant with this slug (scripts and benchmarks name demo restaurants by it), or null. */
export async function findRestaurantIdBySlug(
  ctx: Pick<RequestContext, 'db'>,
  slug: string,
): Promise<string | null> {
  return restaurantRepository(ctx.db).findIdBySlug(slug);
}
