import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '@/lib/live';
import { billRootKey } from './api';

/**
 * Every event of `reservation:<id>` (orders, payments) refetches the bill's queries, so every
 * member sees the same amounts (also after a reconnect).
 */
export function useLiveBill(reservationId: string, enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: billRootKey(reservationId) });
  };
  useLiveTopic(enabled ? `reservation:${reservationId}` : null, refresh, { onResync: refresh });
}
