import type { Transaction } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { findReservationOrThrow } from '../reservations/index.ts';
import { rejectEntry } from './ledger.ts';
import { answerTransactions } from './list-transactions.ts';
import { reportOf } from './mappers.ts';
import { paymentRestaurant } from './payment-access.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { sendPaymentRejected, sendPaymentReceipt } from './payment-mail.ts';
import { paymentRepository } from './payments-repository.ts';
import { settlePayment } from './settle-payment.ts';
import { staffRepository } from './staff-repository.ts';
import { transactionRepository, type TransactionRow } from './transactions-repository.ts';

/** What a decision answers: the transaction as it is now, and whether this call changed it. */
export interface TransactionDecision {
  transaction: Transaction;
  changed: boolean;
}

export const MAX_REJECTION_REASON_LENGTH = 300;

type Decide = 'confirm' | 'reject';

/** What the caller adds to a decision that changed the transaction, inside its database transaction. */
export interface DecisionOptions {
  /** E.g. the staff console's audit record: written with the decision or not at all. */
  record?: (tx: DbExecutor, change: { before: TransactionRow; after: TransactionRow }) => Promise<void>;
}

/**
 * The transaction, to staff of its restaurant: 404 for an unknown id and for anyone else (staff of
 * another restaurant see nothing of it); 400 for a card payment, which Webpay decides.
 */
async function decidable(ctx: Pick<RequestContext, 'db'>, transactionId: string, staffUserId: string) {
  const transactions = transactionRepository(ctx.db);
  const found = isUuid(transactionId) ? await transactions.find(transactionId) : null;
  if (!found || !(await staffRepository(ctx.db).isStaffOf(staffUserId, found.restaurantId))) {
    throw AppError.notFound('Transaction');
  }
  if (found.paymentType === 'webpay') {
    throw new AppError('VALIDATION_FAILED', 'A card payment is decided by Webpay, not by the restaurant', {
      reason: 'PAYMENT_TYPE_MISMATCH',
    });
  }
  return found;
}

async function decide(
  ctx: RequestContext,
  transactionId: string,
  staffUserId: string,
  decision: Decide,
  reason: string | undefined,
  options: DecisionOptions,
): Promise<TransactionDecision> {
  const found = await decidable(ctx, transactionId, staffUserId);
  const repository = paymentRepository(ctx.db);
  const transactions = transactionRepository(ctx.db);
  const { row, changed } = await inTransaction(ctx.db, async (tx) => {
    // the order of every payment write: the reservation, the transaction, the pending payment, the lines
    await findReservationOrThrow(ctx, found.reservationId, { tx, lock: true });
    const transaction = await transactions.lock(found.id, tx);
    if (!transaction || transaction.status !== 'pending')
      return { row: transaction ?? found, changed: false };
    const entry = transaction.pendingPaymentId
      ? await repository.lockPendingPayment(transaction.pendingPaymentId, tx)
      : null;
    if (!entry || entry.status !== 'processing') {
      throw new Error(`transaction ${transaction.id} is pending without its pending payment in progress`);
    }
    const decided = { decidedBy: staffUserId, decidedAt: ctx.now() };
    if (decision === 'confirm') {
      const settled = await settlePayment(ctx, tx, transaction, entry, 'pending', decided);
      await options.record?.(tx, { before: transaction, after: settled });
      return { row: settled, changed: true };
    }
    await rejectEntry(repository, entry, tx);
    const rejected: TransactionRow = await transactions.update(
      transaction.id,
      { ...decided, status: 'rejected', report: { ...reportOf(transaction), rejectionReason: reason } },
      ctx.now(),
      tx,
    );
    await publishTransactionChanged(ctx, tx, rejected);
    await publishPendingChanged(ctx, tx, rejected.reservationId, entry.id);
    await options.record?.(tx, { before: transaction, after: rejected });
    return { row: rejected, changed: true };
  });
  if (changed) {
    if (decision === 'confirm') await sendPaymentReceipt(ctx, row.id);
    else await sendPaymentRejected(ctx, row.id);
  }
  const listed = await transactions.findListRow(row.id);
  const { currency } = await paymentRestaurant(ctx, row.restaurantId);
  const [transaction] = await answerTransactions(ctx, [listed!], currency);
  return { transaction: transaction!, changed };
}

/**
 * The restaurant confirms a Pago Móvil transfer or a cash payment it received (the staff console's
 * `POST /api/staff/transactions/:id/confirm`, and the dev script payment-decide.ts): its orders are paid (`pendingToConfirmed` false),
 * the payer earns the points, is told live and gets the receipt by e-mail. A second confirmation,
 * or one after a rejection, changes nothing (`changed: false`); confirm and reject racing: the
 * transaction's row lock lets one win.
 */
export async function confirmTransaction(
  ctx: RequestContext,
  transactionId: string,
  staffUserId: string,
  options: DecisionOptions = {},
): Promise<TransactionDecision> {
  return decide(ctx, transactionId, staffUserId, 'confirm', undefined, options);
}

/**
 * The restaurant rejects a transfer or cash payment (`reason`, 1–300 characters, is shown to the
 * payer): what it covered is due again, its pending payment is cancelled, the payer is told live
 * and by e-mail why. Again, or after a confirmation: nothing changes.
 */
export async function rejectTransaction(
  ctx: RequestContext,
  transactionId: string,
  staffUserId: string,
  reason: string,
  options: DecisionOptions = {},
): Promise<TransactionDecision> {
  const trimmed = reason.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_REJECTION_REASON_LENGTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A reason of 1 to ${MAX_REJECTION_REASON_LENGTH} characters is needed`,
    );
  }
  return decide(ctx, transactionId, staffUserId, 'reject', trimmed, options);
}
