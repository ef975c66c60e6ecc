import type { OrderTotal } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_LOAD_ERROR } from '@/features/orders/order-errors';
import { orderRootKey } from './list-orders';

export const orderTotalKey = (reservationId: string) => [...orderRootKey(reservationId), 'total'] as const;

/** `GET /api/reservations/:id/total`: the table's total, paid, awaiting confirmation and due, and each diner's. */
export function getOrderTotal(reservationId: string, signal?: AbortSignal): Promise<OrderTotal> {
  return apiRequest<OrderTotal>(`/api/reservations/${encodeURIComponent(reservationId)}/total`, {
    signal,
    logAs: ORDERS_LOAD_ERROR,
  });
}

export function getOrderTotalQueryOptions(reservationId: string) {
  return queryOptions({
    queryKey: orderTotalKey(reservationId),
    queryFn: ({ signal }) => getOrderTotal(reservationId, signal),
  });
}

export function useOrderTotal(reservationId: string) {
  return useQuery(getOrderTotalQueryOptions(reservationId));
}
