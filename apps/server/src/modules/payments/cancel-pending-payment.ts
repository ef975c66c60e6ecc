import { inTransaction } from '../../db/transaction.ts';
import { findReservationOrThrow } from '../reservations/index.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { releaseEntry } from './ledger.ts';
import { ownPendingPayment, paymentClosed, readableReservation } from './payment-access.ts';
import { publishPendingChanged } from './payment-events.ts';
import { paymentRepository } from './payments-repository.ts';
import { releaseExpiredHolds } from './stale-payments.ts';

/**
 * DELETE /api/reservations/:id/pending-payments/:ppId: the payer gives up an open payment; what
 * it held is free again. Again (cancelled, or expired meanwhile): the same answer. A payment under
 * way or paid is 409 PENDING_PAYMENT_CLOSED.
 */
export async function cancelPendingPayment(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  pendingPaymentId: string,
): Promise<void> {
  const repository = paymentRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    const reservation = await readableReservation(ctx, diner, reservationId, tx);
    await releaseExpiredHolds(ctx, reservation.id, tx);
    const entry = await ownPendingPayment(ctx, diner, reservation.id, pendingPaymentId, tx);
    if (entry.status === 'cancelled' || entry.status === 'expired') return;
    if (entry.status !== 'open') throw paymentClosed(entry.status);
    await releaseEntry(repository, entry, 'cancelled', tx);
    await publishPendingChanged(ctx, tx, reservation.id, entry.id);
  });
}
