import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findReservationOrThrow, memberIds, notMember } from './access.ts';
import { publishReservationEvent, RESERVATION_EVENTS } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

/**
 * A member leaves: removed from the reservation's users (docs/product.md#reservation-states).
 * The creator cannot leave their own reservation (409 CREATOR_CANNOT_LEAVE): they cancel it
 * instead.
 */
export async function leaveReservation(ctx: RequestContext, diner: Diner, id: string): Promise<void> {
  const repository = reservationRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const row = await findReservationOrThrow(ctx, id, { tx, lock: true });
    if (row.createdBy === diner.userId) {
      throw new AppError('CREATOR_CANNOT_LEAVE', 'You made this reservation: cancel it instead of leaving');
    }
    if (!(await repository.removeMember(id, diner.userId, tx))) throw notMember();
    const remaining = await memberIds(ctx, id, tx);
    await publishReservationEvent(ctx, tx, RESERVATION_EVENTS.membersChanged, id, [
      ...remaining,
      diner.userId,
    ]);
  });
}
