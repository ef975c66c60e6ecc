/**
 * What the staff board reads of reservations (docs/product.md#staff-console): a restaurant's
 * reservations of one local date, and its tables. Who may read them is the staff module's check.
 */
import type { Reservation } from '@comensal/contracts';
import type { RequestContext } from '../../lib/context.ts';
import { toReservation } from './mappers.ts';
import { reservationRepository, type TableRow } from './reservation-repository.ts';

/** The reservations starting in [start, end) at the restaurant, by room, table and start. */
export async function listReservationsStartingBetween(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  restaurantId: string,
  range: { start: Date; end: Date },
): Promise<Reservation[]> {
  const repository = reservationRepository(ctx.db);
  const rows = await repository.listStartingBetween(restaurantId, range);
  const members = await repository.listMembers(rows.map((row) => row.id));
  const now = ctx.now();
  return rows.map((row) => toReservation(row, members, now));
}

/** Every table of the restaurant, by room order and number. */
export function listRestaurantTables(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
): Promise<TableRow[]> {
  return reservationRepository(ctx.db).listTables(restaurantId, 0);
}
