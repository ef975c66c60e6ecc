import type { CreatePendingPaymentInput, PendingPayment } from '@comensal/contracts';
import { isDomainError, mergePendingPayment, planSplit, tipFor, type SplitChoice } from '@comensal/domain';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, fromDomainError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { amountsOf, holdUntil } from './ledger.ts';
import { assertOffered, payableReservation, paymentRestaurant } from './payment-access.ts';
import { publishPendingChanged } from './payment-events.ts';
import { paymentRepository, type PendingPaymentRow } from './payments-repository.ts';
import { readPendingPayment } from './list-pending-payments.ts';

/** The split of the input: `orderIds` alone is the orders split. */
const choiceOf = (input: CreatePendingPaymentInput): SplitChoice =>
  input.split ?? { mode: 'orders', orderIds: input.orderIds ?? [] };

/** The refusal of a plan, as the API answers it. */
function refused(plan: Exclude<ReturnType<typeof planSplit>, { ok: true }>): AppError {
  switch (plan.reason) {
    case 'UNKNOWN_ORDER':
      return new AppError('NOT_FOUND', 'Order not found in this reservation', { orderIds: plan.orderIds });
    case 'ORDER_ALREADY_PAID':
      return new AppError('ORDER_ALREADY_PAID', 'An order is paid or another payment holds it', {
        orderIds: plan.orderIds,
      });
    case 'NOTHING_DUE':
      return new AppError('NOTHING_DUE', 'Nothing of the bill is left to pay');
    case 'SHARE_TOO_SMALL':
      return new AppError('NOTHING_DUE', 'What is left is too small to split that many ways', {
        reason: 'SHARE_TOO_SMALL',
        dueMinor: plan.dueMinor,
      });
    case 'AMOUNT_EXCEEDS_DUE':
      return new AppError('VALIDATION_FAILED', 'The amount is more than what is left to pay', {
        reason: 'AMOUNT_EXCEEDS_DUE',
        dueMinor: plan.dueMinor,
      });
  }
}

/**
 * POST /api/reservations/:id/pending-payments: the payer's choice of what to pay
 * (docs/product.md#splitting-the-bill). Under the reservation's row lock (after releasing holds
 * that ran out), the server plans the split over the lines' unallocated remainders, computes the
 * tip, and holds each allocation on its line by a guarded update (the database refuses more than
 * the price: ORDER_ALREADY_PAID). The payer's open entry of the same tips choice and payment type
 * takes the addition (amounts, tips and orders summed, an order once) and answers `created:
 * false`; otherwise a new open entry is made. Either way it is held for 15 minutes from now.
 */
export async function createPendingPayment(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  input: CreatePendingPaymentInput,
): Promise<{ payment: PendingPayment; created: boolean }> {
  const repository = paymentRepository(ctx.db);
  const { id, created, currency } = await inTransaction(ctx.db, async (tx) => {
    const reservation = await payableReservation(ctx, diner, reservationId, tx);
    const restaurant = await paymentRestaurant(ctx, reservation.restaurantId, tx);
    assertOffered(restaurant, input.paymentType);
    const key = {
      reservationId: reservation.id,
      payerUserId: diner.userId,
      chosenTips: input.chosenTips,
      paymentType: input.paymentType,
    };
    const entry = await repository.lockOpenEntry(key, tx);
    const mine = new Set(
      entry ? (await repository.listAllocations(entry.id, tx, 'held')).map((a) => a.orderId) : [],
    );
    const lines = await repository.lockLines(reservation.id, tx);

    let plan: ReturnType<typeof planSplit>;
    let tipsMinor: number;
    try {
      plan = planSplit(
        choiceOf(input),
        lines.map((line) => ({
          id: line.id,
          priceMinor: line.totalPriceMinor,
          unallocatedMinor: line.totalPriceMinor - line.allocatedMinor,
          heldByPayer: mine.has(line.id),
        })),
      );
      if (!plan.ok) throw refused(plan);
      tipsMinor = tipFor(plan.amountMinor, input.chosenTips, input.tipsMinor);
    } catch (error) {
      if (isDomainError(error)) throw fromDomainError(error);
      throw error;
    }
    if (!entry && plan.amountMinor === 0)
      throw new AppError('NOTHING_DUE', 'Nothing of these orders is left to pay');

    for (const allocation of plan.allocations) {
      if (!(await repository.hold(allocation.id, allocation.amountMinor, tx))) {
        throw new AppError('ORDER_ALREADY_PAID', 'An order is paid or another payment holds it', {
          orderIds: [allocation.id],
        });
      }
    }
    const addition = {
      ...key,
      amountMinor: plan.amountMinor,
      tipsMinor,
      orderIds: plan.allocations.map((allocation) => allocation.id),
    };
    const expiresAt = holdUntil(ctx.now());
    let written: PendingPaymentRow;
    if (entry) {
      const merged = mergePendingPayment(amountsOf(entry), addition);
      written = await repository.updatePendingPayment(
        entry.id,
        {
          amountMinor: merged.amountMinor,
          tipsMinor: merged.tipsMinor,
          orderIds: [...merged.orderIds],
          expiresAt,
        },
        tx,
      );
    } else {
      written = await repository.insertPendingPayment({ ...addition, expiresAt, createdAt: ctx.now() }, tx);
    }
    await repository.addAllocations(
      written.id,
      plan.allocations.map((allocation) => ({ orderId: allocation.id, amountMinor: allocation.amountMinor })),
      tx,
    );
    await publishPendingChanged(ctx, tx, reservation.id, written.id);
    return { id: written.id, created: !entry, currency: restaurant.currency };
  });
  return { payment: await readPendingPayment(ctx, id, currency), created };
}
