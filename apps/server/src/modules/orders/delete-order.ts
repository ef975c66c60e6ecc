import { ORDER_EVENTS } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { editableLine, writableReservation } from './order-access.ts';
import { publishOrderEvent } from './order-events.ts';
import { orderRepository } from './orders-repository.ts';
import { changePoints, changeStock } from './stock-and-points.ts';

/**
 * The author deletes their unpaid dish: its stock goes back (a dish that counts it returns to the
 * menus) and so do the points it spent, in one transaction; `order.deleted` on commit.
 */
export async function deleteOrder(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  orderId: string,
): Promise<void> {
  const repository = orderRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const reservation = await writableReservation(ctx, diner, reservationId, tx);
    const { restaurantId } = reservation;
    const line = await editableLine(repository, diner, reservation.id, orderId, tx);
    const where = { productId: line.productId! };
    await repository.deleteLine(line.id, tx);
    await changeStock(ctx, repository, tx, restaurantId, [
      { productId: where.productId, quantity: -line.quantity, where },
    ]);
    await changePoints(repository, tx, { userId: line.userId, restaurantId }, -line.pointsSpent, where);
    await publishOrderEvent(ctx, tx, ORDER_EVENTS.deleted, reservation, [line.id]);
  });
}
