/**
 * GET /api/staff/restaurants/:id/board?date=: the reservations starting on a restaurant-local date
 * (today by default) by room, table and start, each with its members, flags, orders, totals and
 * the payments waiting for the restaurant; and every table.
 */
import type { Reservation, StaffBoard, StaffBoardReservation } from '@comensal/contracts';
import { addDays, instantFromLocal, localWeekdayAndTime } from '@comensal/domain';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { ordersForStaff } from '../orders/index.ts';
import {
  listReservationsStartingBetween,
  listRestaurantTables,
  readReservation,
} from '../reservations/index.ts';
import { requireStaff, type StaffCaller } from './staff-access.ts';
import { staffRepository } from './staff-repository.ts';

async function withOrders(
  ctx: Pick<RequestContext, 'db'>,
  caller: StaffCaller,
  reservations: Reservation[],
): Promise<StaffBoardReservation[]> {
  const ids = reservations.map((reservation) => reservation.id);
  const [waiting, orders] = await Promise.all([
    staffRepository(ctx.db).countTransactionsToDecide(ids),
    ordersForStaff(ctx, ids, caller.restaurant.currency),
  ]);
  return reservations.map((reservation) => ({
    ...reservation,
    ...orders.get(reservation.id)!,
    transactionsToDecide: waiting.get(reservation.id) ?? 0,
  }));
}

export async function getBoard(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  date: string | undefined,
): Promise<StaffBoard> {
  const caller = await requireStaff(ctx, diner, restaurantId);
  const { timeZone, currency } = caller.restaurant;
  const day = date ?? localWeekdayAndTime(ctx.now(), timeZone).date;
  const range = {
    start: instantFromLocal(day, '00:00', timeZone),
    end: instantFromLocal(addDays(day, 1), '00:00', timeZone),
  };
  const [reservations, tables] = await Promise.all([
    listReservationsStartingBetween(ctx, restaurantId, range),
    listRestaurantTables(ctx, restaurantId),
  ]);
  return {
    restaurantId,
    date: day,
    timeZone,
    currency,
    tables: tables.map((table) => ({
      roomId: table.roomId,
      room: table.roomName,
      tableId: table.tableId,
      number: table.number,
      seats: table.seats,
    })),
    reservations: await withOrders(ctx, caller, reservations),
  };
}

/** One reservation as the board shows it (after a staff change). */
export async function boardReservation(
  ctx: RequestContext,
  caller: StaffCaller,
  reservationId: string,
): Promise<StaffBoardReservation> {
  const [answer] = await withOrders(ctx, caller, [await readReservation(ctx, reservationId)]);
  return answer!;
}
