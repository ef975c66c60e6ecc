import type { CreateOrderInput, OrderBatch } from '@comensal/contracts';
import type { PendingItem } from '@comensal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackHere } from '@/lib/analytics/track';
import { apiRequest } from '@/lib/api-client';
import { retryUnanswered } from '@/lib/idempotency';
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
 * A refusal names the item it refused in `details.index`. `idempotencyKey`: one per tap on
 * "send", the same on its retries (lib/idempotency.ts).
 */
export function sendOrderBatch(
  reservationId: string,
  items: readonly PendingItem[],
  idempotencyKey: string,
): Promise<OrderBatch> {
  return apiRequest<OrderBatch>(`${ordersPath(reservationId)}/batch`, {
    method: 'POST',
    body: { items: items.map(orderInputOf) },
    idempotencyKey,
    logAs: ORDER_SEND_ERROR,
  });
}

/**
 * Sends the cart: `mutate({ items, key: newIdempotencyKey() })`, one key per tap on "send"; a
 * send that got no answer is retried with that key, so the batch is never placed twice.
 */
export function useSendOrderBatch(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, key }: { items: readonly PendingItem[]; key: string }) =>
      sendOrderBatch(reservationId, items, key),
    retry: retryUnanswered,
    onSuccess: () => trackHere({ name: 'send_order' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) }),
  });
}
