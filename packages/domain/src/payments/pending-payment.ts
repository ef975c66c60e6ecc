import { assertCount, assertExact } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';
import type { TipChoice } from './tips.ts';

/** How a diner pays: online card (Webpay), Pago Móvil with a receipt (staff confirm), or cash to the waiter. */
export const PAYMENT_TYPES = ['webpay', 'mobile_transfer', 'cash'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The parts of a pending payment (docs/product.md#pending-payments) that merging reads and writes.
 */
export interface PendingPaymentAmounts {
  payerUserId: string;
  chosenTips: TipChoice;
  paymentType: PaymentType;
  /** What the payment covers, tips excluded: integer minor units ≥ 0. */
  amountMinor: number;
  /** Integer minor units ≥ 0. */
  tipsMinor: number;
  orderIds: readonly string[];
}

/** Whether a new pending payment joins an open entry: same payer, same tip choice, same payment type. */
export function canMergePendingPayments(
  existing: PendingPaymentAmounts,
  addition: PendingPaymentAmounts,
): boolean {
  return (
    existing.payerUserId === addition.payerUserId &&
    existing.chosenTips === addition.chosenTips &&
    existing.paymentType === addition.paymentType
  );
}

/**
 * Merges `addition` into the open entry `existing` of the same payer, tip choice and payment
 * type (docs/product.md#pending-payments): amounts and tips are summed, and the order ids are the
 * union, each order once (existing ones first, then the new ones in their order). The server
 * computes `addition`'s amount from what it could still allocate, so an order already fully held
 * adds 0.
 * @throws DomainError `PENDING_PAYMENT_MISMATCH` — payer, chosenTips or paymentType differ.
 * @throws DomainError `INVALID_AMOUNT` — an amount or tip not an integer ≥ 0, or a sum that overflows.
 */
export function mergePendingPayment(
  existing: PendingPaymentAmounts,
  addition: PendingPaymentAmounts,
): PendingPaymentAmounts {
  if (!canMergePendingPayments(existing, addition)) {
    throw new DomainError(
      'PENDING_PAYMENT_MISMATCH',
      'only pending payments of the same payer, chosenTips and paymentType merge',
    );
  }
  for (const entry of [existing, addition]) {
    assertCount(entry.amountMinor, 'pending payment amount');
    assertCount(entry.tipsMinor, 'pending payment tips');
  }
  return {
    payerUserId: existing.payerUserId,
    chosenTips: existing.chosenTips,
    paymentType: existing.paymentType,
    amountMinor: assertExact(existing.amountMinor + addition.amountMinor, 'merged amount'),
    tipsMinor: assertExact(existing.tipsMinor + addition.tipsMinor, 'merged tips'),
    orderIds: [...new Set([...existing.orderIds, ...addition.orderIds])],
  };
}
