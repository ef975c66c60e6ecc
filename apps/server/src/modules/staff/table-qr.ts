import type { StaffTableQrList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { listRestaurantTables } from '../reservations/index.ts';
import { requireStaff } from './staff-access.ts';

/**
 * The link each table's QR code carries (docs/product.md#table-links): the restaurant's page at
 * the app's public address with `table` (the printed number) and `room` (the room's id).
 */
export function tableLink(
  publicUrl: string,
  restaurantId: string,
  table: { number: number; roomId: string },
) {
  const url = new URL(`/restaurants/${restaurantId}`, publicUrl);
  url.searchParams.set('table', String(table.number));
  url.searchParams.set('room', table.roomId);
  return url.toString();
}

/** GET /api/staff/restaurants/:id/tables/qr: every table with its link, by room order and number. */
export async function listTableQrCodes(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
): Promise<StaffTableQrList> {
  const caller = await requireStaff(ctx, diner, restaurantId);
  const tables = await listRestaurantTables(ctx, restaurantId);
  return {
    restaurantId,
    restaurantName: caller.restaurant.name,
    items: tables.map((table) => ({
      roomId: table.roomId,
      room: table.roomName,
      tableId: table.tableId,
      number: table.number,
      seats: table.seats,
      url: tableLink(ctx.publicUrl, restaurantId, table),
    })),
  };
}
