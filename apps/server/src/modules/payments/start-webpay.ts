import { randomUUID } from 'node:crypto';
import type { WebpayStart } from '@comensal/contracts';
import { webpayBuyOrder } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { isWebpayError } from '../../payments/webpay/errors.ts';
import { TOKEN_LIFETIME_MS } from '../../payments/webpay/rules.ts';
import { findReservationOrThrow } from '../reservations/index.ts';
import { reopenEntry } from './ledger.ts';
import { reportOf } from './mappers.ts';
import {
  assertOffered,
  assertPaidBy,
  ownPendingPayment,
  payableReservation,
  paymentClosed,
  paymentRestaurant,
} from './payment-access.ts';
import type { PaymentContext } from './payment-context.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { paymentRepository } from './payments-repository.ts';
import { transactionFor, transactionRepository, type TransactionRow } from './transactions-repository.ts';

/** Where Webpay sends the browser back (GET or POST). */
export const WEBPAY_RETURN_PATH = '/api/payments/webpay/return';

/** The pending payment's reservation, found without a lock (404 for an unknown or malformed id). */
async function reservationOf(ctx: PaymentContext, pendingPaymentId: string): Promise<string> {
  const entry = isUuid(pendingPaymentId)
    ? await paymentRepository(ctx.db).findPendingPayment(pendingPaymentId)
    : null;
  if (!entry) throw AppError.notFound('Pending payment');
  return entry.reservationId;
}

type Prepared = { kind: 'started'; transaction: TransactionRow } | { kind: 'again'; start: WebpayStart };

/**
 * POST /api/payments/webpay `{ pendingPaymentId }`: starts the card payment of the payer's open
 * Webpay pending payment and answers where to send the browser (`{ url, token }`: a POST form
 * with `token_ws`). The amount is the pending payment's amount plus its tip, from the database.
 *
 * In two short database transactions around the call to Webpay (no lock is held while Webpay
 * answers): first a `pending` transaction with a unique buy order (from its id) is written and
 * the pending payment becomes `processing`; then Webpay's token is stored. When Webpay fails, the
 * transaction is removed, the pending payment is open again and the answer is 503
 * PAYMENT_PROVIDER_UNAVAILABLE (nothing else changed). Asked again while the same card form is
 * still usable (a double click), it answers the same `{ url, token }`.
 * Refusals: 404 (unknown, or not a member of its table), 403 (another member's), 400
 * PAYMENT_TYPE_MISMATCH, 409 PAYMENT_TYPE_NOT_OFFERED, PENDING_PAYMENT_CLOSED, NOTHING_DUE.
 */
export async function startWebpay(
  ctx: PaymentContext,
  diner: Diner,
  pendingPaymentId: string,
): Promise<WebpayStart> {
  const reservationId = await reservationOf(ctx, pendingPaymentId);
  const repository = paymentRepository(ctx.db);
  const transactions = transactionRepository(ctx.db);

  const prepared = await inTransaction(ctx.db, async (tx): Promise<Prepared> => {
    let reservation;
    try {
      reservation = await payableReservation(ctx, diner, reservationId, tx);
    } catch (error) {
      // a stranger learns nothing of another table's payments, not even that one exists
      if (error instanceof AppError && error.code === 'FORBIDDEN') throw AppError.notFound('Pending payment');
      throw error;
    }
    const entry = await ownPendingPayment(ctx, diner, reservation.id, pendingPaymentId, tx);
    assertPaidBy(entry, 'webpay');
    if (entry.status === 'processing') {
      const current = await transactions.latestOf(entry.id, tx);
      const formUrl = current ? reportOf(current).formUrl : undefined;
      const fresh = current && ctx.now().getTime() - current.createdAt.getTime() < TOKEN_LIFETIME_MS;
      if (current?.status === 'pending' && current.webpayToken && formUrl && fresh) {
        return { kind: 'again', start: { url: formUrl, token: current.webpayToken } };
      }
    }
    if (entry.status !== 'open') throw paymentClosed(entry.status);
    const restaurant = await paymentRestaurant(ctx, reservation.restaurantId, tx);
    assertOffered(restaurant, 'webpay');
    if (entry.amountMinor + entry.tipsMinor <= 0)
      throw new AppError('NOTHING_DUE', 'This payment is for nothing');

    const id = randomUUID();
    const transaction = await transactions.insert(
      { ...transactionFor(entry, reservation.restaurantId, ctx.now()), id, buyOrder: webpayBuyOrder(id) },
      tx,
    );
    await repository.updatePendingPayment(entry.id, { status: 'processing', expiresAt: null }, tx);
    await publishPendingChanged(ctx, tx, reservation.id, entry.id);
    return { kind: 'started', transaction };
  });
  if (prepared.kind === 'again') return prepared.start;

  const { transaction } = prepared;
  try {
    const created = await ctx.webpay.create(
      transaction.buyOrder!,
      transaction.pendingPaymentId!,
      transaction.amountMinor + transaction.tipsMinor,
      `${ctx.publicUrl}${WEBPAY_RETURN_PATH}`,
    );
    await inTransaction(ctx.db, async (tx) => {
      const stored = await transactions.update(
        transaction.id,
        { webpayToken: created.token, report: { formUrl: created.url } },
        ctx.now(),
        tx,
      );
      await publishTransactionChanged(ctx, tx, stored);
    });
    return { url: created.url, token: created.token };
  } catch (error) {
    if (!isWebpayError(error)) throw error;
    ctx.log.warn({ err: error, transactionId: transaction.id }, 'Webpay did not start a payment');
    await inTransaction(ctx.db, async (tx) => {
      // the order of every payment write: the reservation, the transaction, the pending payment
      await findReservationOrThrow(ctx, transaction.reservationId, { tx, lock: true });
      await transactions.lock(transaction.id, tx);
      await transactions.remove(transaction.id, tx);
      const entry = await repository.lockPendingPayment(transaction.pendingPaymentId!, tx);
      if (entry?.status === 'processing') {
        const open = await reopenEntry(repository, entry, ctx.now(), tx);
        await publishPendingChanged(ctx, tx, transaction.reservationId, open.id);
      }
    });
    throw new AppError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'Webpay did not answer: nothing was charged, try again',
    );
  }
}
