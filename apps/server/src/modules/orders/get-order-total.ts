import type { OrderTotal } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { paymentOptionsOf, releaseExpiredHoldsNow } from '../payments/index.ts';
import { toOrderTotal } from './mappers.ts';
import { readableReservation } from './order-access.ts';
import { orderRepository } from './orders-repository.ts';

/**
 * The table's bill and each diner's part: paid, pending, due and held, with how the table can pay
 * (members only). Payment holds that ran out are released first.
 */
export async function getOrderTotal(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<OrderTotal> {
  const reservation = await readableReservation(ctx, diner, reservationId);
  await releaseExpiredHoldsNow(ctx, reservation.id);
  const rows = await orderRepository(ctx.db).listLines(reservation.id);
  const options = await paymentOptionsOf(ctx, reservation.restaurantId);
  return toOrderTotal(reservation.id, reservation.restaurant.currency, rows, options);
}
