import type { Product } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { UseCaseContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { findRestaurantOrThrow } from './find-restaurant.ts';
import { visibleAt } from './get-menu.ts';
import { toProduct } from './mappers.ts';
import { productRepository } from './product-repository.ts';

/** One product of the restaurant's menu, only while it is visible (else NOT_FOUND). */
export async function getProduct(
  ctx: UseCaseContext,
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
