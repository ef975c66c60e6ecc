import type { Availability, AvailabilityQuery } from '@comensal/contracts';
import {
  DEFAULT_DURATION,
  DEFAULT_QUANTITY,
  markFreeTables,
  nextFreeSlot,
  type TableRef,
} from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertCreator, findReservationOrThrow, findRestaurantOrThrow, notCreator } from './access.ts';
import { reservationRepository, type BookingRestaurantRow } from './reservation-repository.ts';
import { analyzeSlot } from './slot.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Which tables fit the party (seats ≥ quantity) and are free for the slot, plus the durations
 * the opening window leaves from `startAt`. `free` is the domain's clash rule (markFreeTables:
 * the same table, not cancelled, overlapping half-open ranges) over the restaurant's table
 * reservations under way during the slot; the database's exclusion constraint applies the same
 * rule, and stays the guard when a reservation is written. A slot
 * that cannot be booked (closed, too long, past) lists every table as not free, with the reason.
 * With `reservationId` (its creator, modifying it), that reservation's own hold is left out: its
 * table is free unless someone else holds it.
 * `nextFree` is the asked slot when a table is free then, else the domain's `nextFreeSlot` from
 * the asked start (or now, if later) to the end of the booking horizon (the reservation being
 * modified left out there too).
 */
export async function getAvailability(
  ctx: RequestContext,
  diner: Diner | null,
  restaurantId: string,
  query: AvailabilityQuery,
): Promise<Availability> {
  const repository = reservationRepository(ctx.db);
  const restaurant = await findRestaurantOrThrow(ctx, restaurantId);
  const own =
    query.reservationId === undefined ? null : await ownReservation(ctx, diner, query.reservationId);
  if (own !== null && own.restaurantId !== restaurant.id) throw AppError.notFound('Reservation');
  const duration = query.duration ?? DEFAULT_DURATION;
  const quantity = query.quantity ?? DEFAULT_QUANTITY;
  const slot = analyzeSlot(restaurant, { date: query.date, startAt: query.startAt, duration }, ctx.now());
  const time = { start: slot.start, end: slot.end };
  const tables = await repository.listTables(restaurant.id, quantity);
  const marked = slot.problem
    ? tables.map((table) => ({ ...table, free: false }))
    : markFreeTables(
        tables,
        time,
        (await repository.listTableReservationsDuring(restaurant.id, time)).filter(
          (hold) => hold.id !== own?.id,
        ),
      );
  const nextFree = marked.some((table) => table.free)
    ? withinHorizon(restaurant, slot.start, ctx.now())
      ? { date: query.date, startAt: query.startAt }
      : null
    : await findNextFree(ctx, restaurant, tables, slot.start, duration, own?.id);
  return {
    restaurantId: restaurant.id,
    date: query.date,
    startAt: query.startAt,
    duration,
    quantity,
    time: { start: slot.start.toISOString(), end: slot.end.toISOString() },
    durations: slot.durations,
    unavailableReason: slot.problem,
    tables: marked.map((table) => ({
      roomId: table.roomId,
      room: table.roomName,
      tableId: table.tableId,
      number: table.number,
      seats: table.seats,
      free: table.free,
    })),
    nextFree,
  };
}

/**
 * The reservation being modified: 404 unknown, 403 for anyone but its creator (nobody signed in
 * included: the slot itself stays public).
 */
async function ownReservation(ctx: RequestContext, diner: Diner | null, id: string) {
  const reservation = await findReservationOrThrow(ctx, id);
  if (!diner) throw notCreator();
  assertCreator(reservation, diner);
  return reservation;
}

function withinHorizon(restaurant: BookingRestaurantRow, start: Date, now: Date): boolean {
  return start.getTime() <= now.getTime() + restaurant.limits.horizonDays * DAY_MS;
}

/**
 * The domain's `nextFreeSlot` from the asked start (or now, if later) to the end of the booking
 * horizon, over the tables that seat the party and the reservations at them in that time.
 */
async function findNextFree(
  ctx: RequestContext,
  restaurant: BookingRestaurantRow,
  tables: readonly TableRef[],
  asked: Date,
  duration: number,
  ownId: string | undefined,
): Promise<Availability['nextFree']> {
  const now = ctx.now();
  const from = new Date(Math.max(asked.getTime(), now.getTime()));
  const until = new Date(now.getTime() + restaurant.limits.horizonDays * DAY_MS);
  if (tables.length === 0 || from.getTime() > until.getTime()) return null;
  const reservations = (
    await reservationRepository(ctx.db).listTableReservationsDuring(restaurant.id, {
      start: from,
      end: new Date(until.getTime() + duration * MINUTE_MS),
    })
  ).filter((hold) => hold.id !== ownId);
  const found = nextFreeSlot({
    hours: restaurant.openingHours,
    timeZone: restaurant.timeZone,
    from,
    until,
    duration,
    tables,
    reservations,
  });
  return found && { date: found.date, startAt: found.startAt };
}
