import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '@/lib/live';
import { reservationKeys } from './api/reservation-keys';

/** Refetches the reservation on every event of `reservation:<id>` (and after a reconnect). */
export function useLiveReservation(reservationId: string, enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reservationKeys.detail(reservationId) });
  };
  useLiveTopic(enabled ? `reservation:${reservationId}` : null, refresh, { onResync: refresh });
}

/** Refetches the reservation lists on `user:me:reservations`. */
export function useLiveReservationLists(enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reservationKeys.lists() });
  };
  useLiveTopic(enabled ? 'user:me:reservations' : null, refresh, { onResync: refresh });
}
