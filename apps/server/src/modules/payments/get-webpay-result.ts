import type { WebpayResult } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner } from '../../lib/context.ts';
import { tokenProblem, TOKEN_LIFETIME_MS } from '../../payments/webpay/rules.ts';
import { toWebpayResult } from './mappers.ts';
import { paymentRestaurant } from './payment-access.ts';
import type { PaymentContext } from './payment-context.ts';
import { sendPaymentReceipt } from './payment-mail.ts';
import { transactionRepository } from './transactions-repository.ts';
import { applyOutcome, statusOutcome } from './webpay-outcome.ts';

/**
 * GET /api/payments/webpay/:token: the stored result of a card payment, to its payer only — 404
 * to anyone else, so a stranger learns nothing (not even that the token exists). A payment still
 * pending after its card form expired (5 minutes) is settled when asked: Webpay's status says
 * whether a commit went through (approved or rejected); otherwise it timed out and its pending
 * payment is open again.
 */
export async function getWebpayResult(
  ctx: PaymentContext,
  diner: Diner,
  token: string,
): Promise<WebpayResult> {
  const transactions = transactionRepository(ctx.db);
  const found = tokenProblem(token) === null ? await transactions.findByToken(token) : null;
  if (!found || found.paymentType !== 'webpay' || found.payerUserId !== diner.userId) {
    throw AppError.notFound('Payment');
  }
  let current = found;
  const expired = ctx.now().getTime() - found.createdAt.getTime() >= TOKEN_LIFETIME_MS;
  if (found.status === 'pending' && expired) {
    let approvedNow = false;
    current = await inTransaction(ctx.db, async (tx) => {
      const transaction = await transactions.lock(found.id, tx);
      if (!transaction || transaction.status !== 'pending') return transaction ?? found;
      const ended = await applyOutcome(ctx, tx, transaction, await statusOutcome(ctx, transaction));
      approvedNow = ended.status === 'approved';
      return ended;
    });
    if (approvedNow) await sendPaymentReceipt(ctx, current.id);
  }
  const { currency } = await paymentRestaurant(ctx, current.restaurantId);
  return toWebpayResult(current, currency);
}
