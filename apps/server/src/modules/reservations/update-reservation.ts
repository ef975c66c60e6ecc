import type { Reservation, UpdateReservationInput } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { refreshClientRecordEntries } from './save-client-record.ts';
import {
  assertCreator,
  assertCurrent,
  findReservationOrThrow,
  memberIds,
  readReservation,
} from './access.ts';
import { checkBookingRequest, checkHeldReservations, takeBookingToken } from './booking-limits.ts';
import { checkTable } from './create-reservation.ts';
import {
  publishAvailabilityChanged,
  publishReservationEvent,
  publishToInvitees,
  RESERVATION_EVENTS,
} from './reservation-events.ts';
import { reservationRepository, type ReservationChanges } from './reservation-repository.ts';
import { localSlot, resolveSlot, ruleViolation } from './slot.ts';

const BOOKING_FIELDS = ['date', 'startAt', 'duration', 'quantity', 'table'] as const;

/**
 * The creator changes date, start, duration (which moves the end), party size, comments or the
 * table, under the same rules as creation (the booking limits too, booking-limits.ts); a clash is
 * 409 TABLE_TAKEN and changes nothing.
 * The row is locked for the transaction, so concurrent changes apply one after the other.
 */
export async function updateReservation(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  input: UpdateReservationInput,
): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  const now = ctx.now();
  // moving a reservation or changing its party or table counts as a booking attempt (comments do not)
  const isBookingChange = BOOKING_FIELDS.some((field) => input[field] !== undefined);
  if (isBookingChange) await takeBookingToken(ctx, diner);
  await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    assertCreator(row, diner);
    assertCurrent(row, now);
    const restaurant = await repository.findRestaurant(row.restaurantId, tx);
    if (!restaurant) throw AppError.notFound('Restaurant');

    const changes: ReservationChanges = {};
    const current = localSlot(row.startsAt, row.endsAt, restaurant.timeZone);
    const slot = {
      date: input.date ?? current.date,
      startAt: input.startAt ?? current.startAt,
      duration: input.duration ?? current.duration,
    };
    const isMoved =
      slot.date !== current.date || slot.startAt !== current.startAt || slot.duration !== current.duration;
    let startsAt = row.startsAt;
    if (isMoved) {
      const isSameStart = slot.date === current.date && slot.startAt === current.startAt;
      // extending a reservation that already started is fine; moving it into the past is not
      const { start, end } = resolveSlot(restaurant, slot, now, { allowPastStart: isSameStart });
      changes.startsAt = isSameStart ? row.startsAt : start;
      changes.endsAt = isSameStart ? new Date(row.startsAt.getTime() + slot.duration * 60_000) : end;
      startsAt = changes.startsAt;
    }

    const quantity = input.quantity ?? row.quantity;
    if (input.quantity !== undefined) changes.quantity = input.quantity;
    if (input.comments !== undefined) changes.comments = input.comments ? input.comments : null;

    let tableNumber = row.tableNumber;
    if (input.table !== undefined && row.kind !== 'table') {
      throw ruleViolation('KIND_CONFLICT', 'A pickup or delivery has no table');
    }
    if (input.table === null) {
      changes.roomId = null;
      changes.tableId = null;
      tableNumber = null;
    } else if (input.table) {
      const table = await checkTable(ctx, row.restaurantId, input.table, quantity);
      changes.roomId = table.roomId;
      changes.tableId = table.tableId;
      tableNumber = table.number;
    } else if (row.tableSeats !== null && quantity > row.tableSeats) {
      throw ruleViolation('TABLE_TOO_SMALL', `The table seats ${row.tableSeats}; choose a larger one`);
    }

    const endsAt = changes.endsAt ?? row.endsAt;
    if (isMoved || input.quantity !== undefined) {
      checkBookingRequest(restaurant.limits, { start: startsAt, quantity, kind: row.kind }, now);
    }
    if (isMoved) {
      await checkHeldReservations(
        ctx,
        tx,
        diner,
        restaurant.limits,
        { id, restaurantId: row.restaurantId, time: { start: startsAt, end: endsAt } },
        now,
      );
    }

    await repository.update(id, changes, tx);
    if (changes.startsAt !== undefined || changes.tableId !== undefined) {
      await refreshClientRecordEntries(ctx, tx, id, { date: startsAt, tableNumber });
    }
    await publishReservationEvent(ctx, tx, RESERVATION_EVENTS.updated, id, await memberIds(ctx, id, tx));
    if (row.kind === 'table') await publishAvailabilityChanged(ctx, tx, row.restaurantId);
    // pending invitations show the date and time too
    await publishToInvitees(
      ctx,
      tx,
      RESERVATION_EVENTS.updated,
      id,
      await repository.listPendingInviteeIds(id, tx),
    );
  });
  return readReservation(ctx, id);
}
