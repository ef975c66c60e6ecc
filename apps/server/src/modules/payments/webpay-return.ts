import { classifyWebpayReturn, uuidFromWebpayBuyOrder } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentContext } from './payment-context.ts';
import { sendPaymentReceipt } from './payment-mail.ts';
import { transactionRepository, type TransactionRow } from './transactions-repository.ts';
import { applyOutcome, commitOutcome } from './webpay-outcome.ts';

/** The SPA's page of a card payment's result (apps/web config/paths.ts `restaurant.reservation.successful`). */
export const webpayResultPage = (
  transaction: Pick<TransactionRow, 'restaurantId' | 'reservationId' | 'webpayToken'>,
) =>
  `/restaurants/${transaction.restaurantId}/reservations/${transaction.reservationId}/payment_successful/${encodeURIComponent(transaction.webpayToken ?? '')}`;

/** A Webpay transaction by the token or, failing that, the buy order Webpay sent back. */
async function findTransaction(
  ctx: Pick<PaymentContext, 'db'>,
  token: string | undefined,
  buyOrder: string | undefined,
): Promise<TransactionRow> {
  const transactions = transactionRepository(ctx.db);
  const byToken = token ? await transactions.findByToken(token) : null;
  const found =
    byToken ??
    (buyOrder && uuidFromWebpayBuyOrder(buyOrder) ? await transactions.findByBuyOrder(buyOrder) : null);
  if (!found || found.paymentType !== 'webpay' || !found.webpayToken) throw AppError.notFound('Payment');
  return found;
}

/**
 * GET|POST /api/payments/webpay/return — where Webpay sends the browser back, with the parameters
 * in the query or a form body (docs/product.md#webpay-plus, the four cases):
 * - `token_ws` alone: commit, at most once per token — the transaction's row lock makes any
 *   number of replayed or simultaneous returns wait for the first, which commits and stores the
 *   result; the others find it no longer pending and read it;
 * - `TBK_TOKEN` (with or without `token_ws`): the payer left the form, or came back from Webpay's
 *   error page: aborted, never committed;
 * - only `TBK_ORDEN_COMPRA` (and `TBK_ID_SESION`): the form timed out — the transaction is found
 *   by its buy order.
 * It answers where to send the browser: the SPA's result page of the token (every return of one
 * token lands on the same page). No session is used: the token, which only Webpay and the payer's
 * browser know, is the key. Malformed or missing parameters → 400; an unknown payment → 404;
 * nothing is changed by either.
 */
export async function handleWebpayReturn(
  ctx: PaymentContext,
  params: Readonly<Record<string, string | undefined>>,
): Promise<{ location: string }> {
  const kind = classifyWebpayReturn(params);
  if (kind.kind === 'invalid') {
    throw new AppError('VALIDATION_FAILED', 'This is not a return from Webpay', {
      reason: 'INVALID_WEBPAY_RETURN',
    });
  }
  const found = await findTransaction(
    ctx,
    kind.kind === 'timed_out' ? undefined : kind.token,
    kind.kind === 'commit' ? undefined : kind.buyOrder,
  );
  const transactions = transactionRepository(ctx.db);
  let approvedNow = false;
  const settled = await inTransaction(ctx.db, async (tx) => {
    const transaction = await transactions.lock(found.id, tx);
    if (!transaction || transaction.status !== 'pending') return transaction ?? found;
    const outcome = kind.kind === 'commit' ? await commitOutcome(ctx, transaction) : { status: kind.kind };
    const ended = await applyOutcome(ctx, tx, transaction, outcome);
    approvedNow = ended.status === 'approved';
    return ended;
  });
  if (approvedNow) await sendPaymentReceipt(ctx, settled.id);
  return { location: webpayResultPage(settled) };
}
