import type { TransactionList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toTransaction } from './mappers.ts';
import { paymentRestaurant, readableReservation } from './payment-access.ts';
import { releaseExpiredHoldsNow } from './stale-payments.ts';
import { transactionRepository } from './transactions-repository.ts';

/**
 * GET /api/reservations/:id/transactions: every payment of the table (card, transfer, cash, in
 * any status), newest first, to its members. The receipt's URL is in `report.file`; only the payer
 * and the restaurant's staff can open it.
 */
export async function listTransactions(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<TransactionList> {
  const reservation = await readableReservation(ctx, diner, reservationId);
  await releaseExpiredHoldsNow(ctx, reservation.id);
  const rows = await transactionRepository(ctx.db).listForReservation(reservation.id);
  const { currency } = await paymentRestaurant(ctx, reservation.restaurantId);
  return { items: rows.map((row) => toTransaction(row, currency)), nextCursor: null };
}
