import type { ORDER_EVENTS as CONTRACT_ORDER_EVENTS } from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '@/lib/live';
import { orderRootKey } from './api/list-orders';

// The contract's event names, restated so this page loads no zod (importing values from the
// contracts' orders module brings its schemas along); `typeof` keeps them equal to the contract.
const ORDER_EVENTS: typeof CONTRACT_ORDER_EVENTS = {
  created: 'order.created',
  updated: 'order.updated',
  deleted: 'order.deleted',
};
const ORDER_EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(ORDER_EVENTS));

/**
 * Keeps a reservation's orders and total fresh for every member: an order event on
 * `reservation:<id>` (someone added, changed or removed a line), a (re)subscription or a server
 * resync refetch both, so the table's order follows without a reload.
 */
export function useLiveOrders(reservationId: string, enabled = true): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) });
  };
  useLiveTopic(
    enabled ? `reservation:${reservationId}` : null,
    (event) => {
      if (ORDER_EVENT_NAMES.has(event.event)) refresh();
    },
    { onResync: refresh },
  );
}
