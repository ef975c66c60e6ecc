/**
 * Who may touch a table's order (docs/product.md#roles-and-permissions): its members read it and
 * order (anonymous 401 is the route's; a non-member 403; an unknown or malformed reservation 404);
 * orders are written from the reservation's creation until it ends (cancelled or over: 409
 * RESERVATION_CLOSED); a line is changed or deleted by its author only (403), never the delivery
 * line (403), never once anything of it is paid or held by a payment (409 ORDER_PAID).
 */
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  assertCurrent,
  assertMember,
  findReservationOrThrow,
  type ReservationRow,
} from '../reservations/index.ts';

export { readableReservation } from '../reservations/index.ts';
import { releaseExpiredHolds } from '../payments/index.ts';
import type { OrderLineRow, OrderRepository } from './orders-repository.ts';

/**
 * The reservation, to a member, open for orders; its row stays locked until `tx` ends, so the
 * table's order changes one after the other and never after a cancellation committed. Payment
 * holds that ran out are released first, so a dish a forgotten payment held can change again.
 */
export async function writableReservation(
  ctx: Pick<RequestContext, 'db' | 'now' | 'live'>,
  diner: Diner,
  reservationId: string,
  tx: DbExecutor,
): Promise<ReservationRow> {
  const reservation = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
  await assertMember(ctx, reservation, diner, tx);
  assertCurrent(reservation, ctx.now());
  await releaseExpiredHolds(ctx, reservation.id, tx);
  return reservation;
}

/** The diner's own unpaid dish line, locked until `tx` ends. */
export async function editableLine(
  repository: OrderRepository,
  diner: Diner,
  reservationId: string,
  orderId: string,
  tx: DbExecutor,
): Promise<OrderLineRow> {
  const line = isUuid(orderId) ? await repository.lockLine(reservationId, orderId, tx) : null;
  if (!line) throw AppError.notFound('Order');
  if (line.kind !== 'item' || line.productId === null) {
    throw new AppError(
      'FORBIDDEN',
      'The delivery price is part of the reservation; it cannot be changed here',
    );
  }
  if (line.userId !== diner.userId) throw new AppError('FORBIDDEN', 'Only who ordered a dish may change it');
  if (line.allocatedMinor > 0) {
    throw new AppError('ORDER_PAID', 'This dish is paid or being paid; it can no longer change');
  }
  return line;
}
