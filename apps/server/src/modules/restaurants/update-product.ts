import type { Product } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toProduct } from './mappers.ts';
import { publishMenuChanged } from './menu-events.ts';
import { assertSection, parseOrThrow, productFieldsSchema, toProductColumns } from './product-input.ts';
import { productRepository } from './product-repository.ts';
import { restaurantRepository } from './restaurant-repository.ts';

const updateProductInputSchema = productFieldsSchema.partial().strict();

/**
 * Changes a product (price, stock, hidden, schedule…) in one transaction and announces it:
 * `restaurant:<id>:menu` gets `menu.changed` `{ productId }` once the transaction commits (the
 * NOTIFY is part of it), so every open menu refetches within a second.
 *
 * Every write that changes what a menu shows must go through here (or publish the same event):
 * the menu answers are cached per instance until that event arrives.
 */
export async function updateProduct(
  ctx: Pick<RequestContext, 'db' | 'live'>,
  restaurantId: string,
  productId: string,
  input: unknown,
): Promise<Product> {
  const changes = parseOrThrow(updateProductInputSchema, input);
  if (!isUuid(restaurantId)) throw AppError.notFound('Restaurant');
  if (!isUuid(productId)) throw AppError.notFound('Product');
  const restaurants = restaurantRepository(ctx.db);
  const products = productRepository(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const restaurant = await restaurants.findBasics(restaurantId, tx);
    if (!restaurant) throw AppError.notFound('Restaurant');
    assertSection(restaurant.sections, changes.section);
    if (!(await products.lockById(restaurantId, productId, tx))) throw AppError.notFound('Product');
    await products.update(restaurantId, productId, toProductColumns(changes), tx);
    const row = await products.findById(restaurantId, productId, tx);
    if (!row) throw AppError.notFound('Product');
    await publishMenuChanged(ctx, tx, restaurantId, productId);
    return toProduct(row, restaurant.currency);
  });
}
