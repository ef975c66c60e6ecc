import type { Reservation } from '@comensal/contracts';
import type { Tx } from '../../db/client.ts';
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
import { reservationRepository, type ReservationRow } from './reservation-repository.ts';

/**
 * The creator cancels: status `cancelled` (the table is free again at once: the exclusion
 * constraint ignores cancelled rows). Idempotent: cancelling again answers the same. A
 * reservation that is already over cannot be cancelled (409 RESERVATION_CLOSED).
 */
export async function cancelReservation(ctx: RequestContext, diner: Diner, id: string): Promise<Reservation> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    assertCreator(row, diner);
    if (row.status === 'cancelled') return;
    if (row.endsAt.getTime() <= now.getTime()) throw reservationClosed();
    await cancelLocked(ctx, tx, row);
  });
  return readReservation(ctx, id);
}

/**
 * Cancels a reservation whose row the caller's transaction has locked, and tells its members,
 * its pending invitees and the diners asking to join (the events leave on commit).
 */
async function cancelLocked(ctx: RequestContext, tx: Tx, row: ReservationRow): Promise<void> {
  const id = row.id;
  await reservationRepository(ctx.db).update(id, { status: 'cancelled' }, tx);
  await publishReservationEvent(ctx, tx, RESERVATION_EVENTS.cancelled, id, await memberIds(ctx, id, tx));
  if (row.kind === 'table') await publishAvailabilityChanged(ctx, tx, row.restaurantId);
  // pending invitations of it leave the invitees' "current" lists
  const invitees = await reservationRepository(ctx.db).listPendingInviteeIds(id, tx);
  await publishToInvitees(ctx, tx, RESERVATION_EVENTS.cancelled, id, invitees);
  // diners waiting for an answer to their request to join learn it is gone
  const requesters = await joinRequestRepository(ctx.db).listPendingRequesterIds(id, tx);
  await publishToRequesters(ctx, tx, RESERVATION_EVENTS.cancelled, id, requesters);
}

/**
 * The account of the creator is being deleted (docs/privacy.md#deletion), in the caller's
 * transaction: every reservation of theirs that has not started yet and is still confirmed is
 * cancelled as if they had cancelled it. Answers how many.
 */
export async function cancelUpcomingOf(ctx: RequestContext, tx: Tx, creatorId: string): Promise<number> {
  const ids = await reservationRepository(ctx.db).listUpcomingConfirmedIdsOf(creatorId, ctx.now(), tx);
  let cancelled = 0;
  for (const id of ids) {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    if (row.status !== 'confirmed' || row.startsAt.getTime() <= ctx.now().getTime()) continue;
    await cancelLocked(ctx, tx, row);
    cancelled += 1;
  }
  return cancelled;
}
