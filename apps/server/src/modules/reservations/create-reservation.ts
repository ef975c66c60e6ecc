import type { CreateReservationInput, Reservation, ReservationKind } from '@comensal/contracts';
import { deliveryPrice, haversineMeters } from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { checkBookingRequest, checkHeldReservations, takeBookingToken } from './booking-limits.ts';
import { saveClientRecord } from './save-client-record.ts';
import { readReservation } from './access.ts';
import {
  publishAvailabilityChanged,
  publishReservationEvent,
  RESERVATION_EVENTS,
} from './reservation-events.ts';
import { reservationRepository, type BookingRestaurantRow, type TableRow } from './reservation-repository.ts';
import { resolveSlot, ruleViolation, type SlotOptions } from './slot.ts';

export function kindOf(
  input: Pick<CreateReservationInput, 'table' | 'pickup' | 'delivery'>,
): ReservationKind {
  const kinds = [
    input.table ? 'table' : null,
    input.pickup ? 'pickup' : null,
    input.delivery ? 'delivery' : null,
  ];
  const chosen = kinds.filter((kind) => kind !== null);
  if (chosen.length > 1) {
    throw ruleViolation('KIND_CONFLICT', 'Choose one of a table, pickup or delivery');
  }
  if (input.delivery) return 'delivery';
  if (input.pickup) return 'pickup';
  return 'table';
}

/** The table, checked against the restaurant and the party size. */
export async function checkTable(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  table: { roomId: string; tableId: string },
  quantity: number,
): Promise<TableRow> {
  const row = await reservationRepository(ctx.db).findTable(restaurantId, table.roomId, table.tableId);
  if (!row) throw ruleViolation('UNKNOWN_TABLE', 'That table is not one of this restaurant');
  if (quantity > row.seats) {
    throw ruleViolation('TABLE_TOO_SMALL', `That table seats ${row.seats}; choose a larger one`);
  }
  return row;
}

/**
 * The delivery price (docs/product.md#delivery-price), from the restaurant's settings and the
 * distance.
 */
export function priceDelivery(
  restaurant: BookingRestaurantRow,
  location: { lat: number; lng: number },
): number {
  const settings = restaurant.delivery;
  if (settings.mode === 'none') {
    throw ruleViolation('DELIVERY_NOT_OFFERED', 'This restaurant does not deliver');
  }
  const distance = haversineMeters({ lat: restaurant.lat, lng: restaurant.lng }, location);
  const price = deliveryPrice(settings, distance);
  if (price === null) {
    throw new AppError('DELIVERY_OUT_OF_RANGE', 'That address is outside the delivery area', {
      distanceMeters: Math.round(distance),
    });
  }
  return price;
}

const cleanComments = (comments: string | null | undefined) => (comments ? comments : null);

/**
 * Creates a reservation for the diner: a table (chosen or not), a pickup or a delivery. The
 * creator becomes its first member and a client of the restaurant in the same transaction; a
 * delivery's price becomes the bill's delivery line (its author the creator) in it too. The
 * table-clash rule is the database's exclusion constraint: 409 TABLE_TAKEN under any race. The
 * booking limits (booking-limits.ts) come first: the diner's and the address's booking rate, the
 * restaurant's horizon and party size, and — under the diner's row lock, in the transaction — no
 * overlap with what they hold and no more current reservations there than allowed.
 * `startsNow`: a walk-in, starting at the current minute (slot.ts).
 */
export async function createReservation(
  ctx: RequestContext,
  diner: Diner,
  input: CreateReservationInput,
  options: Pick<SlotOptions, 'startsNow'> = {},
): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  await takeBookingToken(ctx, diner);
  const restaurant = await repository.findRestaurant(input.restaurantId);
  if (!restaurant) throw AppError.notFound('Restaurant');
  const kind = kindOf(input);
  const now = ctx.now();
  const { start, end } = resolveSlot(restaurant, input, now, options);
  checkBookingRequest(restaurant.limits, { start, quantity: input.quantity, kind }, now);

  const table = input.table ? await checkTable(ctx, restaurant.id, input.table, input.quantity) : null;
  if (kind === 'pickup' && !restaurant.pickup) {
    throw ruleViolation('PICKUP_NOT_OFFERED', 'This restaurant does not offer pickup');
  }
  const delivery = input.delivery
    ? {
        address: input.delivery.address,
        priceMinor: priceDelivery(restaurant, input.delivery.address.location),
      }
    : null;

  const id = await inTransaction(ctx.db, async (tx) => {
    await checkHeldReservations(
      ctx,
      tx,
      diner,
      restaurant.limits,
      { restaurantId: restaurant.id, time: { start, end } },
      now,
    );
    const reservationId = await repository.insert(
      {
        restaurantId: restaurant.id,
        roomId: table?.roomId ?? null,
        tableId: table?.tableId ?? null,
        startsAt: start,
        endsAt: end,
        quantity: input.quantity,
        comments: cleanComments(input.comments),
        kind,
        deliveryAddress: delivery?.address ?? null,
        deliveryPriceMinor: delivery?.priceMinor ?? null,
        createdBy: diner.userId,
      },
      tx,
    );
    await repository.addMember(reservationId, diner.userId, tx);
    // the delivery price is a line of the bill, so the totals and the payments need no special case
    if (delivery && delivery.priceMinor > 0) {
      await repository.insertDeliveryLine(
        { reservationId, userId: diner.userId, priceMinor: delivery.priceMinor },
        tx,
      );
    }
    await saveClientRecord(ctx, tx, {
      restaurantId: restaurant.id,
      reservationId,
      userId: diner.userId,
      date: start,
      tableNumber: table?.number ?? null,
      delivery: kind === 'delivery',
      pickup: kind === 'pickup',
    });
    await publishReservationEvent(ctx, tx, RESERVATION_EVENTS.created, reservationId, [diner.userId]);
    if (kind === 'table') await publishAvailabilityChanged(ctx, tx, restaurant.id);
    return reservationId;
  });
  return readReservation(ctx, id);
}
