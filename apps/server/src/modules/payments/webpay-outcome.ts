/**
 * How a pending Webpay transaction ends (docs/product.md#webpay-plus). The caller holds the
 * transaction's row lock, so one request at a time decides — twenty simultaneous returns of one
 * token make one commit, and the others read what it stored.
 *
 * - `commitOutcome`: commit the token (the normal return). Approved only when Webpay says
 *   `response_code` 0 and `AUTHORIZED`. A 422 "locked" or an answer that never came (5xx,
 *   timeout, network) is resolved by reading the status; a status still INITIALIZED (the commit
 *   never happened) is committed once more. A 422 "aborted" means the form was left or expired.
 * - `statusOutcome`: read the status only (a payment nobody came back from, once its form expired):
 *   AUTHORIZED → approved (a commit whose answer was lost), FAILED… → rejected, INITIALIZED →
 *   timed out (never committed, so never charged).
 * - `applyOutcome`: approved → paid (settle-payment.ts); rejected, aborted, timed out → the
 *   transaction ends so and the pending payment is open again for another try; unknown → nothing
 *   changes (asked again later).
 */
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { WebpayTransaction } from '../../payments/webpay/client.ts';
import { isWebpayError } from '../../payments/webpay/errors.ts';
import { TOKEN_LIFETIME_MS } from '../../payments/webpay/rules.ts';
import { reopenEntry } from './ledger.ts';
import { reportOf, type WebpayReport } from './mappers.ts';
import type { PaymentContext } from './payment-context.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { paymentRepository } from './payments-repository.ts';
import { settlePayment } from './settle-payment.ts';
import { transactionRepository, type TransactionRow } from './transactions-repository.ts';

export type WebpayOutcome =
  | { status: 'approved'; details: WebpayTransaction }
  | { status: 'rejected'; details: WebpayTransaction | null }
  | { status: 'aborted' | 'timed_out' }
  | { status: 'unknown' };

type Seen = WebpayOutcome | { status: 'initialized' };

const seen = (details: WebpayTransaction): Seen =>
  details.approved
    ? { status: 'approved', details }
    : details.status === 'INITIALIZED'
      ? { status: 'initialized' }
      : { status: 'rejected', details };

/** Aborted, or timed out when its card form had expired. */
function finished(transaction: TransactionRow, now: Date): WebpayOutcome {
  const expired = now.getTime() - transaction.createdAt.getTime() >= TOKEN_LIFETIME_MS;
  return { status: expired ? 'timed_out' : 'aborted' };
}

async function readStatus(ctx: PaymentContext, transaction: TransactionRow): Promise<Seen> {
  try {
    return seen(await ctx.webpay.status(transaction.webpayToken!));
  } catch (error) {
    if (!isWebpayError(error)) throw error;
    if (
      error.kind === 'rejected' &&
      (error.rejection === 'aborted' || error.rejection === 'status-expired')
    ) {
      return finished(transaction, ctx.now());
    }
    ctx.log.warn({ err: error, transactionId: transaction.id }, 'Webpay status unknown');
    return { status: 'unknown' };
  }
}

/** Commits the token once (once more if Webpay shows it was never committed). */
export async function commitOutcome(
  ctx: PaymentContext,
  transaction: TransactionRow,
  attempt = 1,
): Promise<WebpayOutcome> {
  let outcome: Seen;
  try {
    outcome = seen(await ctx.webpay.commit(transaction.webpayToken!));
  } catch (error) {
    if (!isWebpayError(error)) throw error;
    if (error.kind === 'rejected' && error.rejection === 'aborted') return finished(transaction, ctx.now());
    if ((error.kind === 'rejected' && error.rejection === 'locked') || error.outcomeUnknown) {
      ctx.log.warn(
        { err: error, transactionId: transaction.id },
        'Webpay commit unclear: reading the status',
      );
      outcome = await readStatus(ctx, transaction);
    } else {
      ctx.log.warn({ err: error, transactionId: transaction.id }, 'Webpay refused the commit');
      return error.kind === 'rejected' ? { status: 'rejected', details: null } : { status: 'unknown' };
    }
  }
  if (outcome.status !== 'initialized') return outcome;
  return attempt < 2 ? commitOutcome(ctx, transaction, attempt + 1) : { status: 'unknown' };
}

/** Reads the status of a payment nobody came back from (its form has expired). */
export async function statusOutcome(
  ctx: PaymentContext,
  transaction: TransactionRow,
): Promise<WebpayOutcome> {
  const outcome = await readStatus(ctx, transaction);
  return outcome.status === 'initialized' ? { status: 'timed_out' } : outcome;
}

const webpayReport = (details: WebpayTransaction | null): Pick<WebpayReport, 'webpay'> =>
  details
    ? {
        webpay: {
          status: details.status,
          responseCode: details.responseCode,
          authorizationCode: details.authorizationCode,
          cardLast4: details.cardNumber ? details.cardNumber.slice(-4) : null,
          paymentTypeCode: details.paymentTypeCode,
          installmentsNumber: details.installmentsNumber,
          transactionDate: details.transactionDate?.toISOString() ?? null,
        },
      }
    : {};

/** Records the outcome on the locked, pending transaction; answers it as it ends up. */
export async function applyOutcome(
  ctx: Pick<RequestContext, 'db' | 'now' | 'live' | 'log'>,
  tx: DbExecutor,
  transaction: TransactionRow,
  outcome: WebpayOutcome,
): Promise<TransactionRow> {
  if (outcome.status === 'unknown') return transaction;
  const repository = paymentRepository(ctx.db);
  const entry = transaction.pendingPaymentId
    ? await repository.lockPendingPayment(transaction.pendingPaymentId, tx)
    : null;
  const report = { ...reportOf(transaction), ...('details' in outcome ? webpayReport(outcome.details) : {}) };

  if (outcome.status === 'approved') {
    if (outcome.details.amountMinor !== transaction.amountMinor + transaction.tipsMinor) {
      ctx.log.warn(
        { transactionId: transaction.id, charged: outcome.details.amountMinor },
        'Webpay approved another amount than the one asked',
      );
    }
    if (entry?.status !== 'processing') {
      // cannot happen while the transaction is pending; kept loud so it is seen if it ever does
      ctx.log.error(
        { transactionId: transaction.id, entry: entry?.status },
        'approved payment without its pending payment',
      );
      return transactionRepository(ctx.db).update(
        transaction.id,
        { status: 'approved', report },
        ctx.now(),
        tx,
      );
    }
    return settlePayment(ctx, tx, transaction, entry, 'held', { report });
  }

  const ended = await transactionRepository(ctx.db).update(
    transaction.id,
    { status: outcome.status, report },
    ctx.now(),
    tx,
  );
  await publishTransactionChanged(ctx, tx, ended);
  if (entry?.status === 'processing') {
    const open = await reopenEntry(repository, entry, ctx.now(), tx);
    await publishPendingChanged(ctx, tx, transaction.reservationId, open.id);
  }
  return ended;
}
