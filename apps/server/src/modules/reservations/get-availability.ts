import type { Availability, AvailabilityQuery } from '@comensal/contracts';
import { DEFAULT_DURATION, DEFAULT_QUANTITY } from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RequestContext } from '../../lib/context.ts';
import { reservationRepository } from './reservation-repository.ts';
import { analyzeSlot } from './slot.ts';

/**
 * Which tables fit the party (seats ≥ quantity) and are free for the slot, plus the durations
 * the opening window leaves from `startAt`. `free` reads the very rows the exclusion constraint
 * compares (active reservations holding a table, overlapping half-open ranges), so a table shown
 * free is one the constraint would accept now. A slot that cannot be booked (closed, too long,
 * past) lists every table as not free, with the reason.
 */
export async function getAvailability(
  ctx: RequestContext,
  restaurantId: string,
  query: AvailabilityQuery,
): Promise<Availability> {
  const repository = reservationRepository(ctx.db);
  const restaurant = isUuid(restaurantId) ? await repository.findRestaurant(restaurantId) : null;
  if (!restaurant) throw AppError.notFound('Restaurant');
  const duration = query.duration ?? DEFAULT_DURATION;
  const quantity = query.quantity ?? DEFAULT_QUANTITY;
  const slot = analyzeSlot(restaurant, { date: query.date, startAt: query.startAt, duration }, ctx.now());
  const tables = await repository.listTablesWithFreedom(
    restaurant.id,
    quantity,
    slot.problem ? null : { start: slot.start, end: slot.end },
  );
  return {
    restaurantId: restaurant.id,
    date: query.date,
    startAt: query.startAt,
    duration,
    quantity,
    time: { start: slot.start.toISOString(), end: slot.end.toISOString() },
    durations: slot.durations,
    unavailableReason: slot.problem,
    tables: tables.map((table) => ({
      roomId: table.roomId,
      room: table.roomName,
      tableId: table.tableId,
      number: table.number,
      seats: table.seats,
      free: table.free,
    })),
  };
}
