import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDER_SAVE_ERROR } from '@/features/orders/order-errors';
import { orderRootKey, ordersPath } from './list-orders';

/** `DELETE /api/reservations/:id/orders/:orderId`: the author removes an unpaid order (stock and points go back). */
export function deleteOrder(reservationId: string, orderId: string): Promise<null> {
  return apiRequest<null>(`${ordersPath(reservationId)}/${encodeURIComponent(orderId)}`, {
    method: 'DELETE',
    logAs: ORDER_SAVE_ERROR,
  });
}

export function useDeleteOrder(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => deleteOrder(reservationId, orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) }),
  });
}
