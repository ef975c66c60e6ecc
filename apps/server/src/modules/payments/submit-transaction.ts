import { randomUUID } from 'node:crypto';
import type { PaymentType, Transaction, TransferReportInput } from '@comensal/contracts';
import { addDays, localWeekdayAndTime } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import { inTransaction, pgConstraint, pgErrorCode, SQLSTATE } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkReceipt } from '../../payments/receipts/receipt-file.ts';
import type { Diner } from '../../lib/context.ts';
import { submitEntry } from './ledger.ts';
import { answerTransactions } from './list-transactions.ts';
import {
  assertOffered,
  assertPaidBy,
  ownPendingPayment,
  payableReservation,
  paymentClosed,
  paymentRestaurant,
  readableReservation,
} from './payment-access.ts';
import type { PaymentContext } from './payment-context.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { paymentRepository, type PaymentRestaurantRow } from './payments-repository.ts';
import {
  TRANSFER_UNIQUE_CONSTRAINT,
  transactionFor,
  transactionRepository,
  type NewTransaction,
  type TransactionRow,
} from './transactions-repository.ts';

/** A transfer may be declared up to this many days after it was made. */
export const MAX_TRANSFER_AGE_DAYS = 30;

/** Where a transfer's receipt is stored (private): restaurants/{r}/pagos movil/{id}.{ext}. */
export const receiptKey = (restaurantId: string, transactionId: string, ext: string) =>
  `restaurants/${restaurantId}/pagos movil/${transactionId}.${ext}`;

/**
 * 400 unless `date` (YYYY-MM-DD) is a real day from {@link MAX_TRANSFER_AGE_DAYS} days ago to today
 * in the restaurant's zone.
 */
function assertTransferDate(date: string, restaurant: PaymentRestaurantRow, now: Date): void {
  const refuse = (why: string) =>
    new AppError('VALIDATION_FAILED', `transferDate ${why}`, { reason: 'INVALID_TRANSFER_DATE' });
  try {
    addDays(date, 0); // a real calendar day
  } catch {
    throw refuse('is not a date');
  }
  const today = localWeekdayAndTime(now, restaurant.timeZone).date;
  if (date > today) throw refuse('is in the future');
  if (date < addDays(today, -MAX_TRANSFER_AGE_DAYS))
    throw refuse(`is more than ${MAX_TRANSFER_AGE_DAYS} days ago`);
}

interface Submission {
  pendingPaymentId: string;
  paymentType: Exclude<PaymentType, 'webpay'>;
  transfer?: Omit<TransferReportInput, 'pendingPaymentId'>;
  /** Writes the receipt once the transaction row exists (the loser of a duplicate never gets here). */
  store?: (transaction: TransactionRow, tx: DbExecutor) => Promise<string>;
}

/**
 * A transaction the restaurant confirms: the payer's open pending payment of that type becomes
 * `processing`, its allocations `pending` (the lines' `pending_minor`, and `payer.pendingToConfirmed`
 * where it covers a whole line), and a `pending` transaction records it — one database
 * transaction, under the reservation's row lock.
 */
async function submit(ctx: PaymentContext, diner: Diner, reservationId: string, submission: Submission) {
  const repository = paymentRepository(ctx.db);
  const transactions = transactionRepository(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    const reservation = await payableReservation(ctx, diner, reservationId, tx);
    const entry = await ownPendingPayment(ctx, diner, reservation.id, submission.pendingPaymentId, tx);
    assertPaidBy(entry, submission.paymentType);
    if (entry.status !== 'open') throw paymentClosed(entry.status);
    const restaurant = await paymentRestaurant(ctx, reservation.restaurantId, tx);
    assertOffered(restaurant, submission.paymentType);
    if (entry.amountMinor + entry.tipsMinor <= 0)
      throw new AppError('NOTHING_DUE', 'This payment is for nothing');
    if (submission.transfer) assertTransferDate(submission.transfer.transferDate, restaurant, ctx.now());

    const row: NewTransaction = {
      ...transactionFor(entry, reservation.restaurantId, ctx.now()),
      id: randomUUID(),
      ...(submission.transfer
        ? {
            bankCode: submission.transfer.bankCode,
            reference: submission.transfer.reference.toUpperCase(),
            transferDate: submission.transfer.transferDate,
          }
        : {}),
    };
    let transaction = await transactions.insert(row, tx);
    await submitEntry(repository, entry, ctx.now(), tx);
    if (submission.store) {
      const receiptPath = await submission.store(transaction, tx);
      transaction = await transactions.update(transaction.id, { receiptPath }, ctx.now(), tx);
    }
    await publishTransactionChanged(ctx, tx, transaction);
    await publishPendingChanged(ctx, tx, reservation.id, entry.id);
    return { id: transaction.id, currency: restaurant.currency };
  });
}

async function answer(
  ctx: PaymentContext,
  id: string,
  currency: Transaction['currency'],
): Promise<Transaction> {
  const row = await transactionRepository(ctx.db).findListRow(id);
  if (!row) throw AppError.notFound('Transaction');
  const [transaction] = await answerTransactions(ctx, [row], currency);
  return transaction!;
}

/**
 * POST /api/reservations/:id/transactions (JSON `{ pendingPaymentId }`): "I'll pay the waiter" —
 * a pending cash transaction for the payer's open cash pending payment, which the restaurant
 * confirms or rejects.
 */
export async function payCash(
  ctx: PaymentContext,
  diner: Diner,
  reservationId: string,
  pendingPaymentId: string,
): Promise<Transaction> {
  const { id, currency } = await submit(ctx, diner, reservationId, { pendingPaymentId, paymentType: 'cash' });
  return answer(ctx, id, currency);
}

/**
 * POST /api/reservations/:id/transactions (multipart): a Pago Móvil transfer with its receipt,
 * for the payer's open Pago Móvil pending payment. The receipt is checked by its content
 * (payments/receipts: JPEG, PNG, WebP re-encoded; a PDF without active content) and stored privately at `restaurants/{r}/pagos movil/{id}.{ext}` inside the database
 * transaction, after the row is written: a (bank, reference, date) already used is refused by the
 * database (409 TRANSFER_DUPLICATE, also between two simultaneous uploads) before any file is
 * written, and a file written for a change that then fails is removed — nothing is left behind.
 */
export async function submitTransfer(
  ctx: PaymentContext,
  diner: Diner,
  reservationId: string,
  input: TransferReportInput,
  receiptBytes: Uint8Array,
): Promise<Transaction> {
  // who may pay here first (a stranger's upload is not even looked at), then the file — checked
  // and re-encoded before anything is written: a refused receipt changes nothing
  await readableReservation(ctx, diner, reservationId);
  const receipt = await checkReceipt(receiptBytes);
  let written: string | null = null;
  try {
    const { id, currency } = await submit(ctx, diner, reservationId, {
      pendingPaymentId: input.pendingPaymentId,
      paymentType: 'mobile_transfer',
      transfer: { bankCode: input.bankCode, reference: input.reference, transferDate: input.transferDate },
      store: async (transaction) => {
        const key = receiptKey(transaction.restaurantId, transaction.id, receipt.ext);
        written = key;
        await ctx.files.putPrivate(key, receipt.data, { contentType: receipt.mime });
        return key;
      },
    });
    return await answer(ctx, id, currency);
  } catch (error) {
    const key: string | null = written;
    if (key !== null) await ctx.files.deletePrivate(key);
    if (
      pgErrorCode(error) === SQLSTATE.uniqueViolation &&
      pgConstraint(error) === TRANSFER_UNIQUE_CONSTRAINT
    ) {
      throw new AppError(
        'TRANSFER_DUPLICATE',
        'This transfer (bank, reference and date) was already declared',
      );
    }
    throw error;
  }
}
