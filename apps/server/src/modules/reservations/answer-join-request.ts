import { JOIN_REQUEST_EVENTS, type JoinRequest } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { addMember } from './add-member.ts';
import { assertCurrent, assertMember, findReservationOrThrow } from './access.ts';
import { findJoinRequestOrThrow, joinRequestAnswered, readJoinRequest } from './join-request-access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import { publishJoinRequestEvent } from './reservation-events.ts';

/**
 * Any member answers a pending request, under the reservation's row lock (so two members
 * answering at once: the first wins, the second gets 409 JOIN_REQUEST_ANSWERED). Accepting needs
 * the reservation current and makes the requester a member in the same transaction (like an
 * accepted invitation: a client of the restaurant, `members.changed`). The members and the
 * requester's own reservations channel get `join.answered`.
 */
async function answerJoinRequest(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  status: 'accepted' | 'rejected',
): Promise<JoinRequest> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const { reservationId } = await findJoinRequestOrThrow(ctx, id, tx);
    const reservation = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    await assertMember(ctx, reservation, diner, tx);
    // read again under the lock: another member may have answered a moment ago
    const request = await findJoinRequestOrThrow(ctx, id, tx);
    if (request.status !== 'pending') throw joinRequestAnswered();
    if (status === 'accepted') assertCurrent(reservation, now);
    const closed = await joinRequestRepository(ctx.db).close(
      id,
      { status, answeredBy: diner.userId, answeredAt: now },
      tx,
    );
    if (!closed) throw joinRequestAnswered();
    await publishJoinRequestEvent(
      ctx,
      tx,
      JOIN_REQUEST_EVENTS.answered,
      { joinRequestId: id, reservationId, status },
      request.userId,
    );
    if (status === 'accepted') await addMember(ctx, tx, reservation, request.userId);
  });
  return readJoinRequest(ctx, id);
}

export const acceptJoinRequest = (ctx: RequestContext, diner: Diner, id: string) =>
  answerJoinRequest(ctx, diner, id, 'accepted');

export const rejectJoinRequest = (ctx: RequestContext, diner: Diner, id: string) =>
  answerJoinRequest(ctx, diner, id, 'rejected');
