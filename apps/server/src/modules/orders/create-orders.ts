import { ORDER_EVENTS, type CreateOrderInput, type Order } from '@comensal/contracts';
import { localWeekdayAndTime } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toOrder } from './mappers.ts';
import { writableReservation } from './order-access.ts';
import { publishOrderEvent } from './order-events.ts';
import { orderRepository, type NewOrderLine } from './orders-repository.ts';
import { assertOrderable, priceLine } from './price-line.ts';
import { changePoints, changeStock } from './stock-and-points.ts';

/**
 * Sends dishes to the table (one, or a batch of up to 50): one transaction, all or nothing. Each
 * item is checked and priced by the domain's rules (price-line.ts), then the stock of the dishes
 * that count it is taken (product-id order) and the points of the lines paid with points are
 * spent; any refusal names its item (`details.index`) and nothing is written. Members only, while
 * the reservation is open; `order.created` once for the whole batch.
 */
export async function createOrders(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  items: CreateOrderInput[],
): Promise<Order[]> {
  const repository = orderRepository(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const reservation = await writableReservation(ctx, diner, reservationId, tx);
    const { restaurantId } = reservation;
    const moment = localWeekdayAndTime(ctx.now(), reservation.restaurant.timeZone);
    const requested = items.map((item) => ({ ...item, productId: item.productId.toLowerCase() }));
    const products = new Map(
      (
        await repository.findProducts(restaurantId, [...new Set(requested.map((item) => item.productId))], tx)
      ).map((product) => [product.id, product]),
    );

    const lines = requested.map((item, index) => {
      const where = { index, productId: item.productId };
      const product = products.get(item.productId);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found at this restaurant', where);
      assertOrderable(product, moment, where);
      return { item, where, product, price: priceLine(product, item, where) };
    });

    await changeStock(
      ctx,
      repository,
      tx,
      restaurantId,
      lines
        .filter((line) => line.product.preventSaleWithoutStock)
        .map((line) => ({ productId: line.product.id, quantity: line.item.quantity, where: line.where })),
    );
    for (const line of lines) {
      await changePoints(
        repository,
        tx,
        { userId: diner.userId, restaurantId },
        line.price.pointsSpent,
        line.where,
      );
    }

    const rows = await repository.insertLines(
      lines.map(({ item, product, price }): NewOrderLine => ({
        reservationId: reservation.id,
        productId: product.id,
        userId: diner.userId,
        quantity: item.quantity,
        comments: item.comments ? item.comments : null,
        ...price,
      })),
      tx,
    );
    await publishOrderEvent(
      ctx,
      tx,
      ORDER_EVENTS.created,
      reservation,
      rows.map((row) => row.id),
    );
    // the answer from what was written: the products were read above, the author is the caller
    return rows.map((row, index) =>
      toOrder(
        {
          ...row,
          productName: lines[index]!.product.name,
          productImageUrl: lines[index]!.product.imageUrl,
          userName: diner.displayName,
          userPhotoURL: diner.photoURL,
        },
        reservation.restaurant.currency,
        diner.userId,
      ),
    );
  });
}

/** One dish: a batch of one (its refusals carry `details.index` 0). */
export async function createOrder(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  item: CreateOrderInput,
): Promise<Order> {
  const [order] = await createOrders(ctx, diner, reservationId, [item]);
  if (!order) throw new Error('the order was not written');
  return order;
}
