import type { Product } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { findRestaurantOrThrow } from './find-restaurant.ts';
import { visibleAt } from './get-menu.ts';
import { toProduct } from './mappers.ts';
import { productRepository } from './product-repository.ts';

/** One product of the restaurant's menu, only while it is visible (else NOT_FOUND). */
export async function getProduct(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  restaurantId: string,
  productId: string,
): Promise<Product> {
  const now = ctx.now();
  const restaurant = await findRestaurantOrThrow(ctx, restaurantId, now);
  const product = isUuid(productId)
    ? await productRepository(ctx.db).findById(restaurant.id, productId)
    : null;
  if (!product || !visibleAt(restaurant, now)(product)) throw AppError.notFound('Product');
  return toProduct(product, restaurant.currency);
}

/** The restaurant's product with this seed key (e2e and scripts name demo products by it), or null. */
export async function findProductIdByKey(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  key: string,
): Promise<string | null> {
  return productRepository(ctx.db).findIdByKey(restaurantId, key);
}
