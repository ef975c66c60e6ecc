import type { RestaurantDetail } from '@comensal/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { findRestaurantOrThrow } from './find-restaurant.ts';
import { toRestaurantDetail } from './mappers.ts';
import { restaurantRepository } from './restaurant-repository.ts';

/** One restaurant with its rooms and tables; unknown or malformed ids are NOT_FOUND. */
export async function getRestaurant(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  id: string,
): Promise<RestaurantDetail> {
  const row = await findRestaurantOrThrow(ctx, id, ctx.now());
  return toRestaurantDetail(row, await restaurantRepository(ctx.db).listRooms(row.id));
}
