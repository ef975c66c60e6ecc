/**
 * Holds that ran out are released lazily, with no timer (docs/product.md#payments): at the start
 * of every payment write on a reservation (under its row lock), and when the bill is read.
 * - An open pending payment whose `expires_at` passed (15 minutes after its last change, nothing
 *   under way) expires: its held allocations are released and the lines are free again.
 * - A Webpay transaction still pending WEBPAY_ABANDONED_MS after it started (the card form lives
 *   5 minutes; nobody came back) is timed out, and its pending payment is open again.
 * Both follow the clock of the context (`ctx.now()`), so tests move time instead of waiting.
 */
import type { DbExecutor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { RequestContext } from '../../lib/context.ts';
import { TOKEN_LIFETIME_MS } from '../../payments/webpay/rules.ts';
import { findReservationOrThrow } from '../reservations/index.ts';
import { releaseEntry, reopenEntry } from './ledger.ts';
import { publishPendingChanged, publishTransactionChanged } from './payment-events.ts';
import { paymentRepository } from './payments-repository.ts';
import { transactionRepository } from './transactions-repository.ts';

/** A pending Webpay payment nobody came back from this long after it started is timed out. */
export const WEBPAY_ABANDONED_MS = TOKEN_LIFETIME_MS + 5 * 60_000;

type StaleContext = Pick<RequestContext, 'db' | 'now' | 'live'>;

/**
 * Releases what ran out on the reservation. The caller holds the reservation's row lock in `tx`.
 * Answers how many pending payments changed.
 */
export async function releaseExpiredHolds(
  ctx: StaleContext,
  reservationId: string,
  tx: DbExecutor,
): Promise<number> {
  const repository = paymentRepository(ctx.db);
  const transactions = transactionRepository(ctx.db);
  const now = ctx.now();
  let changed = 0;

  const abandoned = await transactions.lockStaleWebpay(
    reservationId,
    new Date(now.getTime() - WEBPAY_ABANDONED_MS),
    tx,
  );
  for (const transaction of abandoned) {
    await transactions.update(transaction.id, { status: 'timed_out' }, ctx.now(), tx);
    await publishTransactionChanged(ctx, tx, transaction);
    const entry = transaction.pendingPaymentId
      ? await repository.lockPendingPayment(transaction.pendingPaymentId, tx)
      : null;
    if (entry?.status === 'processing') {
      const open = await reopenEntry(repository, entry, now, tx);
      await publishPendingChanged(ctx, tx, reservationId, open.id);
      changed += 1;
    }
  }

  for (const entry of await repository.lockExpiredEntries(reservationId, now, tx)) {
    await releaseEntry(repository, entry, 'expired', tx);
    await publishPendingChanged(ctx, tx, reservationId, entry.id);
    changed += 1;
  }
  return changed;
}

/**
 * For reads of the bill: releases what ran out on the reservation, taking its row lock in a
 * transaction of its own only when something did (a read with nothing stale writes nothing).
 */
export async function releaseExpiredHoldsNow(ctx: StaleContext, reservationId: string): Promise<void> {
  const now = ctx.now();
  const stale =
    (await paymentRepository(ctx.db).hasExpiredEntries(reservationId, now)) ||
    (await transactionRepository(ctx.db).hasStaleWebpay(
      reservationId,
      new Date(now.getTime() - WEBPAY_ABANDONED_MS),
    ));
  if (!stale) return;
  await inTransaction(ctx.db, async (tx) => {
    await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    await releaseExpiredHolds(ctx, reservationId, tx);
  });
}
