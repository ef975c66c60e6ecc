import type { Reservation } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged, enc } from './reservation-keys';

export function useReservation(id: string) {
  return useQuery({
    queryKey: reservationKeys.detail(id),
    queryFn: ({ signal }) => logged(apiGet<Reservation>(`/api/reservations/${enc(id)}`, { signal }), signal),
  });
}
