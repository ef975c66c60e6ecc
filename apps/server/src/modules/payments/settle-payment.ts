/**
 * A payment is paid (a Webpay approval, or staff confirming a transfer or cash), all in the one
 * database transaction of the caller: its allocations and the lines' counters (and the lines'
 * payer where it covers a whole line), the pending payment, the transaction with the points it
 * earned, and the payer's balance at the restaurant (the domain's `pointsEarned` on the amount
 * without the tip, at the restaurant's rate). The caller holds the transaction's and the pending
 * payment's row locks.
 */
import { pointsEarned } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { settleEntry } from './ledger.ts';
import { paymentRestaurant } from './payment-access.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { paymentRepository, type PendingPaymentRow } from './payments-repository.ts';
import {
  transactionRepository,
  type TransactionChanges,
  type TransactionRow,
} from './transactions-repository.ts';

export async function settlePayment(
  ctx: Pick<RequestContext, 'db' | 'now' | 'live'>,
  tx: DbExecutor,
  transaction: TransactionRow,
  entry: PendingPaymentRow,
  from: 'held' | 'pending',
  changes: TransactionChanges = {},
): Promise<TransactionRow> {
  const repository = paymentRepository(ctx.db);
  const restaurant = await paymentRestaurant(ctx, transaction.restaurantId, tx);
  const points = pointsEarned(entry.amountMinor, {
    pointsRatePoints: restaurant.pointsRatePoints,
    pointsRatePerMinor: restaurant.pointsRatePerMinor,
  });
  await settleEntry(repository, entry, from, ctx.now(), tx);
  await repository.earnPoints(entry.payerUserId, restaurant.id, points, tx);
  const settled = await transactionRepository(ctx.db).update(
    transaction.id,
    { ...changes, status: 'approved', pointsEarned: points },
    ctx.now(),
    tx,
  );
  await publishTransactionChanged(ctx, tx, settled);
  await publishPendingChanged(ctx, tx, settled.reservationId, entry.id);
  return settled;
}
