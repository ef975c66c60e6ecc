/**
 * The restaurant's side of its payments (the staff console reads them; the staff module checks
 * the caller works at the restaurant): every transaction with what staff need to decide it — the
 * receipt's URL and kind, who decided it and when.
 */
import type { Transaction, TransactionStatus } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { answerTransactions } from './list-transactions.ts';
import { receiptPath } from './mappers.ts';
import { paymentRestaurant } from './payment-access.ts';
import { transactionRepository, type TransactionListRow } from './transactions-repository.ts';

export interface RestaurantTransaction {
  transaction: Transaction;
  /** The stored receipt: an image (pictures are re-encoded as JPEG) or a PDF. */
  receipt: { url: string; mediaType: 'image/jpeg' | 'application/pdf' } | null;
  decidedByUserId: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

async function answer(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  rows: TransactionListRow[],
): Promise<RestaurantTransaction[]> {
  const { currency } = await paymentRestaurant(ctx, restaurantId);
  const answered = await answerTransactions(ctx, rows, currency);
  return rows.map((row, index) => ({
    transaction: answered[index]!,
    receipt: row.receiptPath
      ? {
          url: receiptPath(row.id),
          mediaType: row.receiptPath.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
        }
      : null,
    decidedByUserId: row.decidedBy,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  }));
}

/** A page of the restaurant's transactions, newest first (`limit` + 1 read to tell a next page). */
export async function listRestaurantTransactions(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  options: { status?: TransactionStatus; limit: number; after?: { createdAt: Date; id: string } },
): Promise<RestaurantTransaction[]> {
  const rows = await transactionRepository(ctx.db).listForRestaurant(restaurantId, options);
  return answer(ctx, restaurantId, rows);
}

/** One transaction of the restaurant as staff read it; 404 when it is not one of its. */
export async function readRestaurantTransaction(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  transactionId: string,
): Promise<RestaurantTransaction> {
  const row = isUuid(transactionId) ? await transactionRepository(ctx.db).findListRow(transactionId) : null;
  if (!row || row.restaurantId !== restaurantId) throw AppError.notFound('Transaction');
  const [answered] = await answer(ctx, restaurantId, [row]);
  return answered!;
}
