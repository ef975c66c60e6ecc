import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '@/lib/live';
import { reservationKey } from './api/get-reservation';
import { reservationListsKey } from './api/list-reservations';

/** Refetches the reservation on every event of `reservation:<id>` (and after a reconnect). */
export function useLiveReservation(reservationId: string, enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reservationKey(reservationId) });
  };
  useLiveTopic(enabled ? `reservation:${reservationId}` : null, refresh, { onResync: refresh });
}

/** Refetches the reservation lists on `user:me:reservations`. */
export function useLiveReservationLists(enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reservationListsKey });
  };
  useLiveTopic(enabled ? 'user:me:reservations' : null, refresh, { onResync: refresh });
}
