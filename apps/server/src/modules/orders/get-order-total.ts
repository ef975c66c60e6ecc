import type { OrderTotal } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toOrderTotal } from './mappers.ts';
import { readableReservation } from './order-access.ts';
import { orderRepository } from './orders-repository.ts';

/** The table's total and each diner's part: paid, pending and due (members only). */
export async function getOrderTotal(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<OrderTotal> {
  const reservation = await readableReservation(ctx, diner, reservationId);
  const rows = await orderRepository(ctx.db).listLines(reservation.id);
  return toOrderTotal(reservation.id, reservation.restaurant.currency, rows);
}
