import {
  JOIN_REQUEST_EVENTS,
  MAX_JOIN_REQUESTS_PER_DINER,
  MAX_PENDING_JOIN_REQUESTS,
  type JoinRequest,
} from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findReservationOrThrow } from './access.ts';
import { joinClosedReason, readJoinRequest } from './join-request-access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import { publishJoinRequestEvent } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';

const limitReached = (message: string) => new AppError('CONFLICT', message, { reason: 'JOIN_REQUEST_LIMIT' });

/**
 * A diner who is not a member asks to join a reservation found through its table's link, while it
 * is the table's current one. Asking again while a request is pending answers that request
 * (`created: false`); under the reservation's row lock and the unique index of pending requests,
 * simultaneous asks leave one row. The members get `join.requested`.
 */
export async function createJoinRequest(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<{ request: JoinRequest; created: boolean }> {
  const joinRequests = joinRequestRepository(ctx.db);
  const now = ctx.now();
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const reservation = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    if (await reservationRepository(ctx.db).isMember(reservation.id, diner.userId, tx)) {
      throw new AppError('ALREADY_MEMBER', 'You are already in this reservation');
    }
    const closed = joinClosedReason(reservation, now);
    if (closed) {
      throw new AppError('RESERVATION_CLOSED', 'This reservation cannot be joined now', { reason: closed });
    }
    const pending = await joinRequests.findPendingId(reservation.id, diner.userId, tx);
    if (pending) return { id: pending, created: false };
    if ((await joinRequests.countForDiner(reservation.id, diner.userId, tx)) >= MAX_JOIN_REQUESTS_PER_DINER) {
      throw limitReached(`You may ask to join this reservation ${MAX_JOIN_REQUESTS_PER_DINER} times at most`);
    }
    if ((await joinRequests.countPending(reservation.id, tx)) >= MAX_PENDING_JOIN_REQUESTS) {
      throw limitReached('This reservation has too many requests waiting for an answer');
    }
    const id = await joinRequests.insertPending(
      { reservationId: reservation.id, userId: diner.userId, createdAt: now },
      tx,
    );
    if (!id) {
      // a pending request appeared after all (the unique index said so): answer that one
      const existing = await joinRequests.findPendingId(reservation.id, diner.userId, tx);
      if (!existing) throw new Error('join request neither inserted nor found');
      return { id: existing, created: false };
    }
    await publishJoinRequestEvent(
      ctx,
      tx,
      JOIN_REQUEST_EVENTS.requested,
      { joinRequestId: id, reservationId: reservation.id, status: 'pending' },
      null,
    );
    return { id, created: true };
  });
  return { request: await readJoinRequest(ctx, outcome.id), created: outcome.created };
}
