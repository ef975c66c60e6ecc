import type { Order } from '@comensal/contracts';
import { summarizeBill } from '@comensal/domain';
import type { RequestContext } from '../../lib/context.ts';
import { toBillLine, toOrder } from './mappers.ts';
import { orderRepository } from './orders-repository.ts';

export interface StaffOrders {
  orders: Order[];
  totals: { totalMinor: number; paidMinor: number; pendingMinor: number; dueMinor: number };
}

/**
 * Each table's orders and what it owes, as the restaurant's staff read them on the board (the
 * staff module checked the caller works at the restaurant), in one read for all `reservationIds`:
 * every line, oldest first, none editable by staff; totals by the domain's `summarizeBill`.
 */
export async function ordersForStaff(
  ctx: Pick<RequestContext, 'db'>,
  reservationIds: string[],
  currency: Order['currency'],
): Promise<Map<string, StaffOrders>> {
  const rows = await orderRepository(ctx.db).listLinesOf(reservationIds);
  const answer = new Map<string, StaffOrders>();
  for (const id of reservationIds) {
    const lines = rows.filter((row) => row.reservationId === id);
    const { totalMinor, paidMinor, pendingMinor, dueMinor } = summarizeBill(lines.map(toBillLine)).table;
    answer.set(id, {
      // no viewer: staff write no line, so none is editable by them
      orders: lines.map((row) => toOrder(row, currency, '')),
      totals: { totalMinor, paidMinor, pendingMinor, dueMinor },
    });
  }
  return answer;
}
