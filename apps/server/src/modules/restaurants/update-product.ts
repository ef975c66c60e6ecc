import type { Product } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toProduct } from './mappers.ts';
import { publishMenuChanged } from './menu-events.ts';
import { assertSection, parseOrThrow, productFieldsSchema, toProductColumns } from './product-input.ts';
import { productRepository, type ProductRow } from './product-repository.ts';
import { restaurantRepository } from './restaurant-repository.ts';

const updateProductInputSchema = productFieldsSchema.partial().strict();

/** A product as staff see it: the menu's shape, whether it is hidden, its position. */
export type ProductWithVisibility = Product & { hidden: boolean; position: number };

export interface UpdateProductOptions {
  /** Written in the change's transaction (the staff console's audit), with the product before and after. */
  record?: (
    tx: DbExecutor,
    change: { before: ProductWithVisibility; after: ProductWithVisibility },
  ) => Promise<void>;
}

const refuse = (reason: string, field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { reason, field });

/**
 * The rules a product must keep once a change is applied (docs/product.md#staff-console): an
 * amount discount is at most the price; a schedule has both ends, and they differ.
 */
function assertCoherent(product: ProductRow): void {
  if (product.discountType === 'amount' && (product.discount ?? 0) > product.priceMinor) {
    throw refuse('DISCOUNT_EXCEEDS_PRICE', 'discount', 'The discount is more than the price');
  }
  if (product.discountType === 'percent' && (product.discount ?? 0) > 100) {
    throw refuse('DISCOUNT_EXCEEDS_PRICE', 'discount', 'A percent discount is at most 100');
  }
  if ((product.scheduleStart === null) !== (product.scheduleEnd === null)) {
    throw refuse('SCHEDULE_INCOMPLETE', 'scheduleStart', 'A schedule needs both a start and an end');
  }
  if (product.scheduleStart !== null && product.scheduleStart === product.scheduleEnd) {
    throw refuse('SCHEDULE_EMPTY', 'scheduleEnd', 'A schedule cannot start and end at the same time');
  }
}

export const withVisibility = (row: ProductRow, currency: Product['currency']): ProductWithVisibility => ({
  ...toProduct(row, currency),
  hidden: row.hidden,
  position: row.position,
});

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
  options: UpdateProductOptions = {},
): Promise<ProductWithVisibility> {
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
    const before = await products.findById(restaurantId, productId, tx);
    if (!before) throw AppError.notFound('Product');
    const columns = toProductColumns(changes);
    // checked on the product as it would be: nothing is written when it breaks a rule
    assertCoherent({ ...before, ...columns } as ProductRow);
    await products.update(restaurantId, productId, columns, tx);
    const row = await products.findById(restaurantId, productId, tx);
    if (!row) throw AppError.notFound('Product');
    await publishMenuChanged(ctx, tx, restaurantId, productId);
    const after = withVisibility(row, restaurant.currency);
    await options.record?.(tx, { before: withVisibility(before, restaurant.currency), after });
    return after;
  });
}
