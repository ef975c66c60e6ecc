/**
 * The moves of a pending payment and its allocations, each with the bill lines' counters in the
 * same database transaction (docs/decisions/0017-payments.md):
 *
 *   held ──submit──> pending ──confirm──> paid          (Pago Móvil, cash)
 *   held ──approve─────────────────────> paid          (Webpay)
 *   held ──cancel / expire──> released ; pending ──reject──> released
 *
 * The caller holds the pending payment's row lock; every function here locks the lines it moves
 * in id order before touching them. When one payment covers a whole line, the line records its
 * payer (`paid_by`, `payment_type`, `paid_at`, `pending_to_confirmed` while awaiting the
 * restaurant).
 */
import { PENDING_PAYMENT_HOLD_MINUTES } from '@comensal/contracts';
import { mergePendingPayment, type TipChoice } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import type { AllocationRow, PaymentRepository, PendingPaymentRow } from './payments-repository.ts';

/** When an entry opened (or changed) at `now` is released if nothing happens. */
export const holdUntil = (now: Date): Date => new Date(now.getTime() + PENDING_PAYMENT_HOLD_MINUTES * 60_000);

/** Locks the allocations' lines (id order) and answers each line's price by id. */
async function lockAllocatedLines(
  repository: PaymentRepository,
  allocations: AllocationRow[],
  tx: DbExecutor,
): Promise<Map<string, number>> {
  const lines = await repository.lockLinesById(
    allocations.map((allocation) => allocation.orderId),
    tx,
  );
  return new Map(lines.map((line) => [line.id, line.totalPriceMinor]));
}

/** Releases what an open entry holds and closes it as `status` (the payer cancelled, or it expired). */
export async function releaseEntry(
  repository: PaymentRepository,
  entry: PendingPaymentRow,
  status: 'cancelled' | 'expired',
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const held = await repository.listAllocations(entry.id, tx, 'held');
  await lockAllocatedLines(repository, held, tx);
  for (const allocation of held)
    await repository.release(allocation.orderId, allocation.amountMinor, false, tx);
  await repository.setAllocationStatus(entry.id, 'held', 'released', tx);
  return repository.updatePendingPayment(entry.id, { status, expiresAt: null }, tx);
}

/** What an entry holds now awaits the restaurant (Pago Móvil, cash): the entry is processing. */
export async function submitEntry(
  repository: PaymentRepository,
  entry: PendingPaymentRow,
  now: Date,
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const held = await repository.listAllocations(entry.id, tx, 'held');
  const prices = await lockAllocatedLines(repository, held, tx);
  for (const allocation of held) {
    const whole = prices.get(allocation.orderId) === allocation.amountMinor;
    await repository.markPending(
      allocation.orderId,
      allocation.amountMinor,
      whole ? { userId: entry.payerUserId, paymentType: entry.paymentType, at: now } : null,
      tx,
    );
  }
  await repository.setAllocationStatus(entry.id, 'held', 'pending', tx);
  return repository.updatePendingPayment(entry.id, { status: 'processing', expiresAt: null }, tx);
}

/**
 * The entry is paid: what it holds (Webpay) or has pending (confirmed transfer or cash) becomes
 * paid on each line.
 */
export async function settleEntry(
  repository: PaymentRepository,
  entry: PendingPaymentRow,
  from: 'held' | 'pending',
  now: Date,
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const allocations = await repository.listAllocations(entry.id, tx, from);
  const prices = await lockAllocatedLines(repository, allocations, tx);
  const { paymentType } = entry;
  for (const allocation of allocations) {
    const whole = prices.get(allocation.orderId) === allocation.amountMinor;
    await repository.markPaid(
      allocation.orderId,
      allocation.amountMinor,
      from === 'pending',
      whole ? { userId: entry.payerUserId, paymentType, at: now } : null,
      tx,
    );
  }
  await repository.setAllocationStatus(entry.id, from, 'paid', tx);
  return repository.updatePendingPayment(entry.id, { status: 'paid', expiresAt: null }, tx);
}

/** The restaurant rejected the transfer (or cash): what it had pending is due again; the entry is cancelled. */
export async function rejectEntry(
  repository: PaymentRepository,
  entry: PendingPaymentRow,
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const pending = await repository.listAllocations(entry.id, tx, 'pending');
  await lockAllocatedLines(repository, pending, tx);
  for (const allocation of pending) {
    await repository.release(allocation.orderId, allocation.amountMinor, true, tx);
  }
  await repository.setAllocationStatus(entry.id, 'pending', 'released', tx);
  return repository.updatePendingPayment(entry.id, { status: 'cancelled', expiresAt: null }, tx);
}

/**
 * A card payment did not go through (rejected, aborted, timed out): the entry is open again for
 * another try, holding the same lines for another {@link PENDING_PAYMENT_HOLD_MINUTES} minutes.
 * When the payer opened another entry of the same tips choice and type meanwhile, this one is
 * merged into it (one open entry per payer, tips choice and type) and closed as cancelled.
 * Answers the open entry.
 */
export async function reopenEntry(
  repository: PaymentRepository,
  entry: PendingPaymentRow,
  now: Date,
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const other = await repository.lockOpenEntry(entry, tx, entry.id);
  if (!other) {
    return repository.updatePendingPayment(entry.id, { status: 'open', expiresAt: holdUntil(now) }, tx);
  }
  const merged = mergePendingPayment(amountsOf(other), amountsOf(entry));
  await repository.moveAllocations(entry.id, other.id, tx);
  await repository.updatePendingPayment(entry.id, { status: 'cancelled', expiresAt: null }, tx);
  return repository.updatePendingPayment(
    other.id,
    {
      amountMinor: merged.amountMinor,
      tipsMinor: merged.tipsMinor,
      orderIds: [...merged.orderIds],
      expiresAt: holdUntil(now),
    },
    tx,
  );
}

/** The fields the domain's merge reads. */
export const amountsOf = (entry: PendingPaymentRow) => ({
  payerUserId: entry.payerUserId,
  chosenTips: entry.chosenTips as TipChoice,
  paymentType: entry.paymentType,
  amountMinor: entry.amountMinor,
  tipsMinor: entry.tipsMinor,
  orderIds: entry.orderIds,
});
