import { AppError } from '../../lib/app-error.ts';
import type { Diner } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertMember, findReservationOrThrow } from '../reservations/index.ts';
import type { PrivateFile } from '../../storage/file-storage.ts';
import type { PaymentContext } from './payment-context.ts';
import { staffRepository } from './staff-repository.ts';
import { transactionRepository } from './transactions-repository.ts';

/**
 * GET /api/transactions/:id/receipt: a Pago Móvil receipt, to the payer and the restaurant's staff
 * only. Another member of the table (who sees the transaction in the list) is 403; anyone else —
 * a stranger, staff of another restaurant — gets 404 and learns nothing.
 */
export async function getReceipt(
  ctx: PaymentContext,
  diner: Diner,
  transactionId: string,
): Promise<{ file: PrivateFile; filename: string }> {
  const transaction = isUuid(transactionId) ? await transactionRepository(ctx.db).find(transactionId) : null;
  if (!transaction?.receiptPath) throw AppError.notFound('Receipt');
  const allowed =
    transaction.payerUserId === diner.userId ||
    (!diner.isGuest && (await staffRepository(ctx.db).isStaffOf(diner.userId, transaction.restaurantId)));
  if (!allowed) {
    const reservation = await findReservationOrThrow(ctx, transaction.reservationId);
    await assertMember(ctx, reservation, diner).catch(() => {
      throw AppError.notFound('Receipt');
    });
    throw new AppError('FORBIDDEN', 'Only the payer and the restaurant may open a receipt');
  }
  const file = await ctx.files.getPrivate(transaction.receiptPath);
  if (!file) throw AppError.notFound('Receipt');
  const ext = transaction.receiptPath.slice(transaction.receiptPath.lastIndexOf('.'));
  return { file, filename: `receipt-${transaction.reference ?? transaction.id}${ext}` };
}
