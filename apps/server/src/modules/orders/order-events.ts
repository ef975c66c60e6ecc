/**
 * Live events of the table's order (contracts ORDER_EVENTS) on `reservation:<id>` — the members'
 * topic the reservations module registers: `order.created`, `order.updated`, `order.deleted` with
 * `{ reservationId, orderIds }`, once per write, published inside its transaction so it leaves
 * after the commit and never on a rollback. Ids only: members refetch the orders and the total.
 * The restaurant's staff get the same as `staff.orders_changed` on `restaurant-staff:<id>`.
 */
import {
  ORDER_EVENTS,
  reservationTopic,
  STAFF_EVENTS,
  staffTopic,
  type OrderEvent,
  type StaffEventData,
} from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

const ORDER_CHANGES: Record<OrderEvent, NonNullable<StaffEventData['orderChange']>> = {
  [ORDER_EVENTS.created]: 'created',
  [ORDER_EVENTS.updated]: 'updated',
  [ORDER_EVENTS.deleted]: 'deleted',
};

export async function publishOrderEvent(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  event: OrderEvent,
  reservation: { id: string; restaurantId: string },
  orderIds: string[],
): Promise<void> {
  const reservationId = reservation.id;
  await ctx.live.publish(
    { channel: reservationTopic(reservationId), event, data: { reservationId, orderIds } },
    tx,
  );
  const data: StaffEventData = {
    restaurantId: reservation.restaurantId,
    reservationId,
    orderIds,
    orderChange: ORDER_CHANGES[event],
  };
  await ctx.live.publish(
    { channel: staffTopic(reservation.restaurantId), event: STAFF_EVENTS.ordersChanged, data },
    tx,
  );
}
