import type { Reservation, WalkInInput } from '@comensal/contracts';
import { DEFAULT_DURATION } from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findRestaurantOrThrow } from './access.ts';
import { checkTable, createReservation } from './create-reservation.ts';
import { nowSlot } from './slot.ts';
import { tableNow } from './table-now.ts';

/**
 * A walk-in (docs/product.md#table-links): a table reservation of the caller at a free table,
 * starting at the current minute in the restaurant's zone, for `duration` (default: 60 minutes, or
 * the longest that ends by closing time and by the table's next reservation). Made by
 * createReservation with the same rules (opening hours, seats, the clash constraint: two diners
 * tapping at once get one reservation and one 409 TABLE_TAKEN); a table a current reservation
 * holds is 409 TABLE_TAKEN too (its diner asks to join instead).
 */
export async function startWalkIn(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  input: WalkInInput,
): Promise<Reservation> {
  const restaurant = await findRestaurantOrThrow(ctx, restaurantId);
  const table = await checkTable(ctx, restaurant.id, input, input.quantity);
  const now = ctx.now();
  const { current, walkIn } = await tableNow(ctx, restaurant, table, now);
  if (current) {
    throw new AppError('TABLE_TAKEN', 'A reservation holds this table now: ask its members to let you in');
  }
  const duration = input.duration ?? walkIn.defaultDuration ?? DEFAULT_DURATION;
  return createReservation(
    ctx,
    diner,
    {
      restaurantId: restaurant.id,
      ...nowSlot(restaurant, now, duration),
      quantity: input.quantity,
      table: { roomId: table.roomId, tableId: table.tableId },
    },
    { startsNow: true },
  );
}
