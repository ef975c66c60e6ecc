import type {
  CreatePendingPaymentInput,
  OrderList,
  OrderTotal,
  PendingPayment,
  PendingPaymentList,
  Transaction,
  TransactionList,
  WebpayResult,
  WebpayStart,
} from '@comensal/contracts';
import { RECEIPT_FIELD } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '@/lib/api-client';
import { BILL_LOAD_ERROR, PAYMENT_ERROR } from './payment-errors';

/**
 * The endpoints of split and pay (docs/product.md#the-bill-page). Every amount comes from the
 * server; the browser only formats it. The creates take an `idempotencyKey`: one per user action
 * (a tap on "pay"), the same on its retries (lib/idempotency.ts).
 */

const reservationPath = (id: string) => `/api/reservations/${encodeURIComponent(id)}`;

/** Every query of one table's bill starts with this key: a live event refetches them all. */
export const billRootKey = (reservationId: string) => ['payments', reservationId] as const;
export const billKeys = {
  total: (id: string) => [...billRootKey(id), 'total'] as const,
  orders: (id: string) => [...billRootKey(id), 'orders'] as const,
  pending: (id: string) => [...billRootKey(id), 'pending-payments'] as const,
  transactions: (id: string) => [...billRootKey(id), 'transactions'] as const,
  webpay: (token: string) => ['payments', 'webpay', token] as const,
};

/** `GET …/total`: what the table owes, paid, awaits confirmation and is due, per diner; how it can pay. */
export function useBill(reservationId: string) {
  return useQuery({
    queryKey: billKeys.total(reservationId),
    queryFn: ({ signal }) =>
      apiRequest<OrderTotal>(`${reservationPath(reservationId)}/total`, { signal, logAs: BILL_LOAD_ERROR }),
  });
}

/** `GET …/orders`: the bill's lines, each with what is paid, pending and due of it. */
export function useBillOrders(reservationId: string) {
  return useQuery({
    queryKey: billKeys.orders(reservationId),
    queryFn: ({ signal }) =>
      apiRequest<OrderList>(`${reservationPath(reservationId)}/orders`, { signal, logAs: BILL_LOAD_ERROR }),
  });
}

/** `GET …/pending-payments`: the table's payments being prepared or under way. */
export function usePendingPayments(reservationId: string) {
  return useQuery({
    queryKey: billKeys.pending(reservationId),
    queryFn: ({ signal }) =>
      apiRequest<PendingPaymentList>(`${reservationPath(reservationId)}/pending-payments`, {
        signal,
        logAs: BILL_LOAD_ERROR,
      }),
  });
}

/** `GET …/transactions`: the table's payments, newest first. */
export function useTransactions(reservationId: string) {
  return useQuery({
    queryKey: billKeys.transactions(reservationId),
    queryFn: ({ signal }) =>
      apiRequest<TransactionList>(`${reservationPath(reservationId)}/transactions`, {
        signal,
        logAs: BILL_LOAD_ERROR,
      }),
  });
}

/** `POST …/pending-payments`: the server plans the payment (amount, tip, lines) and holds the lines. */
export function createPendingPayment(
  reservationId: string,
  input: CreatePendingPaymentInput,
  idempotencyKey: string,
): Promise<PendingPayment> {
  return apiRequest<PendingPayment>(`${reservationPath(reservationId)}/pending-payments`, {
    method: 'POST',
    body: input,
    idempotencyKey,
    logAs: PAYMENT_ERROR,
  });
}

/** `DELETE …/pending-payments/:id`: give the payment up; what it held is free again. */
export function cancelPendingPayment(reservationId: string, pendingPaymentId: string): Promise<null> {
  return apiRequest<null>(
    `${reservationPath(reservationId)}/pending-payments/${encodeURIComponent(pendingPaymentId)}`,
    { method: 'DELETE', logAs: PAYMENT_ERROR },
  );
}

/** `POST …/transactions` (JSON): "I'll pay the waiter"; the restaurant confirms it. */
export function payCash(
  reservationId: string,
  pendingPaymentId: string,
  idempotencyKey: string,
): Promise<Transaction> {
  return apiRequest<Transaction>(`${reservationPath(reservationId)}/transactions`, {
    method: 'POST',
    body: { pendingPaymentId },
    idempotencyKey,
    logAs: PAYMENT_ERROR,
  });
}

export interface TransferReport {
  pendingPaymentId: string;
  bankCode: string;
  reference: string;
  transferDate: string;
  receipt: File;
}

/** `POST …/transactions` (multipart): the Pago Móvil transfer and its receipt, with upload progress. */
export function submitTransfer(
  reservationId: string,
  report: TransferReport,
  idempotencyKey: string,
  onProgress: (sent: number, total: number) => void,
): Promise<Transaction> {
  const form = new FormData();
  form.append('pendingPaymentId', report.pendingPaymentId);
  form.append('bankCode', report.bankCode);
  form.append('reference', report.reference);
  form.append('transferDate', report.transferDate);
  // the file last: the server reads the fields before the file
  form.append(RECEIPT_FIELD, report.receipt, report.receipt.name);
  return apiUpload<Transaction>(`${reservationPath(reservationId)}/transactions`, form, {
    onProgress,
    idempotencyKey,
    logAs: PAYMENT_ERROR,
  });
}

/** `POST /api/payments/webpay`: where to send the browser (a form POST of `token_ws` to `url`). */
export function startWebpay(pendingPaymentId: string, idempotencyKey: string): Promise<WebpayStart> {
  return apiRequest<WebpayStart>('/api/payments/webpay', {
    method: 'POST',
    body: { pendingPaymentId },
    idempotencyKey,
    logAs: PAYMENT_ERROR,
  });
}

/** How often a result page asks again while the card payment is still being settled. */
export const WEBPAY_PENDING_POLL_MS = 2000;

/** `GET /api/payments/webpay/:token`: the stored result of a card payment (its payer only). */
export function useWebpayResult(token: string) {
  return useQuery({
    queryKey: billKeys.webpay(token),
    queryFn: ({ signal }) =>
      apiRequest<WebpayResult>(`/api/payments/webpay/${encodeURIComponent(token)}`, {
        signal,
        logAs: PAYMENT_ERROR,
      }),
    // still being settled (the return is under way, or Webpay is slow): ask again shortly
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? WEBPAY_PENDING_POLL_MS : false),
  });
}
