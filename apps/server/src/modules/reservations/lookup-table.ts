import type { TableLookup, TableLookupQuery } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findRestaurantOrThrow } from './access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import { toTable } from './mappers.ts';
import { reservationRepository } from './reservation-repository.ts';
import { localSlot } from './slot.ts';
import { tableLinkRepository, type TableLink } from './table-link-repository.ts';
import { tableNow } from './table-now.ts';

/** A table number as printed on the link: digits, no leading zero, within PostgreSQL's integer. */
const TABLE_NUMBER = /^(0|[1-9]\d{0,8})$/;

/** The link's table by id or by number, and its room; null when it cannot match any table. */
export function parseTableLink(query: TableLookupQuery): TableLink | null {
  const table = query.table.trim();
  const room = query.room?.trim() ?? null;
  if (room !== null && !isUuid(room)) return null;
  if (isUuid(table)) return { tableId: table, roomId: room };
  if (TABLE_NUMBER.test(table)) return { number: Number(table), roomId: room };
  return null;
}

/**
 * What a table link opens (docs/product.md#table-links): the table; its current reservation, if
 * any — whether the caller is in it and their latest request to join it, never who the members
 * are; and whether a walk-in can start now. 404 for an unknown restaurant or a link that matches
 * no table.
 */
export async function lookupTable(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  query: TableLookupQuery,
): Promise<TableLookup> {
  const reservations = reservationRepository(ctx.db);
  const restaurant = await findRestaurantOrThrow(ctx, restaurantId);
  const link = parseTableLink(query);
  const table = link ? await tableLinkRepository(ctx.db).findTable(restaurant.id, link) : null;
  if (!table) throw AppError.notFound('Table');

  const { current, walkIn } = await tableNow(ctx, restaurant, table, ctx.now());
  let reservation: TableLookup['reservation'] = null;
  if (current) {
    const isMember = await reservations.isMember(current.id, diner.userId);
    reservation = {
      id: current.id,
      isMember,
      ...localSlot(current.time.start, current.time.end, restaurant.timeZone),
      time: { start: current.time.start.toISOString(), end: current.time.end.toISOString() },
      joinRequest: isMember ? null : await joinRequestRepository(ctx.db).findLatest(current.id, diner.userId),
    };
  }
  return { restaurantId: restaurant.id, table: toTable(table), reservation, walkIn };
}
