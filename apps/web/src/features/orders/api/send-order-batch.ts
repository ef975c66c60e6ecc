import type { CreateOrderInput, OrderBatch } from '@comensal/contracts';
import type { PendingItem } from '@comensal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDER_SEND_ERROR } from '@/features/orders/order-errors';
import { orderRootKey, ordersPath } from './list-orders';

/** A cart line as the batch carries it (empty comments and selections left out). */
export function orderInputOf(item: PendingItem): CreateOrderInput {
  return {
    productId: item.productId,
    quantity: item.quantity,
    ...(item.comments && { comments: item.comments }),
    ...(item.selections.length > 0 && { selections: item.selections.map((selection) => ({ ...selection })) }),
    ...(item.payWithPoints && { payWithPoints: true }),
  };
}

/**
 * `POST /api/reservations/:id/orders/batch`: the cart as ONE batch, all or nothing (members).
 * A refusal names the item it refused in `details.index`.
 */
export function sendOrderBatch(reservationId: string, items: readonly PendingItem[]): Promise<OrderBatch> {
  return apiRequest<OrderBatch>(`${ordersPath(reservationId)}/batch`, {
    method: 'POST',
    body: { items: items.map(orderInputOf) },
    logAs: ORDER_SEND_ERROR,
  });
}

export function useSendOrderBatch(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly PendingItem[]) => sendOrderBatch(reservationId, items),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) }),
  });
}
