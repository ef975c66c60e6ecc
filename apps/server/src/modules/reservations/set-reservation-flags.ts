/**
 * The flags members act on (docs/product.md#reservation-states): `requestedAssistance` (call the
 * waiter; set and clear) and `orders_ready_notification` (the kitchen sets it; a member clears it).
 * Idempotent: setting a flag that is already set changes nothing and publishes nothing.
 */
import type { Reservation } from '@comensal/contracts';
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
    // calling for assistance needs a reservation that is still on; clearing a flag is always fine
    if (value) assertCurrent(row, ctx.now());
    if (row[flag] === value) return;
    await repository.update(id, { [flag]: value }, tx);
    const event =
      flag === 'requestedAssistance' ? RESERVATION_EVENTS.assistanceChanged : RESERVATION_EVENTS.readyChanged;
    await publishReservationEvent(ctx, tx, event, id, await memberIds(ctx, id, tx));
  });
  return readReservation(ctx, id);
}

export const requestAssistance = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'requestedAssistance', true);

export const clearAssistance = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'requestedAssistance', false);

export const clearOrdersReadyNotification = (ctx: RequestContext, diner: Diner, id: string) =>
  setFlag(ctx, diner, id, 'ordersReadyNotification', false);
