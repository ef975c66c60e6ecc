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
 * A table's orders and what it owes, as the restaurant's staff read them on the board (the staff
 * module checked the caller works at the restaurant): every line, oldest first, none editable by
 * staff; totals by the domain's `summarizeBill`.
 */
export async function ordersForStaff(
  ctx: Pick<RequestContext, 'db'>,
  reservationId: string,
  currency: Order['currency'],
): Promise<StaffOrders> {
  const rows = await orderRepository(ctx.db).listLines(reservationId);
  const { totalMinor, paidMinor, pendingMinor, dueMinor } = summarizeBill(rows.map(toBillLine)).table;
  return {
    // no viewer: staff write no line, so none is editable by them
    orders: rows.map((row) => toOrder(row, currency, '')),
    totals: { totalMinor, paidMinor, pendingMinor, dueMinor },
  };
}
