/**
 * What an order takes when it is written and gives back when it is deleted (or edited), inside
 * the order's transaction:
 * - **stock**, for products that prevent sales without stock: a guarded UPDATE (`stock >= q`),
 *   so no race oversells; callers take stock in product-id order, so two batches ordering the
 *   same dishes lock them in the same order and never deadlock; each change announces the menu
 *   (`menu.changed`), so a dish that runs out leaves every open menu;
 * - **points** of the diner at the restaurant: a guarded UPDATE (`balance >= cost`), so a
 *   balance never goes below 0 however many redemptions run at once.
 * Refusals (409 OUT_OF_STOCK, NOT_ENOUGH_POINTS) name the item; the transaction then rolls back
 * everything the batch did.
 */
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { publishMenuChanged } from '../restaurants/index.ts';
import type { OrderRepository } from './orders-repository.ts';
import type { ItemRef } from './price-line.ts';

type Ctx = Pick<RequestContext, 'live'>;

export interface StockChange {
  productId: string;
  /** > 0 takes from the stock, < 0 gives back. */
  quantity: number;
  where: ItemRef;
}

const byProductId = (a: StockChange, b: StockChange) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;

/**
 * Applies the stock changes of products that count their stock, in product-id order, then
 * announces each product's menu change.
 * @throws AppError OUT_OF_STOCK (`details.available`) when one cannot be taken.
 */
export async function changeStock(
  ctx: Ctx,
  repository: OrderRepository,
  tx: DbExecutor,
  restaurantId: string,
  changes: StockChange[],
): Promise<void> {
  const touched = new Set<string>();
  for (const change of [...changes].sort(byProductId)) {
    if (change.quantity > 0) {
      if (!(await repository.takeStock(change.productId, change.quantity, tx))) {
        const available = await repository.findStock(change.productId, tx);
        throw new AppError(
          'OUT_OF_STOCK',
          available === 0 ? 'This dish is sold out' : `Only ${available} left of this dish`,
          { ...change.where, available },
        );
      }
      touched.add(change.productId);
    } else if (change.quantity < 0 && (await repository.giveStock(change.productId, -change.quantity, tx))) {
      touched.add(change.productId);
    }
  }
  for (const productId of touched) await publishMenuChanged(ctx, tx, restaurantId, productId);
}

/**
 * Spends (`points` > 0) or gives back (< 0) the diner's points at the restaurant.
 * @throws AppError NOT_ENOUGH_POINTS (`details.balance`, `details.needed`).
 */
export async function changePoints(
  repository: OrderRepository,
  tx: DbExecutor,
  diner: { userId: string; restaurantId: string },
  points: number,
  where: ItemRef,
): Promise<void> {
  if (points < 0) return repository.refundPoints(diner.userId, diner.restaurantId, -points, tx);
  if (points === 0) return;
  if (!(await repository.spendPoints(diner.userId, diner.restaurantId, points, tx))) {
    const balance = await repository.findBalance(diner.userId, diner.restaurantId, tx);
    throw new AppError('NOT_ENOUGH_POINTS', `This needs ${points} points; you have ${balance}`, {
      ...where,
      balance,
      needed: points,
    });
  }
}
