import type { Order, UpdateOrderInput } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDER_SAVE_ERROR } from '@/features/orders/order-errors';
import { orderRootKey, ordersPath } from './list-orders';

/** `PATCH /api/reservations/:id/orders/:orderId`: the author changes an unpaid order; the server prices it again. */
export function updateOrder(
  reservationId: string,
  orderId: string,
  changes: UpdateOrderInput,
): Promise<Order> {
  return apiRequest<Order>(`${ordersPath(reservationId)}/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: changes,
    logAs: ORDER_SAVE_ERROR,
  });
}

export function useUpdateOrder(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, changes }: { orderId: string; changes: UpdateOrderInput }) =>
      updateOrder(reservationId, orderId, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) }),
  });
}
