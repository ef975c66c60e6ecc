/**
 * The flags members act on (docs/product.md#reservation-states): `requestedAssistance` (call the
 * waiter; set and clear) and `orders_ready_notification` (the kitchen sets it; a member clears it).
 * Idempotent: setting a flag that is already set changes nothing and publishes nothing. A waiter
 * is called only while the reservation is happening (docs/product.md#calling-a-waiter): from 15
 * minutes before its start (409 ASSISTANCE_NOT_YET before that, with `details.opensAt`) to its end.
 */
import type { Reservation } from '@comensal/contracts';
import { assistanceOpensAt, assistanceState } from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertCurrent, assertMember, findReservationOrThrow, memberIds, readReservation } from './access.ts';
import { publishReservationEvent, RESERVATION_EVENTS } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

type Flag = 'requestedAssistance' | 'ordersReadyNotification';

async function setFlag(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  flag: Flag,
  value: boolean,
): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    await assertMember(ctx, row, diner, tx);
    // calling for assistance needs a reservation that is on now; clearing a flag is always fine
    if (value) {
      assertCurrent(row, ctx.now());
      if (flag === 'requestedAssistance') assertAssistanceOpen(row, ctx.now());
    }
    if (row[flag] === value) return;
    await repository.update(id, { [flag]: value }, tx);
    const event =
      flag === 'requestedAssistance' ? RESERVATION_EVENTS.assistanceChanged : RESERVATION_EVENTS.readyChanged;
    await publishReservationEvent(ctx, tx, event, id, await memberIds(ctx, id, tx));
  });
  return readReservation(ctx, id);
}

/** 409 ASSISTANCE_NOT_YET before the window opens (its end is RESERVATION_CLOSED's). */
function assertAssistanceOpen(row: { status: string; startsAt: Date; endsAt: Date }, now: Date): void {
  const reservation = { status: row.status, time: { start: row.startsAt, end: row.endsAt } };
  if (assistanceState(reservation, now) !== 'not_yet') return;
  const opensAt = new Date(assistanceOpensAt(reservation)).toISOString();
  throw new AppError('ASSISTANCE_NOT_YET', `A waiter can be called from ${opensAt}`, { opensAt });
}

export const requestAssistance = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'requestedAssistance', true);

export const clearAssistance = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'requestedAssistance', false);

export const clearOrdersReadyNotification = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'ordersReadyNotification', false);
