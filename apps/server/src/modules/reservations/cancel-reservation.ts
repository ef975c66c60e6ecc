import type { Reservation } from '@comensal/contracts';
import {
  assertCreator,
  findReservationOrThrow,
  memberIds,
  readReservation,
  reservationClosed,
} from './access.ts';
import type { Caller } from './caller.ts';
import type { ReservationsContext } from './context.ts';
import { publishReservationEvent, publishToInvitees, RESERVATION_EVENTS } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

/**
 * The creator cancels: status `cancelled` (the table is free again at once: the exclusion
 * constraint ignores cancelled rows). Idempotent: cancelling again answers the same. A
 * reservation that is already over cannot be cancelled (409 RESERVATION_CLOSED).
 */
export async function cancelReservation(
  ctx: ReservationsContext,
  caller: Caller,
  id: string,
): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  const now = ctx.now();
  await repository.transaction(async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    assertCreator(row, caller);
    if (row.status === 'cancelled') return;
    if (row.endsAt.getTime() <= now.getTime()) throw reservationClosed();
    await repository.update(id, { status: 'cancelled' }, tx);
    await publishReservationEvent(tx, RESERVATION_EVENTS.cancelled, id, await memberIds(ctx, id, tx));
    // pending invitations of it leave the invitees' "current" lists
    const invitees = await repository.listPendingInviteeIds(id, tx);
    await publishToInvitees(tx, RESERVATION_EVENTS.cancelled, id, invitees);
  });
  return readReservation(ctx, id);
}
