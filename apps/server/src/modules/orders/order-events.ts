/**
 * Live events of the table's order (contracts ORDER_EVENTS) on `reservation:<id>` — the members'
 * topic the reservations module registers: `order.created`, `order.updated`, `order.deleted` with
 * `{ reservationId, orderIds }`, once per write, published inside its transaction so it leaves
 * after the commit and never on a rollback. Ids only: members refetch the orders and the total.
 */
import { reservationTopic, type OrderEvent } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

export async function publishOrderEvent(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  event: OrderEvent,
  reservationId: string,
  orderIds: string[],
): Promise<void> {
  await ctx.live.publish(
    { channel: reservationTopic(reservationId), event, data: { reservationId, orderIds } },
    tx,
  );
}
