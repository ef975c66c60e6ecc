import type { OrderList } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_LOAD_ERROR } from '@/features/orders/order-errors';

/** Everything of one reservation's order (its lines and its total): the live order events invalidate this. */
export const orderRootKey = (reservationId: string) => ['orders', reservationId] as const;
export const ordersKey = (reservationId: string) => [...orderRootKey(reservationId), 'list'] as const;

export const ordersPath = (reservationId: string) =>
  `/api/reservations/${encodeURIComponent(reservationId)}/orders`;

/** `GET /api/reservations/:id/orders`: every line of the table's order, oldest first (members). */
export function listOrders(reservationId: string, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest<OrderList>(ordersPath(reservationId), { signal, logAs: ORDERS_LOAD_ERROR });
}

export function listOrdersQueryOptions(reservationId: string) {
  return queryOptions({
    queryKey: ordersKey(reservationId),
    queryFn: ({ signal }) => listOrders(reservationId, signal),
  });
}

export function useOrders(reservationId: string) {
  return useQuery(listOrdersQueryOptions(reservationId));
}
