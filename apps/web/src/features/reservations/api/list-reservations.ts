import type { ReservationList, ReservationScope } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged } from './reservation-keys';

export function useReservations(scope: ReservationScope) {
  return useQuery({
    queryKey: reservationKeys.list(scope),
    queryFn: ({ signal }) =>
      logged(apiGet<ReservationList>('/api/reservations', { query: { scope, limit: 100 }, signal }), signal),
  });
}
