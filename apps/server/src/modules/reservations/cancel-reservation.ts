import type { Reservation } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import {
  assertCreator,
  findReservationOrThrow,
  memberIds,
  readReservation,
  reservationClosed,
} from './access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import {
  publishAvailabilityChanged,
  publishReservationEvent,
  publishToInvitees,
  publishToRequesters,
  RESERVATION_EVENTS,
} from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

/**
 * The creator cancels: status `cancelled` (the table is free again at once: the exclusion
 * constraint ignores cancelled rows). Idempotent: cancelling again answers the same. A
 * reservation that is already over cannot be cancelled (409 RESERVATION_CLOSED).
 */
export async function cancelReservation(ctx: RequestContext, diner: Diner, id: string): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    assertCreator(row, diner);
    if (row.status === 'cancelled') return;
    if (row.endsAt.getTime() <= now.getTime()) throw reservationClosed();
    await repository.update(id, { status: 'cancelled' }, tx);
    await publishReservationEvent(ctx, tx, RESERVATION_EVENTS.cancelled, id, await memberIds(ctx, id, tx));
    if (row.kind === 'table') await publishAvailabilityChanged(ctx, tx, row.restaurantId);
    // pending invitations of it leave the invitees' "current" lists
    const invitees = await repository.listPendingInviteeIds(id, tx);
    await publishToInvitees(ctx, tx, RESERVATION_EVENTS.cancelled, id, invitees);
    // diners waiting for an answer to their request to join learn it is gone
    const requesters = await joinRequestRepository(ctx.db).listPendingRequesterIds(id, tx);
    await publishToRequesters(ctx, tx, RESERVATION_EVENTS.cancelled, id, requesters);
  });
  return readReservation(ctx, id);
}
