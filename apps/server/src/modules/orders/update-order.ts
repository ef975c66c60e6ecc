import { ORDER_EVENTS, type Order, type UpdateOrderInput } from '@comensal/contracts';
import { localWeekdayAndTime } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toOrder } from './mappers.ts';
import { editableLine, writableReservation } from './order-access.ts';
import { publishOrderEvent } from './order-events.ts';
import { orderRepository, type OrderLineChanges } from './orders-repository.ts';
import { assertOrderable, priceLine } from './price-line.ts';
import { changePoints, changeStock } from './stock-and-points.ts';

const sameSelections = (
  a: readonly { preferenceKey: string; optionKey: string; quantity: number }[],
  b: readonly { preferenceKey: string; optionKey: string; quantity: number }[],
) =>
  a.length === b.length &&
  a.every(
    (x, i) =>
      x.preferenceKey === b[i]?.preferenceKey &&
      x.optionKey === b[i]?.optionKey &&
      x.quantity === b[i]?.quantity,
  );

/**
 * The author changes the quantity, comments or choices of their unpaid dish. A new quantity or new
 * choices are priced again from the product as it is now (the line paid with points stays so), the
 * stock and the points follow the difference, and more units or other choices need the dish on
 * the menu now; a comment alone changes only the comment. `order.updated` on commit.
 */
export async function updateOrder(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  orderId: string,
  input: UpdateOrderInput,
): Promise<Order> {
  const repository = orderRepository(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const reservation = await writableReservation(ctx, diner, reservationId, tx);
    const { restaurantId } = reservation;
    const line = await editableLine(repository, diner, reservation.id, orderId, tx);
    const productId = line.productId!;
    const changes: OrderLineChanges = {};
    if (input.comments !== undefined) changes.comments = input.comments ? input.comments : null;

    const quantity = input.quantity ?? line.quantity;
    const selections = input.selections ?? line.preferences;
    const isRechosen = input.selections !== undefined && !sameSelections(input.selections, line.preferences);
    if (quantity !== line.quantity || isRechosen) {
      const where = { productId };
      const [product] = await repository.findProducts(restaurantId, [productId], tx);
      if (!product) throw AppError.notFound('Product');
      if (quantity > line.quantity || isRechosen) {
        assertOrderable(product, localWeekdayAndTime(ctx.now(), reservation.restaurant.timeZone), where);
      }
      const price = priceLine(
        product,
        {
          quantity,
          selections: selections.map(({ preferenceKey, optionKey, quantity: units }) => ({
            preferenceKey,
            optionKey,
            quantity: units,
          })),
          payWithPoints: line.pointsSpent > 0,
        },
        where,
      );
      if (product.preventSaleWithoutStock) {
        await changeStock(ctx, repository, tx, restaurantId, [
          { productId, quantity: quantity - line.quantity, where },
        ]);
      }
      await changePoints(
        repository,
        tx,
        { userId: diner.userId, restaurantId },
        price.pointsSpent - line.pointsSpent,
        where,
      );
      Object.assign(changes, { quantity, ...price });
    }

    // the same quantity and choices again change nothing (and announce nothing)
    if (Object.keys(changes).length === 0)
      return toOrder(line, reservation.restaurant.currency, diner.userId);
    await repository.updateLine(line.id, changes, tx);
    await publishOrderEvent(ctx, tx, ORDER_EVENTS.updated, reservation, [line.id]);
    const [row] = await repository.listLines(reservation.id, tx, [line.id]);
    if (!row) throw AppError.notFound('Order');
    return toOrder(row, reservation.restaurant.currency, diner.userId);
  });
}
