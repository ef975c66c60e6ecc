import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { productRepository } from './product-repository.ts';
import { restaurantRepository } from './restaurant-repository.ts';
import { withVisibility, type ProductWithVisibility } from './update-product.ts';

/**
 * Every product of the restaurant, hidden ones too, by section and position: what the staff
 * console edits (the staff module checks the caller works there). Diners read the menu instead.
 */
export async function listAllProducts(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
): Promise<ProductWithVisibility[]> {
  const restaurant = await restaurantRepository(ctx.db).findBasics(restaurantId);
  if (!restaurant) throw AppError.notFound('Restaurant');
  const rows = await productRepository(ctx.db).listByRestaurant(restaurantId);
  return rows.map((row) => withVisibility(row, restaurant.currency));
}
