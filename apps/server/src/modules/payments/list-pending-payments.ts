import type { PendingPayment, PendingPaymentList } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toPendingPayment } from './mappers.ts';
import { paymentRestaurant, readableReservation } from './payment-access.ts';
import { paymentRepository } from './payments-repository.ts';
import { releaseExpiredHoldsNow } from './stale-payments.ts';

/** One pending payment as the API answers it (with the allocations it holds). */
export async function readPendingPayment(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
  currency: PendingPayment['currency'],
): Promise<PendingPayment> {
  const repository = paymentRepository(ctx.db);
  const row = await repository.findPendingPaymentListRow(id);
  if (!row) throw AppError.notFound('Pending payment');
  return toPendingPayment(row, await repository.listLiveAllocations([id]), currency);
}

/**
 * GET /api/reservations/:id/pending-payments: the table's payments being prepared or under way
 * (open and processing), every payer's, oldest first (members only). Holds that ran out are
 * released first.
 */
export async function listPendingPayments(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<PendingPaymentList> {
  const reservation = await readableReservation(ctx, diner, reservationId);
  await releaseExpiredHoldsNow(ctx, reservation.id);
  const repository = paymentRepository(ctx.db);
  const rows = await repository.listPendingPayments(reservation.id, ['open', 'processing']);
  const allocations = await repository.listLiveAllocations(rows.map((row) => row.id));
  const { currency } = await paymentRestaurant(ctx, reservation.restaurantId);
  return { items: rows.map((row) => toPendingPayment(row, allocations, currency)), nextCursor: null };
}
