import { JOIN_REQUEST_EVENTS, type JoinRequest } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findReservationOrThrow } from './access.ts';
import { findJoinRequestOrThrow, joinRequestAnswered, readJoinRequest } from './join-request-access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import { publishJoinRequestEvent } from './reservation-events.ts';

/**
 * The requester withdraws their pending request (idempotent: a cancelled one answers as it is);
 * one a member answered already is 409 JOIN_REQUEST_ANSWERED. The members get `join.cancelled`.
 */
export async function cancelJoinRequest(ctx: RequestContext, diner: Diner, id: string): Promise<JoinRequest> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const { reservationId, userId } = await findJoinRequestOrThrow(ctx, id, tx);
    if (userId !== diner.userId) throw new AppError('FORBIDDEN', 'Only the person who asked may withdraw it');
    await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    const request = await findJoinRequestOrThrow(ctx, id, tx);
    if (request.status === 'cancelled') return;
    if (request.status !== 'pending') throw joinRequestAnswered();
    const closed = await joinRequestRepository(ctx.db).close(
      id,
      { status: 'cancelled', answeredBy: null, answeredAt: now },
      tx,
    );
    if (!closed) throw joinRequestAnswered();
    await publishJoinRequestEvent(
      ctx,
      tx,
      JOIN_REQUEST_EVENTS.cancelled,
      { joinRequestId: id, reservationId, status: 'cancelled' },
      null,
    );
  });
  return readJoinRequest(ctx, id);
}
