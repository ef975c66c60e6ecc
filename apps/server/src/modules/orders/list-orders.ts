import type { OrderList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { releaseExpiredHoldsNow } from '../payments/index.ts';
import { toOrder } from './mappers.ts';
import { readableReservation } from './order-access.ts';
import { orderRepository } from './orders-repository.ts';

/** Every line of the table's order, oldest first, with who ordered it (members only). */
export async function listOrders(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<OrderList> {
  const reservation = await readableReservation(ctx, diner, reservationId);
  await releaseExpiredHoldsNow(ctx, reservation.id);
  const rows = await orderRepository(ctx.db).listLines(reservation.id);
  return {
    items: rows.map((row) => toOrder(row, reservation.restaurant.currency, diner.userId)),
    nextCursor: null,
  };
}
