import type { PendingPayment, Transaction, WebpayResult } from '@comensal/contracts';
import type { TipChoice } from '@comensal/domain';
import type { AllocationRow, PendingPaymentListRow } from './payments-repository.ts';
import type { TransactionListRow, TransactionRow } from './transactions-repository.ts';

type Currency = PendingPayment['currency'];

/** The API path of a transaction's Pago Móvil receipt (served to the payer and the staff only). */
export const receiptPath = (transactionId: string) => `/api/transactions/${transactionId}/receipt`;

/** A pending payment with the allocations it holds (released ones left out). */
export function toPendingPayment(
  row: PendingPaymentListRow,
  allocations: AllocationRow[],
  currency: Currency,
): PendingPayment {
  return {
    id: row.id,
    reservationId: row.reservationId,
    payer: { id: row.payerUserId, displayName: row.payerName },
    currency,
    amountMinor: row.amountMinor,
    tipsMinor: row.tipsMinor,
    totalMinor: row.amountMinor + row.tipsMinor,
    chosenTips: row.chosenTips as TipChoice,
    paymentType: row.paymentType,
    orderIds: row.orderIds,
    allocations: allocations
      .filter((allocation) => allocation.pendingPaymentId === row.id && allocation.status !== 'released')
      .map((allocation) => ({ orderId: allocation.orderId, amountMinor: allocation.amountMinor })),
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    transaction:
      row.transactionId && row.transactionStatus
        ? { id: row.transactionId, status: row.transactionStatus }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a Webpay commit left in `report.webpay`. */
export interface WebpayReport {
  formUrl?: string;
  webpay?: {
    status: string;
    responseCode: number | null;
    authorizationCode: string | null;
    cardLast4: string | null;
    paymentTypeCode: string | null;
    installmentsNumber: number | null;
    transactionDate: string | null;
  };
  rejectionReason?: string;
}

export const reportOf = (row: Pick<TransactionRow, 'report'>): WebpayReport =>
  (row.report ?? {}) as WebpayReport;

/** The card of an approved Webpay payment. */
function cardOf(row: TransactionRow): Transaction['card'] {
  const webpay = reportOf(row).webpay;
  if (row.status !== 'approved' || !webpay?.cardLast4 || !webpay.authorizationCode) return null;
  return { last4: webpay.cardLast4, authorizationCode: webpay.authorizationCode };
}

/** Which of its pending payment's allocations a transaction answers with, by its status. */
const ALLOCATIONS_SHOWN: Partial<Record<TransactionRow['status'], AllocationRow['status'][]>> = {
  approved: ['paid'],
  pending: ['held', 'pending'],
};

/**
 * `allocations`: those of its pending payment (any order; released ones are never shown) — an
 * approved transaction shows the paid ones, a pending one what it holds or awaits, others none.
 */
export function toTransaction(
  row: TransactionListRow,
  currency: Currency,
  allocations: AllocationRow[],
): Transaction {
  const rejectionReason = reportOf(row).rejectionReason ?? null;
  const shown = ALLOCATIONS_SHOWN[row.status] ?? [];
  return {
    id: row.id,
    reservationId: row.reservationId,
    restaurantId: row.restaurantId,
    payer: { id: row.payerUserId, displayName: row.payerName },
    paymentType: row.paymentType,
    status: row.status,
    currency,
    amountMinor: row.amountMinor,
    tipsMinor: row.tipsMinor,
    orderIds: row.orderIds,
    allocations: allocations
      .filter(
        (allocation) =>
          allocation.pendingPaymentId === row.pendingPaymentId && shown.includes(allocation.status),
      )
      .map((allocation) => ({ orderId: allocation.orderId, amountMinor: allocation.amountMinor })),
    report:
      row.paymentType === 'webpay'
        ? null
        : {
            file: row.receiptPath ? receiptPath(row.id) : null,
            bankCode: row.bankCode,
            reference: row.reference,
            transferDate: row.transferDate,
            rejectionReason,
          },
    card: cardOf(row),
    pointsEarned: row.pointsEarned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWebpayResult(row: TransactionRow, currency: Currency): WebpayResult {
  const card = cardOf(row);
  return {
    status: row.status,
    transactionId: row.id,
    reservationId: row.reservationId,
    restaurantId: row.restaurantId,
    currency,
    amountMinor: row.amountMinor,
    tipsMinor: row.tipsMinor,
    orderIds: row.orderIds,
    cardLast4: card?.last4 ?? null,
    authorizationCode: card?.authorizationCode ?? null,
    pointsEarned: row.pointsEarned,
    createdAt: row.createdAt.toISOString(),
  };
}
