import type { Transaction, TransactionList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toTransaction } from './mappers.ts';
import { paymentRestaurant, readableReservation } from './payment-access.ts';
import { paymentRepository } from './payments-repository.ts';
import { releaseExpiredHoldsNow } from './stale-payments.ts';
import { transactionRepository, type TransactionListRow } from './transactions-repository.ts';

/** Transactions as the API answers them, with what each covers of each order. */
export async function answerTransactions(
  ctx: Pick<RequestContext, 'db'>,
  rows: TransactionListRow[],
  currency: Transaction['currency'],
): Promise<Transaction[]> {
  const entryIds = [...new Set(rows.flatMap((row) => (row.pendingPaymentId ? [row.pendingPaymentId] : [])))];
  const allocations = await paymentRepository(ctx.db).listLiveAllocations(entryIds);
  return rows.map((row) => toTransaction(row, currency, allocations));
}

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
  return { items: await answerTransactions(ctx, rows, currency), nextCursor: null };
}
